#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Encodes any `Encodable` straight into a `FormValue`, keeping members in the order the type
/// encodes them (for synthesized conformances: declaration order).
///
/// `JSONEncoder` writes object members in hash order, which differs from run to run; bound data
/// must not reorder itself, because `iterateproperties:` and exports follow the data's key order.
/// Special types are written as `JSONEncoder` with ISO 8601 dates writes them, so that the result
/// reads back with a `JSONDecoder` using `.iso8601`: `Date` as an ISO 8601 string, `Data` as
/// base64, `URL` as its absolute string, `Decimal` as a number.
public struct FormValueEncoder {
    /// Passed to the encoded types as `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// An encoder with no `userInfo`.
    public init() {}

    /// The value `value` encodes to: an object for a struct or class, keys in encoding order.
    /// Throws what the type's `encode(to:)` throws, and `EncodingError.invalidValue` for a
    /// non-finite `Double` (JSON has no NaN or infinity).
    public func encode<T: Encodable>(_ value: T) throws -> FormValue {
        let node = EncodingNode()
        try EncodingNode.encode(value, into: node, codingPath: [], userInfo: userInfo)
        return node.formValue
    }
}

/// One value being built; a class so that nested containers can fill it after they are handed out.
final class EncodingNode {
    enum Content {
        case empty
        case value(FormValue)
        case object(OrderedDictionary<String, EncodingNode>)
        case array([EncodingNode])
    }

    var content: Content = .empty

    /// A type that encoded nothing gives an empty object, as with `JSONEncoder`.
    var formValue: FormValue {
        switch content {
        case .empty: return .emptyObject
        case .value(let value): return value
        case .object(let members): return .object(members.mapValues(\.formValue))
        case .array(let items): return .array(items.map(\.formValue))
        }
    }

    static func encode<T: Encodable>(
        _ value: T, into node: EncodingNode, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]
    ) throws {
        if let special = try specialValue(value, codingPath: codingPath) {
            node.content = .value(special)
            return
        }
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath, userInfo: userInfo))
    }

    /// The Foundation types whose own `Encodable` output is not what JSON readers expect.
    static func specialValue(_ value: some Encodable, codingPath: [any CodingKey]) throws -> FormValue? {
        switch value {
        case let date as Date: return .string(date.formatted(.iso8601))
        case let data as Data: return .string(data.base64EncodedString())
        case let url as URL: return .string(url.absoluteString)
        case let decimal as Decimal:
            if let int = Int(decimal.description) { return .int(int) }
            guard let double = Double(decimal.description), double.isFinite else {
                throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "\(decimal) is not a finite number"))
            }
            return .double(double)
        default: return nil
        }
    }

    static func double(_ value: Double, codingPath: [any CodingKey]) throws -> FormValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON has no \(value)"))
        }
        return .double(value)
    }

    static func integer(_ value: some BinaryInteger) -> FormValue {
        if let int = Int(exactly: value) { return .int(int) }
        return .double(Double(value))
    }
}

struct NodeEncoder: Encoder {
    let node: EncodingNode
    var codingPath: [any CodingKey]
    let userInfoValues: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { userInfoValues }

    init(node: EncodingNode, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.node = node
        self.codingPath = codingPath
        self.userInfoValues = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([:]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedNodeContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleNodeContainer(encoder: self) }

    /// A child encoder for a member, registered in this node's object before it is filled.
    func child(forKey key: any CodingKey) -> NodeEncoder {
        let child = EncodingNode()
        if case .object(var members) = node.content {
            node.content = .empty
            members[key.stringValue] = child
            node.content = .object(members)
        }
        return NodeEncoder(node: child, codingPath: codingPath + [key], userInfo: userInfoValues)
    }

    func appendChild() -> NodeEncoder {
        let child = EncodingNode()
        var count = 0
        if case .array(var items) = node.content {
            node.content = .empty
            items.append(child)
            count = items.count - 1
            node.content = .array(items)
        }
        return NodeEncoder(node: child, codingPath: codingPath + [IndexKey(intValue: count)], userInfo: userInfoValues)
    }
}

struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(intValue: Int) {
        self.intValue = intValue
        self.stringValue = String(intValue)
    }
    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = Int(stringValue)
    }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: NodeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func set(_ value: FormValue, _ key: Key) { encoder.child(forKey: key).node.content = .value(value) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try EncodingNode.double(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try EncodingNode.double(Double(value), codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(EncodingNode.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(EncodingNode.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(EncodingNode.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(EncodingNode.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(EncodingNode.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(EncodingNode.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(EncodingNode.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(EncodingNode.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(EncodingNode.integer(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let child = encoder.child(forKey: key)
        try EncodingNode.encode(value, into: child.node, codingPath: child.codingPath, userInfo: encoder.userInfoValues)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder.child(forKey: key).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.child(forKey: key).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { encoder.child(forKey: IndexKey(stringValue: "super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.child(forKey: key) }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let encoder: NodeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int {
        if case .array(let items) = encoder.node.content { return items.count }
        return 0
    }

    func append(_ value: FormValue) { encoder.appendChild().node.content = .value(value) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try EncodingNode.double(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { append(try EncodingNode.double(Double(value), codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(EncodingNode.integer(value)) }
    mutating func encode(_ value: Int16) throws { append(EncodingNode.integer(value)) }
    mutating func encode(_ value: Int32) throws { append(EncodingNode.integer(value)) }
    mutating func encode(_ value: Int64) throws { append(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt) throws { append(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt8) throws { append(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt16) throws { append(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt32) throws { append(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt64) throws { append(EncodingNode.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let child = encoder.appendChild()
        try EncodingNode.encode(value, into: child.node, codingPath: child.codingPath, userInfo: encoder.userInfoValues)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.appendChild().container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder.appendChild().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { encoder.appendChild() }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
    let encoder: NodeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func set(_ value: FormValue) { encoder.node.content = .value(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try EncodingNode.double(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try EncodingNode.double(Double(value), codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { set(.int(value)) }
    mutating func encode(_ value: Int8) throws { set(EncodingNode.integer(value)) }
    mutating func encode(_ value: Int16) throws { set(EncodingNode.integer(value)) }
    mutating func encode(_ value: Int32) throws { set(EncodingNode.integer(value)) }
    mutating func encode(_ value: Int64) throws { set(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt8) throws { set(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt16) throws { set(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt32) throws { set(EncodingNode.integer(value)) }
    mutating func encode(_ value: UInt64) throws { set(EncodingNode.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try EncodingNode.encode(value, into: encoder.node, codingPath: codingPath, userInfo: encoder.userInfoValues)
    }
}
