/// Value paths left out while writing JSON, as a tree of keys (an item's index as its
/// decimal text): a submission's stored values are its values without hidden and secure
/// fields, written straight from the values rather than removed from a copy first.
final class OmittedPaths {
    private(set) var children: [String: OmittedPaths] = [:]
    /// Whether the value here is left out, with everything under it.
    private(set) var isOmitted = false

    init() {}

    /// Paths whose removal `FormValue.removeValue(at:)` does exactly by leaving out a member:
    /// nil when one ends at an item (removing it moves the items after it, so which item a
    /// later path names depends on the order of removals) or goes through a collection
    /// operator.
    convenience init?(_ paths: [ValuePath]) {
        self.init()
        for path in paths {
            guard let last = path.components.last(where: { $0 != .this }) else { return nil }
            switch last {
            case .index, .collectionOperator: return nil
            case .key(let key): if Int(key) != nil { return nil }
            case .this: break
            }
            var node = self
            for component in path.components {
                let key: String
                switch component {
                case .this: continue
                case .key(let name):
                    // `items.01` reaches item 1 of a list but member "01" of an object.
                    if let index = Int(name), String(index) != name { return nil }
                    key = name
                case .index(let index): key = String(index)
                case .collectionOperator: return nil
                }
                if let next = node.children[key] {
                    node = next
                } else {
                    let next = OmittedPaths()
                    node.children[key] = next
                    node = next
                }
            }
            node.isOmitted = true
        }
    }
}

extension JSONWriter {
    /// Compact JSON of `value` without the members `omitted` names; what is not under an
    /// omitted path is written as `write` writes it.
    static func string(_ value: FormValue, omitting omitted: OmittedPaths) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, omitting: omitted, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Compact JSON of `value` without its members named `keys` (when it is an object): what
    /// `string(_:omitting:)` writes for paths of one key each, without building their tree.
    static func string(_ value: FormValue, omittingMembers keys: [String]) -> String {
        guard case .object(let members) = value else { return string(value) }
        var out: [UInt8] = []
        out.reserveCapacity(256)
        out.append(UInt8(ascii: "{"))
        var first = true
        for (key, member) in members where !keys.contains(key) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            writeString(key, into: &out)
            out.append(UInt8(ascii: ":"))
            write(member, style: .compact, indent: 0, into: &out)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    static func write(_ value: FormValue, omitting node: OmittedPaths, into out: inout [UInt8]) {
        guard !node.children.isEmpty else {
            write(value, style: .compact, indent: 0, into: &out)
            return
        }
        switch value {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                let child = node.children[key]
                if child?.isOmitted == true { continue }
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if let child { write(member, omitting: child, into: &out) } else { write(member, style: .compact, indent: 0, into: &out) }
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                if let child = node.children[String(position)] {
                    write(item, omitting: child, into: &out)
                } else {
                    write(item, style: .compact, indent: 0, into: &out)
                }
            }
            out.append(UInt8(ascii: "]"))
        default:
            write(value, style: .compact, indent: 0, into: &out)
        }
    }
}
