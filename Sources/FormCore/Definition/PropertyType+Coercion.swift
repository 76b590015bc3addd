/// How a value bound from data lands in a property, as QuickDialog's key-value coding setters
/// take it: a `BOOL` property set from a number is `number != 0`, from a string NSString's
/// `boolValue`, from nil `NO`; an integer property truncates; a number property takes a numeric
/// string's number. Data is not checked by the decoder as a definition is, so this is where a
/// bound `10` becomes `true` rather than a value no element can hold.
extension PropertyType {
    /// `value` as a setter of this type takes it; types that are not scalars keep it as it is.
    package func coercedForSetter(_ value: FormValue) -> FormValue {
        switch self {
        case .bool:
            return .bool(Self.setterBool(value))
        case .integer:
            return Self.setterInteger(value).map(FormValue.int) ?? value
        case .number:
            return Self.setterNumber(value) ?? value
        default:
            return value
        }
    }

    /// A `BOOL` setter's reading of any value: numbers are true unless zero, strings as
    /// NSString's `boolValue` reads them (`"yes"`, `"true"`, `"1"` are true; `"no"`, `"0"`, `""`
    /// false), nil and collections false.
    static func setterBool(_ value: FormValue) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .int(let number): return number != 0
        case .double(let number): return number != 0
        case .string(let text): return nsStringBool(text)
        case .null, .array, .object: return false
        }
    }

    /// A number for a numeric setter: numbers as they are, `true`/`false` as 1/0, a string that
    /// is a decimal number (`"0.5"`, `" 12 "`, `"-3e2"`) as that number; nil for anything else.
    static func setterNumber(_ value: FormValue) -> FormValue? {
        switch value {
        case .int, .double: return value
        case .bool(let flag): return .int(flag ? 1 : 0)
        case .string(let text): return decimalNumber(text)
        case .null, .array, .object: return nil
        }
    }

    /// NSString's `boolValue`: after spaces, an optional sign and zeros, true when a `Y`, `T` or
    /// a digit 1-9 follows.
    static func nsStringBool(_ text: String) -> Bool {
        var rest = Substring(text).drop { $0 == " " || $0 == "\t" }
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == "0" }
        guard let first = rest.first else { return false }
        return "yYtT123456789".contains(first)
    }

    /// A whole decimal number written as text (no hex, no `nan`, no `inf`): an integer when it
    /// has no fraction or exponent and fits, else a double.
    static func decimalNumber(_ text: String) -> FormValue? {
        let trimmed = text.trimmingSpaces
        var digitsSeen = false
        var state = 0  // 0 sign, 1 integer digits, 2 fraction digits, 3 exponent sign, 4 exponent digits
        var exponentDigits = false
        for character in trimmed {
            switch (state, character) {
            case (0, "+"), (0, "-"): state = 1
            case (0...1, "0"..."9"): state = 1; digitsSeen = true
            case (0...1, "."): state = 2
            case (2, "0"..."9"): digitsSeen = true
            case (1...2, "e"), (1...2, "E"): state = 3
            case (3, "+"), (3, "-"): state = 4
            case (3...4, "0"..."9"): state = 4; exponentDigits = true
            default: return nil
            }
        }
        guard digitsSeen, state < 3 || exponentDigits else { return nil }
        if state <= 1, let whole = Int(trimmed) { return .int(whole) }
        guard let number = Double(trimmed), number.isFinite else { return nil }
        return .double(number)
    }

    /// NSNumber's `integerValue` of a number: the integer part, toward zero.
    static func truncated(_ number: FormValue) -> Int {
        switch number {
        case .int(let whole): return whole
        case .double(let value):
            guard value.isFinite else { return 0 }
            return Int(exactly: value.rounded(.towardZero)) ?? (value < 0 ? Int.min : Int.max)
        default: return 0
        }
    }
}
