import OrderedCollections

/// An ordered, JSON-like value: the currency of form data.
///
/// Objects keep their key order, because a form author expects `iterateproperties:` and
/// exported columns to follow the order the data was written in.
public enum FormValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([FormValue])
    case object(OrderedDictionary<String, FormValue>)

    /// An empty object, the data a form is bound to when none is given.
    public static var emptyObject: FormValue { .object([:]) }
}

extension FormValue {
    /// Whether this is `null`.
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    /// The text of a string; nil for any other type (a number is not turned into text).
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }

    /// The items of an array; nil for any other type.
    public var arrayValue: [FormValue]? { if case .array(let a) = self { return a } else { return nil } }

    /// The members of an object in their order; nil for any other type.
    public var objectValue: OrderedDictionary<String, FormValue>? {
        if case .object(let o) = self { return o } else { return nil }
    }

    /// Booleans as QuickDialog authors write them: `true`, `1`, `0`.
    public var boolValue: Bool? {
        switch self {
        case .bool(let b): return b
        case .int(let i) where i == 0 || i == 1: return i == 1
        case .double(let d) where d == 0 || d == 1: return d == 1
        default: return nil
        }
    }

    /// Integers, and doubles without a fractional part.
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 9.0e15: return Int(d)
        default: return nil
        }
    }

    /// Any number as a double; nil for other types.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// Whether this is an integer or a double.
    public var isNumber: Bool { doubleValue != nil }

    /// The name of the JSON type, for error messages ("expected a string, found an array").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The member `key` of an object; nil when missing or when this is not an object.
    public subscript(key: String) -> FormValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The item at `index` of an array; nil when out of range or when this is not an array.
    public subscript(index: Int) -> FormValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }
}

extension FormValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` in a literal: `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` or `false` in a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal: `["a", 1, nil]`.
    public init(arrayLiteral elements: FormValue...) { self = .array(elements) }
    /// A dictionary literal, members in the order written: `["name": "Ann", "age": 41]`.
    /// A key written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, FormValue)...) {
        self = .object(OrderedDictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension FormValue: CustomStringConvertible {
    /// Compact JSON: what a person reading a log or an error expects to see.
    public var description: String { jsonString() }
}
