/// Reads the parts of a date or time written as text, byte by byte: the grammar `ISODate` accepts,
/// kept apart from the calendar arithmetic.
struct DateTextReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index == bytes.count }

    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func expect(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips spaces; false when there were none.
    mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index > start
    }

    /// Exactly `digits` decimal digits.
    mutating func number(_ digits: Int) -> Int? {
        guard index + digits <= bytes.count,
            let value = bytes.withUnsafeBufferPointer({ Self.decimal($0, from: index, count: digits) })
        else { return nil }
        index += digits
        return value
    }

    /// The number the `count` bytes of `bytes` from `start` spell in decimal digits; nil when
    /// one of them is not a digit. The caller checks that they are there.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Int? {
        var value = 0
        for offset in start..<start + count {
            let digit = bytes[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// One or two digits, as an hour is often written (`9:30`).
    mutating func shortNumber() -> Int? {
        guard let first = number(1) else { return nil }
        guard let second = number(1) else { return first }
        return first * 10 + second
    }

    /// How many decimal digits follow, without reading them.
    func digitsAhead() -> Int {
        var end = index
        while end < bytes.count, bytes[end] >= 48, bytes[end] <= 57 { end += 1 }
        return end - index
    }

    /// A time of day: `H:MM`, `HH:MM:SS`, the basic `HHMM` and `HHMMSS`, or an hour alone (`15`,
    /// `9`), seconds with a fraction (dropped, after `.` or `,`), optionally followed by
    /// `am`/`pm` (with or without a space). Seconds since midnight; nil for anything else,
    /// `24:00` and a leap second included.
    mutating func time() -> Int? {
        let run = digitsAhead()
        guard (1...2).contains(run) || run == 4 || run == 6 else { return nil }
        guard var hour = number(run >= 2 ? 2 : 1) else { return nil }
        var minute = 0, second = 0
        if run == 4 || run == 6 {
            // The basic format, the digits without colons.
            guard let m = number(2) else { return nil }
            minute = m
            if run == 6 {
                guard let s = number(2) else { return nil }
                second = s
                guard fraction() else { return nil }
            }
        } else if expect(UInt8(ascii: ":")) {
            guard let m = number(2) else { return nil }
            minute = m
            if expect(UInt8(ascii: ":")) {
                guard let s = number(2) else { return nil }
                second = s
                guard fraction() else { return nil }
            }
        }
        guard minute < 60, second < 60 else { return nil }
        let beforeMeridiem = index
        _ = skipSpaces()
        if let meridiem = self.meridiem() {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem ? 12 : 0)
        } else {
            index = beforeMeridiem
            guard hour < 24 else { return nil }
        }
        return hour * 3600 + minute * 60 + second
    }

    /// A fraction of a second after `.` or `,`, skipped: stored times keep whole seconds. False
    /// when the separator has no digit after it.
    private mutating func fraction() -> Bool {
        guard expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) else { return true }
        guard number(1) != nil else { return false }
        while number(1) != nil {}
        return true
    }

    /// `am` (false) or `pm` (true), any case, with an optional dot (`a.m.`).
    private mutating func meridiem() -> Bool? {
        guard index < bytes.count else { return nil }
        let letter = bytes[index] | 0x20
        guard letter == UInt8(ascii: "a") || letter == UInt8(ascii: "p") else { return nil }
        var probe = self
        probe.index += 1
        _ = probe.expect(UInt8(ascii: "."))
        guard probe.index < probe.bytes.count, probe.bytes[probe.index] | 0x20 == UInt8(ascii: "m") else { return nil }
        probe.index += 1
        _ = probe.expect(UInt8(ascii: "."))
        self = probe
        return letter == UInt8(ascii: "p")
    }

    /// `Z`, `+HH:MM`, `+HHMM`, `+HH`, `+HH:MM:SS`, `+HHMMSS` (or `-`), optionally after a space;
    /// nothing is UTC. Seconds east of UTC, nil when what follows is not a zone.
    mutating func zoneOffset() -> Int? {
        let start = index
        _ = skipSpaces()
        if isAtEnd { return 0 }
        if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) { return 0 }
        let sign: Int
        if expect(UInt8(ascii: "+")) {
            sign = 1
        } else if expect(UInt8(ascii: "-")) {
            sign = -1
        } else {
            index = start
            return nil
        }
        guard let hours = number(2), hours <= 18 else { return nil }
        var minutes = 0, seconds = 0
        // The extended form has colons between its parts, the basic none: never one of each.
        let extended = expect(UInt8(ascii: ":"))
        if extended || digitsAhead() > 0 {
            guard let m = number(2) else { return nil }
            minutes = m
            if extended ? expect(UInt8(ascii: ":")) : digitsAhead() > 0 {
                guard let s = number(2) else { return nil }
                seconds = s
            }
        }
        guard minutes < 60, seconds < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60 + seconds)
    }
}
