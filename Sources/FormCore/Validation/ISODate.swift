/// ISO 8601 dates and times as forms carry them: `2024-05-17`, `14:30`, `2024-05-17T14:30:00Z`.
///
/// Parsed without Foundation so that validation stays pure and identical on every platform.
public struct ISODate: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z (for times alone: seconds since midnight).
    public var seconds: Int

    public static func < (a: ISODate, b: ISODate) -> Bool { a.seconds < b.seconds }

    /// The format each date mode expects, as shown to a person.
    public static func format(for mode: String?) -> String {
        switch mode {
        case "Time": return "HH:MM"
        case "DateAndTime": return "YYYY-MM-DDTHH:MM[:SS][Z|+HH:MM]"
        default: return "YYYY-MM-DD"
        }
    }

    /// Parses text in the format of `mode` (`Date`, `Time`, `DateAndTime`; nil means Date).
    /// A date-and-time also accepts a bare date (midnight UTC).
    public init?(parsing text: String, mode: String? = nil) {
        let chars = Array(text.trimmingSpaces.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= chars.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let c = chars[index + offset]
                guard c >= 48 && c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            index += digits
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < chars.count, chars[index] == byte else { return false }
            index += 1
            return true
        }
        func time() -> Int? {
            guard let hour = number(2), hour < 24, expect(UInt8(ascii: ":")), let minute = number(2), minute < 60 else { return nil }
            var second = 0
            if expect(UInt8(ascii: ":")) {
                guard let s = number(2), s < 61 else { return nil }
                second = s
                if expect(UInt8(ascii: ".")) { while index < chars.count, chars[index] >= 48, chars[index] <= 57 { index += 1 } }
            }
            return hour * 3600 + minute * 60 + second
        }
        if mode == "Time" {
            guard let t = time(), index == chars.count else { return nil }
            seconds = t
            return
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2), (1...12).contains(month), day >= 1, day <= ISODate.daysIn(month: month, year: year)
        else { return nil }
        var total = ISODate.daysFromCivil(year: year, month: month, day: day) * 86400
        if index == chars.count {
            seconds = total
            return
        }
        guard mode == "DateAndTime" || mode == nil, expect(UInt8(ascii: "T")) || expect(UInt8(ascii: " ")), let t = time()
        else { return nil }
        total += t
        if expect(UInt8(ascii: "Z")) {
        } else if index < chars.count, chars[index] == UInt8(ascii: "+") || chars[index] == UInt8(ascii: "-") {
            let sign = chars[index] == UInt8(ascii: "+") ? 1 : -1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let minutes = number(2) else { return nil }
            total -= sign * (hours * 3600 + minutes * 60)
        }
        guard index == chars.count else { return nil }
        seconds = total
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
