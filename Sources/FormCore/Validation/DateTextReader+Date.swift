/// The date part of what `ISODate` reads: calendar dates with or without zero padding, ISO
/// week dates and ordinal dates, in the extended (`2026-11-22`) and the basic (`20261122`)
/// format.
extension DateTextReader {
    /// A date, as days since 1970-01-01: `YYYY-M-D` or `YYYY/M/D` (month and day of one or two
    /// digits, one separator throughout), `YYYYMMDD`, the week date `YYYY-Www-D` or `YYYYWwwD`
    /// (ISO weeks, day 1 Monday to 7 Sunday), the ordinal date `YYYY-DDD` or `YYYYDDD`. Nil for
    /// anything else, a day the calendar does not have included.
    mutating func date() -> Int? {
        guard let year = number(4) else { return nil }
        if expect(UInt8(ascii: "W")) || expect(UInt8(ascii: "w")) {
            guard let week = number(2), let weekday = number(1) else { return nil }
            return Self.days(year: year, week: week, weekday: weekday)
        }
        let separator: UInt8
        if expect(UInt8(ascii: "-")) {
            separator = UInt8(ascii: "-")
        } else if expect(UInt8(ascii: "/")) {
            separator = UInt8(ascii: "/")
        } else {
            // The basic format: the digits after the year say which date it is.
            switch digitsAhead() {
            case 4:
                guard let month = number(2), let day = number(2) else { return nil }
                return Self.days(year: year, month: month, day: day)
            case 3:
                guard let ordinal = number(3) else { return nil }
                return Self.days(year: year, ordinal: ordinal)
            default:
                return nil
            }
        }
        if separator == UInt8(ascii: "-"), expect(UInt8(ascii: "W")) || expect(UInt8(ascii: "w")) {
            guard let week = number(2), expect(separator), let weekday = number(1) else { return nil }
            return Self.days(year: year, week: week, weekday: weekday)
        }
        if separator == UInt8(ascii: "-"), digitsAhead() == 3 {
            guard let ordinal = number(3) else { return nil }
            return Self.days(year: year, ordinal: ordinal)
        }
        guard let month = shortNumber(), expect(separator), let day = shortNumber() else { return nil }
        return Self.days(year: year, month: month, day: day)
    }

    static func days(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), day >= 1, day <= ISODate.daysIn(month: month, year: year) else { return nil }
        return ISODate.daysFromCivil(year: year, month: month, day: day)
    }

    /// Day `ordinal` of `year`, 1 being January 1st.
    static func days(year: Int, ordinal: Int) -> Int? {
        let length = ISODate.daysIn(month: 2, year: year) == 29 ? 366 : 365
        guard (1...length).contains(ordinal) else { return nil }
        return ISODate.daysFromCivil(year: year, month: 1, day: 1) + ordinal - 1
    }

    /// Day `weekday` (1 Monday to 7 Sunday) of ISO week `week` of `year`: week 1 is the one with
    /// the year's first Thursday, so a year has 52 weeks or 53.
    static func days(year: Int, week: Int, weekday: Int) -> Int? {
        guard (1...7).contains(weekday), week >= 1, week <= weeks(in: year) else { return nil }
        return firstMonday(ofWeekYear: year) + (week - 1) * 7 + weekday - 1
    }

    static func weeks(in year: Int) -> Int {
        (firstMonday(ofWeekYear: year + 1) - firstMonday(ofWeekYear: year)) / 7
    }

    /// The Monday of the week holding January 4th, which is always in week 1.
    static func firstMonday(ofWeekYear year: Int) -> Int {
        let january4 = ISODate.daysFromCivil(year: year, month: 1, day: 4)
        // 1970-01-01 was a Thursday: day 0 is ISO weekday 4.
        let weekday = ((january4 + 3) % 7 + 7) % 7 + 1
        return january4 - (weekday - 1)
    }
}
