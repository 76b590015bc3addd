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
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }

    public var arrayValue: [FormValue]? { if case .array(let a) = self { return a } else { return nil } }

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

    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

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

    public subscript(key: String) -> FormValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    public subscript(index: Int) -> FormValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }
}

extension FormValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: FormValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, FormValue)...) {
        self = .object(OrderedDictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension FormValue: CustomStringConvertible {
    /// Compact JSON: what a person reading a log or an error expects to see.
    public var description: String { jsonString() }
}
