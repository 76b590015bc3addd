/// How expressions see values: as conditions, as text, and when compared.
extension FormValue {
    /// Truthiness for `!`, `&&`, `||` and `?:`: a bool as is; nil is false; a number is true when
    /// non-zero (NaN is false); a string, array or object is true when non-empty. This lets a
    /// form write `@{name ? 'Hi' : 'Who?'}` or `@{items}` without spelling out the test.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .double(let d): return d != 0 && !d.isNaN
        case .string(let s): return !s.isEmpty
        case .array(let a): return !a.isEmpty
        case .object(let o): return !o.isEmpty
        }
    }

    /// The text of a value in a template, an interpolation, `+` with a string, and `%s`/`%@`:
    /// strings as they are, nil as "", integers as integers, whole doubles below 1e15 without
    /// ".0" (a person reads `3` for 1.5 * 2), other doubles in their shortest exact form,
    /// arrays and objects as compact JSON.
    package var expressionText: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return Self.text(of: d)
        case .string(let s): return s
        case .array, .object: return jsonString()
        }
    }

    static func text(of d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return d.description
    }

    /// Equality for `==` and `!=`: numbers by value across int and double (`1 == 1.0`), arrays
    /// and objects member by member with the same rule, anything else only with its own type.
    /// Values of different types are unequal, never an error.
    func expressionEquals(_ other: FormValue) -> Bool {
        switch (self, other) {
        case (.int(let a), .int(let b)): return a == b
        case (.int, .double), (.double, .int), (.double, .double):
            return doubleValue == other.doubleValue
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.expressionEquals($1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { key, value in b[key].map(value.expressionEquals) ?? false }
        default:
            return self == other
        }
    }

    /// Order for `< <= > >=`: numbers with numbers (ints exactly, mixed as doubles), strings with
    /// strings; nil when either side is nil (a missing value satisfies no ordering); a throw for
    /// any other pair, because comparing a string with a number is a mistake in the form.
    func expressionOrder(_ other: FormValue, column: Int) throws(ExpressionError) -> Int? {
        switch (self, other) {
        case (.null, _), (_, .null): return nil
        case (.int(let a), .int(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        case (.string(let a), .string(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        default:
            if let a = doubleValue, let b = other.doubleValue {
                if a.isNaN || b.isNaN { return nil }
                return a < b ? -1 : (a > b ? 1 : 0)
            }
            throw .evaluation("cannot compare \(typeName) with \(other.typeName)", at: column)
        }
    }
}
