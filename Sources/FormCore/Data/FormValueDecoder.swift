#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes any `Decodable` straight from a `FormValue`, the mirror of `FormValueEncoder`: a
/// stored submission's values become a service's own type without a JSON round trip.
///
/// Values are read as the engine stores them: an object by key (a repeat is an array of
/// objects; a hidden or unanswered field is a missing or null member, so an `Optional`), numbers
/// checked to fit the type (300 is no `Int8`, 2.5 no `Int`), dates as date fields hold them
/// (`2024-05-17` is midnight UTC, `2024-05-17T14:30:00Z`, and a time alone, `14:30:00`, is that
/// time on 1970-01-01 UTC), `Data` as base64, `URL` as its text, `Decimal` from a number.
/// Whatever does not fit throws Swift's `DecodingError`, whose context has the coding path of
/// the value (`guests`, index 1, `email`).
///
/// ```swift
/// struct Signup: Decodable { var name: String; var guests: [Guest]; var arrival: Date? }
/// let signup = try FormValueDecoder().decode(Signup.self, from: submission.values)
/// ```
public struct FormValueDecoder {
    /// Given to the types being decoded as their decoder's `userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// A decoder with no `userInfo`.
    public init() {}

    /// A `T` read from `value`; throws `DecodingError` naming the path of what does not fit.
    public func decode<T: Decodable>(_ type: T.Type, from value: FormValue) throws -> T {
        try ValueDecoder(value: value, codingPath: [], userInfo: userInfo).decode(type)
    }
}

/// The decoder of one value, and its single-value container.
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: FormValue
    var codingPath: [any CodingKey]
    let userInfoValues: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { userInfoValues }

    init(value: FormValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.value = value
        self.codingPath = codingPath
        self.userInfoValues = userInfo
    }

    func child(_ value: FormValue, at key: any CodingKey) -> ValueDecoder {
        ValueDecoder(value: value, codingPath: codingPath + [key], userInfo: userInfoValues)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: FormValue].self, expected: "an object") }
        return KeyedDecodingContainer(KeyedValueContainer<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([FormValue].self, expected: "an array") }
        return UnkeyedValueContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Errors

    /// Null where a value is needed is `valueNotFound`, any other misfit `typeMismatch`, as
    /// `JSONDecoder` reports them.
    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        if value.isNull {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.typeName)"))
    }

    func corrupted(_ message: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }

    // MARK: Single values

    func decodeNil() -> Bool { value.isNull }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type, expected: "a boolean") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type, expected: "a string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let number = value.doubleValue else { throw mismatch(type, expected: "a number") }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float {
        let number = try decode(Double.self)
        let narrowed = Float(number)
        guard narrowed.isFinite else { throw corrupted("the number \(value) does not fit in Float") }
        return narrowed
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    /// A whole number that `I` can hold exactly: no fraction dropped, no wrap-around.
    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let exact: I?
        switch value {
        case .int(let number): exact = I(exactly: number)
        case .double(let number): exact = I(exactly: number)
        default: throw mismatch(type, expected: "a number")
        }
        guard let exact else { throw corrupted("the number \(value) does not fit in \(type)") }
        return exact
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let special = try specialValue(type) { return special }
        return try T(from: self)
    }

    /// The Foundation types `FormValueEncoder` writes in a form of their own.
    func specialValue<T>(_ type: T.Type) throws -> T? {
        if type == Date.self { return try date() as? T }
        if type == Decimal.self { return try decimal() as? T }
        if type == URL.self {
            let text = try decode(String.self)
            guard let url = URL(string: text) else { throw corrupted("'\(text.excerpt())' is not a URL") }
            return url as? T
        }
        if type == Data.self {
            let text = try decode(String.self)
            guard let data = Data(base64Encoded: text) else { throw corrupted("'\(text.excerpt())' is not base64") }
            return data as? T
        }
        return nil
    }

    /// A date as a date field stores it, in any form `ISODate` reads.
    func date() throws -> Date {
        let expected = "a date as YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or HH:MM:SS"
        guard case .string(let text) = value else { throw mismatch(Date.self, expected: expected) }
        guard let (parsed, _) = ISODate.parseAnyForm(text) else { throw corrupted("expected \(expected), found '\(text.excerpt())'") }
        return Date(timeIntervalSince1970: Double(parsed.seconds))
    }

    func decimal() throws -> Decimal {
        switch value {
        case .int(let number): return Decimal(number)
        // The shortest text that reads back as the double, so 0.1 is 0.1, not 0.1000000000000000055.
        case .double(let number): return Decimal(string: String(number)) ?? Decimal(number)
        default: throw mismatch(Decimal.self, expected: "a number")
        }
    }
}
