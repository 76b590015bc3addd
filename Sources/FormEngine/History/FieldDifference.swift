import FormCore

/// One field whose value differs between two revisions of a submission: its key path as
/// `--set` takes it (`name`, `guests.0.email`: keys joined by `.`, a repeat's items numbered
/// from 0), the value before and the value after. A field added by the later revision has no
/// `old`; one it dropped (an item removed, a field left empty) has no `new`.
public struct FieldDifference: Sendable, Equatable {
    /// The field's key path.
    public let path: String
    /// The value in the earlier revision; nil when it held none.
    public let old: FormValue?
    /// The value in the later revision; nil when it holds none.
    public let new: FormValue?

    /// A difference at `path` from `old` to `new`.
    public init(path: String, old: FormValue?, new: FormValue?) {
        self.path = path
        self.old = old
        self.new = new
    }

    /// Every field that differs from `old` to `new`, in the order the fields come in `old`, then
    /// the fields only `new` has. Objects and repeats (arrays of objects) are compared member
    /// by member and item by item, so a changed email in the second guest is the one difference
    /// `guests.1.email`; any other value (text, a number, a choice's array) is one field.
    public static func between(_ old: FormValue, _ new: FormValue) -> [FieldDifference] {
        var differences: [FieldDifference] = []
        compare(old, new, at: [], into: &differences)
        return differences
    }

    private static func compare(_ old: FormValue?, _ new: FormValue?, at path: [String], into differences: inout [FieldDifference]) {
        if old == new { return }
        let oldMembers = old.map(members) ?? .some([])
        let newMembers = new.map(members) ?? .some([])
        guard let oldMembers, let newMembers, old != nil || new != nil else {
            differences.append(FieldDifference(path: path.joined(separator: "."), old: old, new: new))
            return
        }
        let before = differences.count
        var later: [String: FormValue] = [:]
        for (key, value) in newMembers { later[key] = value }
        var seen = Set<String>()
        for (key, value) in oldMembers {
            seen.insert(key)
            compare(value, later[key], at: path + [key], into: &differences)
        }
        for (key, value) in newMembers where !seen.contains(key) {
            compare(nil, value, at: path + [key], into: &differences)
        }
        // A field that appeared or went as an empty object or repeat has no member to show.
        if differences.count == before, old == nil || new == nil, !path.isEmpty {
            differences.append(FieldDifference(path: path.joined(separator: "."), old: old, new: new))
        }
    }

    /// The members of an object, or the items of a repeat keyed by their number; nil for a
    /// value compared whole.
    private static func members(_ value: FormValue) -> [(String, FormValue)]? {
        switch value {
        case .object(let members): return members.map { ($0.key, $0.value) }
        case .array(let items) where items.allSatisfy({ $0.objectValue != nil }):
            return items.enumerated().map { (String($0.offset), $0.element) }
        default: return nil
        }
    }
}
