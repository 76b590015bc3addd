/// ISO 8601 dates and times as forms carry them: `2024-05-17`, `14:30`, `2024-05-17T14:30:00Z`.
///
/// Parsed without Foundation so that validation stays pure and identical on every platform.
package struct ISODate: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z (for times alone: seconds since midnight).
    package var seconds: Int

    package static func < (a: ISODate, b: ISODate) -> Bool { a.seconds < b.seconds }

    /// The format each date mode stores, as shown to a person; other usual spellings are read
    /// too (see `init(parsing:mode:)`).
    /// In English, as `check` writes it.
    package static func format(for mode: String?) -> String {
        switch mode {
        case "Time": return "HH:MM[:SS]"
        case "DateAndTime": return "YYYY-MM-DD HH:MM[:SS] [Z|+HH:MM]"
        default: return "YYYY-MM-DD"
        }
    }

    /// `format(for:)` in the language of the messages (`MessageLanguage`): `JJJJ-MM-TT` in
    /// German, as a person filling the form reads it.
    package static func localizedFormat(for mode: String?) -> String {
        switch mode {
        case "Time": return LibraryMessages.text(.formatTime)
        case "DateAndTime": return LibraryMessages.text(.formatDateAndTime)
        default: return LibraryMessages.text(.formatDate)
        }
    }

    /// "must be a date as YYYY-MM-DD", "must be a time as HH:MM[:SS]": what a date field says to
    /// text that is no date, or a time field to text that is no time.
    static func formatMessage(for mode: String?) -> String {
        LibraryMessages.text(mode == "Time" ? .timeFormat : .dateFormat, ["format": .text(localizedFormat(for: mode))])
    }

    /// Parses a date or time as people and programs write them, for `mode` (`Date`, `Time`,
    /// `DateAndTime`; nil means Date). Dates are read by `DateTextReader.date()` (calendar dates
    /// with or without zero padding and `-` or `/`, week and ordinal dates, the basic format);
    /// times by `DateTextReader.time()` (`H:MM`, `HH:MM:SS`, `HHMM`, an hour alone, fractions of
    /// a second dropped, `am`/`pm`), after an optional `T`; a date-and-time joins them with `T`
    /// or spaces, and ends with `Z`, an offset (`+02:00`, `+0200`, `+02`, `+02:00:30`) or nothing
    /// (UTC). A date-and-time also accepts a bare date (midnight UTC). A time alone takes no
    /// zone: without a date, an offset cannot say which instant it is.
    package init?(parsing text: String, mode: String? = nil) {
        if mode != "Time", let days = Self.canonicalDays(text) {
            seconds = days * 86400
            return
        }
        var reader = DateTextReader(text.trimmingSpaces)
        if mode == "Time" {
            _ = reader.expect(UInt8(ascii: "T")) || reader.expect(UInt8(ascii: "t"))
            guard let t = reader.time(), reader.isAtEnd else { return nil }
            seconds = t
            return
        }
        guard let days = reader.date() else { return nil }
        var total = days * 86400
        if reader.isAtEnd {
            seconds = total
            return
        }
        guard mode == "DateAndTime" || mode == nil else { return nil }
        if !reader.expect(UInt8(ascii: "T")) && !reader.expect(UInt8(ascii: "t")) {
            guard reader.skipSpaces() else { return nil }
        }
        guard let t = reader.time() else { return nil }
        total += t
        guard let offset = reader.zoneOffset(), reader.isAtEnd else { return nil }
        seconds = total - offset
    }

    /// Days since 1970 of `text` when it is a date exactly as a `Date` field stores it
    /// (`YYYY-MM-DD`, a real day of the years 0001 to 9999), read in place rather than by the
    /// general reader, which copies the text first: nearly every date answered, stored or
    /// compared is written this way. Nil for anything else, which the general reader then
    /// reads as before (the same digits and calendar, `DateTextReader`'s).
    static func canonicalDays(_ text: String) -> Int? {
        let utf8 = text.utf8
        guard utf8.count == 10 else { return nil }
        return utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                let year = DateTextReader.decimal(bytes, from: 0, count: 4), year >= 1,
                let month = DateTextReader.decimal(bytes, from: 5, count: 2),
                let day = DateTextReader.decimal(bytes, from: 8, count: 2)
            else { return nil }
            return DateTextReader.days(year: year, month: month, day: day)
        } ?? nil
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days-from-civil: days since 1970-01-01 in the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }
}
