/// A number as CLDR's plural rules read it, from the digits it was written with: `1.50` is not
/// `1.5` (`v` = 2, `f` = 50, `t` = 5) and neither is `1`.
///
/// Numbers in messages are what a person typed and will type back, so they are never
/// converted to a binary value: the digits are read as written. Integer parts longer than 18
/// digits keep their last 18 (every rule's modulus divides 10^18) and compare unequal to any
/// small value.
struct PluralOperands: Sendable, Hashable {
    /// The integer digits of the absolute value (the last 18 of them).
    var i: Int
    /// Whether the integer part is 10^18 or more, so `i` holds only its last digits.
    var integerIsLarge: Bool
    /// How many fraction digits were written, trailing zeros included.
    var v: Int
    /// The fraction digits as a number, trailing zeros included (`1.50`: 50).
    var f: Int
    /// The fraction digits as a number, trailing zeros dropped (`1.50`: 5).
    var t: Int

    init(_ value: Int) {
        let magnitude = value.magnitude
        i = Int(magnitude % Self.modulus)
        integerIsLarge = magnitude >= Self.modulus
        v = 0
        f = 0
        t = 0
    }

    /// Reads `-12.50`, `3`, `.5`, `2.`; nil for anything else (`1e3`, `1,5`, `twelve`).
    init?(written text: String) {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        guard !(integer.isEmpty && fraction.isEmpty), (integer + fraction).allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let significant = integer.drop { $0 == "0" }
        integerIsLarge = significant.count > 18
        i = Int(significant.suffix(18)) ?? 0
        v = fraction.count
        f = Self.value(of: fraction)
        t = Self.value(of: fraction.reversed().drop { $0 == "0" }.reversed())
    }

    /// The operands of a message's number; nil for text that is not a number.
    init?(_ argument: MessageArgument) {
        switch argument {
        case .int(let value): self.init(value)
        case .decimal(let text), .text(let text): self.init(written: text)
        }
    }

    /// `n = value`: the number itself, any trailing fraction zeros allowed (`1.0` is 1).
    func nIs(_ value: Int) -> Bool { t == 0 && iIs(value) }

    /// `n % modulus = range`: only whole values are in a range (`3.5` is not in `3..10`).
    func n(modulo modulus: Int, in range: ClosedRange<Int>) -> Bool { t == 0 && range.contains(i % modulus) }

    /// `i = value`.
    func iIs(_ value: Int) -> Bool { !integerIsLarge && i == value }

    /// `i % modulus = range`.
    func i(modulo modulus: Int, in range: ClosedRange<Int>) -> Bool { range.contains(i % modulus) }

    /// `i != 0 and i % 1000000 = 0 and v = 0` (with `e = 0`, as formctl never writes compact
    /// numbers): the exact millions that French, Spanish, Italian and Portuguese give `many`.
    var isWholeMillions: Bool { v == 0 && (i != 0 || integerIsLarge) && i % 1_000_000 == 0 }

    private static let modulus: UInt = 1_000_000_000_000_000_000

    /// The value of the last 18 digits: rules read `f` and `t` modulo 100 at most, and `t`,
    /// which ends in a non-zero digit, is zero only when every fraction digit is.
    private static func value(of digits: some Collection<Character>) -> Int {
        Int(String(digits.suffix(18))) ?? 0
    }
}

/// The spelling by which an exact `=N` branch and a message's number are compared: `=1`
/// matches `1`, `01` and `1.0` (as ICU compares values), not `1.5`.
enum ExactNumber {
    /// `-1.5` for `-01.50`; nil when `text` is not a plain decimal number.
    static func key(_ text: String) -> String? {
        guard PluralOperands(written: text) != nil else { return nil }
        var body = Substring(text)
        var negative = false
        if let sign = body.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            body = body.dropFirst()
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = parts[0].drop { $0 == "0" }
        let fraction = parts.count > 1 ? String(parts[1].reversed().drop { $0 == "0" }.reversed()) : ""
        let magnitude = (integer.isEmpty ? "0" : String(integer)) + (fraction.isEmpty ? "" : "." + fraction)
        return negative && magnitude != "0" ? "-" + magnitude : magnitude
    }
}
