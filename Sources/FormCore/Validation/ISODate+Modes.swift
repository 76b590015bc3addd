/// Dates in the ISO 8601 forms `ISODate` reads, shown in the form a date element's `mode` holds: an
/// author who writes a full date-time as the default of a `Time` element means its time, and a
/// `ticksValue` (seconds since 1970) becomes a date the element can show.
///
/// Conversions are in UTC: a server has no local time zone worth guessing.
extension ISODate {
    /// The earliest and latest instants a four-digit year can write: 0001-01-01T00:00:00Z and
    /// 9999-12-31T23:59:59Z.
    static let writableSeconds = -62_135_596_800...253_402_300_799

    /// The instant `ticks` seconds after 1970-01-01T00:00:00Z (fractions dropped), from a number
    /// or a numeric string; nil for anything else and outside the years 0001 to 9999.
    init?(ticks: FormValue) {
        guard let number = PropertyType.setterNumber(ticks)?.doubleValue, number.isFinite,
            number >= Double(Self.writableSeconds.lowerBound), number < Double(Self.writableSeconds.upperBound + 1)
        else { return nil }
        seconds = Int(number.rounded(.down))
    }

    /// Text in any form `ISODate` reads (a date, a date and time with `Z` or an offset, or a time
    /// alone), with whether it carries a date. For a time alone, `seconds` counts from midnight.
    static func parseAnyForm(_ text: String) -> (date: ISODate, hasDate: Bool)? {
        if let time = ISODate(parsing: text, mode: "Time") { return (time, false) }
        if let date = ISODate(parsing: text, mode: nil) { return (date, true) }
        return nil
    }

    /// The text a date element of `mode` stores for `text`, one canonical form per mode whatever
    /// the spelling: `YYYY-MM-DD` for `Date`, `HH:MM:SS` for `Time` (the UTC time of a
    /// date-time), `YYYY-MM-DDTHH:MM:SSZ` in UTC for `DateAndTime` (and for a date-time where no
    /// mode is given, where a date alone stays `YYYY-MM-DD`). Equal instants are then equal text,
    /// so exports sort and compare. Nil when `text` is no date or time `ISODate` reads, is a
    /// time alone where the mode needs a date, or a date alone where it needs a time.
    ///
    /// `writtenInDefinition` is for what the definition writes (`dateValue`, `minimumDate`):
    /// there a date alone in a `Time` element is midnight, as QuickDialog's NSDate holds it. A
    /// person answering a time with a date alone is refused instead: it has no time to store.
    static func normalized(_ text: String, mode: String?, writtenInDefinition: Bool = false) -> String? {
        // Already the stored form of a date: what the general path below would write again.
        if mode == nil || mode == "Date", canonicalDays(text) != nil { return text }
        let dateAlone = ISODate(parsing: text, mode: "Date")
        // No mode reads a date or a date-time: a date alone stays a date.
        if mode == nil, let dateAlone { return dateAlone.formatted(mode: "Date") }
        if mode == "Time", dateAlone != nil, !writtenInDefinition { return nil }
        // A date alone is what `parseAnyForm` would read again, unless it also reads as a time.
        if mode != "Time", let dateAlone, ISODate(parsing: text, mode: "Time") == nil { return dateAlone.formatted(mode: mode) }
        guard let (parsed, hasDate) = parseAnyForm(text), hasDate || mode == "Time" else { return nil }
        return parsed.formatted(mode: mode)
    }

    /// The date written in the canonical form of `mode` (see `normalized`). Nil outside the
    /// years 0001 to 9999.
    package func formatted(mode: String?) -> String? {
        guard Self.writableSeconds.contains(seconds) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let second = seconds - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        // Written digit by digit into one buffer: this runs for every date answered, and
        // joining padded Strings cost more than reading the date did.
        let showsDate = mode != "Time", showsTime = mode != "Date"
        let length = (showsDate ? 10 : 0) + (showsTime ? 8 : 0) + (showsDate && showsTime ? 2 : 0)
        return String(unsafeUninitializedCapacity: length) { buffer in
            var at = 0
            func put(_ number: Int, _ width: Int) {
                var rest = number
                for position in stride(from: at + width - 1, through: at, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                at += width
            }
            func put(_ separator: Unicode.Scalar) {
                buffer[at] = UInt8(ascii: separator)
                at += 1
            }
            if showsDate {
                put(year, 4); put("-"); put(month, 2); put("-"); put(day, 2)
                if showsTime { put("T") }
            }
            if showsTime {
                put(second / 3600, 2); put(":"); put(second / 60 % 60, 2); put(":"); put(second % 60, 2)
                if showsDate { put("Z") }
            }
            return at
        }
    }

    /// Howard Hinnant's civil-from-days, the inverse of `daysFromCivil`.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
