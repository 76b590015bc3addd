import OrderedCollections

extension FormValue {
    /// Writes `newValue` at `path` as `setValue` does, unless the value there equals it
    /// already; returns whether anything changed. One walk down where reading the old value
    /// and then writing took two: every answer reaches its field this way. A path through a
    /// collection operator changes nothing (`setValue` refuses it).
    package mutating func replaceValue(_ newValue: FormValue, at path: ValuePath) -> Bool {
        for case .collectionOperator in path.components { return false }
        return replace(newValue, path.components[...], present: true)
    }

    /// `present`: whether every step so far was there, so that the value here is the old one
    /// (a null written where nothing was is a change).
    private mutating func replace(_ newValue: FormValue, _ components: ArraySlice<ValuePath.Component>, present: Bool) -> Bool {
        guard let first = components.first else {
            if present && self == newValue { return false }
            self = newValue
            return true
        }
        let rest = components.dropFirst()
        switch first {
        case .this:
            return replace(newValue, rest, present: present)
        case .collectionOperator:
            return false
        case .key(let key):
            if case .array = self, let index = Int(key), index >= 0 {
                return replace(newValue, [.index(index)] + rest, present: present)
            }
            var members: OrderedDictionary<String, FormValue>
            var isObject = false
            if case .object(let existing) = self {
                members = existing
                isObject = true
            } else {
                members = [:]
            }
            self = .null  // release our reference so the member is changed in place (see `assign`)
            let position = members.index(forKey: key)
            var child = FormValue.null
            if let position { swap(&child, &members.values[position]) }
            let changed = child.replace(newValue, rest, present: present && isObject && position != nil)
            if let position {
                members.values[position] = child
            } else {
                members[key] = child
            }
            self = .object(members)
            return changed
        case .index(let index):
            var items: [FormValue]
            var isArray = false
            if case .array(let existing) = self {
                items = existing
                isArray = true
            } else {
                items = []
            }
            self = .null
            let existed = isArray && items.indices.contains(index)
            while items.count <= index { items.append(.null) }
            let changed = items[index].replace(newValue, rest, present: present && existed)
            self = .array(items)
            return changed
        }
    }
}
