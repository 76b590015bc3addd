import OrderedCollections

extension FormValue {
    /// The value at `path`, or nil when any step is missing (as KVC's nil for a missing key).
    package func value(at path: ValuePath) -> FormValue? {
        resolve(path.components[...])
    }

    /// The value at a key path given as text; nil when missing or when the text is not a key path.
    public func value(atPath text: String) -> FormValue? {
        guard let path = try? ValuePath(parsing: text) else { return nil }
        return value(at: path)
    }

    func resolve(_ components: ArraySlice<ValuePath.Component>) -> FormValue? {
        guard let first = components.first else { return self }
        let rest = components.dropFirst()
        switch first {
        case .this:
            return resolve(rest)
        case .key(let key):
            switch self {
            case .object(let members):
                return members[key]?.resolve(rest)
            case .array(let items):
                if let index = Int(key) {
                    return items.indices.contains(index) ? items[index].resolve(rest) : nil
                }
                // KVC on a collection: the key applied to every element.
                return .array(items.map { $0.resolve(components) ?? .null })
            default:
                return nil
            }
        case .index(let index):
            guard case .array(let items) = self, items.indices.contains(index) else { return nil }
            return items[index].resolve(rest)
        case .collectionOperator(let op):
            return apply(op, rest: rest)
        }
    }

    /// The elements a collection operator works on: an array's items, an object's values.
    var collectionElements: [FormValue]? {
        switch self {
        case .array(let items): return items
        case .object(let members): return Array(members.values)
        default: return nil
        }
    }

    func apply(_ op: CollectionOperator, rest: ArraySlice<ValuePath.Component>) -> FormValue? {
        guard let elements = collectionElements else { return nil }
        if op == .count { return .int(elements.count) }
        let values = elements.map { $0.resolve(rest) ?? .null }
        switch op {
        case .count:
            return .int(elements.count)
        case .allObjects:
            return .array(values)
        case .unionOfObjects:
            return .array(values.filter { !$0.isNull })
        case .distinctUnionOfObjects:
            var seen = Set<FormValue>()
            return .array(values.filter { !$0.isNull && seen.insert($0).inserted })
        case .sum, .avg:
            let numbers = values.compactMap(\.doubleValue)
            let sum = numbers.reduce(0, +)
            if op == .avg { return numbers.isEmpty ? .null : .double(sum / Double(numbers.count)) }
            if values.allSatisfy({ if case .int = $0 { return true } else { return $0.isNull } }),
                sum.magnitude < 9.0e15
            {
                return .int(Int(sum))
            }
            return .double(sum)
        case .min, .max:
            let present = values.filter { !$0.isNull }
            guard var best = present.first else { return .null }
            for candidate in present.dropFirst() {
                guard let order = candidate.compare(to: best) else { continue }
                if (op == .min && order < 0) || (op == .max && order > 0) { best = candidate }
            }
            return best
        }
    }

    /// Orders numbers with numbers and strings with strings; nil for values that do not compare.
    package func compare(to other: FormValue) -> Int? {
        if let a = doubleValue, let b = other.doubleValue { return a < b ? -1 : (a > b ? 1 : 0) }
        if let a = stringValue, let b = other.stringValue { return a < b ? -1 : (a > b ? 1 : 0) }
        return nil
    }
}

extension FormValue {
    /// Writes `newValue` at `path`, creating objects (for keys) and arrays (for indexes) on the way.
    /// An index one past the end appends; further past pads with null.
    package mutating func setValue(_ newValue: FormValue, at path: ValuePath) throws(KeyValueCodingError) {
        // Refused before any change: `assign` detaches each level (sets it to null) while it works,
        // so a throw half-way down would leave the caller's data wiped.
        for case .collectionOperator(let op) in path.components {
            throw KeyValueCodingError(path: path.description, message: "cannot write through the collection operator @\(op.rawValue)")
        }
        try assign(newValue, path.components[...], whole: path)
    }

    mutating func assign(_ newValue: FormValue, _ components: ArraySlice<ValuePath.Component>, whole: ValuePath)
        throws(KeyValueCodingError)
    {
        guard let first = components.first else {
            self = newValue
            return
        }
        let rest = components.dropFirst()
        switch first {
        case .this:
            try assign(newValue, rest, whole: whole)
        case .collectionOperator(let op):
            throw KeyValueCodingError(path: whole.description, message: "cannot write through the collection operator @\(op.rawValue)")
        case .key(let key):
            if case .array = self, let index = Int(key), index >= 0 {
                try assign(newValue, [.index(index)] + rest, whole: whole)
                return
            }
            var members: OrderedDictionary<String, FormValue>
            if case .object(let existing) = self { members = existing } else { members = [:] }
            self = .null  // release our reference so the member is mutated in place
            // Detach the member by nulling it in place (not removing it), so that it keeps its
            // position among its siblings and is still uniquely referenced while it is mutated.
            let position = members.index(forKey: key)
            var child = FormValue.null
            if let position { swap(&child, &members.values[position]) }
            try child.assign(newValue, rest, whole: whole)
            if let position {
                members.values[position] = child
            } else {
                members[key] = child
            }
            self = .object(members)
        case .index(let index):
            var items: [FormValue]
            if case .array(let existing) = self { items = existing } else { items = [] }
            self = .null
            while items.count <= index { items.append(.null) }
            try items[index].assign(newValue, rest, whole: whole)
            self = .array(items)
        }
    }

    /// Removes the value at `path` (an object member or an array element); nothing if missing.
    /// Works in place, level by level, so removing a field copies nothing around it.
    package mutating func removeValue(at path: ValuePath) {
        guard !path.components.isEmpty else { self = .null; return }
        remove(path.components[...])
    }

    private mutating func remove(_ components: ArraySlice<ValuePath.Component>) {
        guard let first = components.first else { return }
        let rest = components.dropFirst()
        switch (first, self) {
        case (.this, _):
            remove(rest)
        case (.key(let key), .object(var members)):
            guard let position = members.index(forKey: key) else { return }
            self = .null  // release our reference so the members are changed in place
            if rest.isEmpty {
                members.remove(at: position)
            } else {
                var child = FormValue.null
                swap(&child, &members.values[position])
                child.remove(rest)
                members.values[position] = child
            }
            self = .object(members)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            self = .null
            if rest.isEmpty { items.remove(at: index) } else { items[index].remove(rest) }
            self = .array(items)
        case (.key(let key), .array):
            guard let index = Int(key), index >= 0 else { return }
            remove([.index(index)] + rest)
        default:
            return
        }
    }
}
