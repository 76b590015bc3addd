import OrderedCollections

extension Binder {
    /// Each item of the collection an iteration names, with the scope that says where the item
    /// sits. A missing or non-collection value iterates nothing (and is a miss of the `bind` of
    /// the object at `path`).
    mutating func items(of iteration: BindingSpec.Iteration, in data: FormValue, path objectPath: DefinitionPath) -> [(FormValue, DataScope)] {
        var result: [(FormValue, DataScope)] = []
        func body(_ item: FormValue, _ scope: DataScope) { result.append((item, scope)) }
        let path = iteration.path
        let collection = path.isSelf ? data : data.value(at: path)
        switch iteration {
        case .items:
            switch collection {
            case .array(let items)?:
                result.reserveCapacity(items.count)
                for (index, item) in items.enumerated() { body(item, DataScope(path: path, index: index)) }
            case .object(let members)?:
                // KVC iterates a dictionary's values when asked to iterate it as a collection.
                for (index, (key, value)) in members.enumerated() {
                    body(value, DataScope(path: path, index: index, propertyKey: key))
                }
            default:
                if collection == nil { noteMiss(path: objectPath.text(appending: "bind"), keyPath: path) }
            }
        case .properties:
            guard case .object(let members)? = collection else {
                if collection == nil { noteMiss(path: objectPath.text(appending: "bind"), keyPath: path) }
                return result
            }
            result.reserveCapacity(members.count)
            for (index, (key, value)) in members.enumerated() {
                let item: FormValue = .object(["key": .string(key), "value": value])
                body(item, DataScope(path: path, index: index, propertyKey: key, isKeyValueEntry: true))
            }
        }
        return result
    }

    /// The data an include binds to: its `shared_data` (an object whose `@{keyPath}` strings are
    /// looked up in the including data, or one `@{keyPath}` string), else the including data.
    func sharedData(for include: Include, data: FormValue) -> (FormValue, DataScope) {
        guard let shared = include.sharedData else { return (data, DataScope(path: .this)) }
        if case .string(let text) = shared, let path = Self.plainReference(text) {
            return (data.value(at: path) ?? .null, DataScope(path: path))
        }
        return (resolveReferences(in: shared, data: data), DataScope(path: .this, isDetached: true))
    }

    func resolveReferences(in value: FormValue, data: FormValue) -> FormValue {
        switch value {
        case .string(let text):
            guard let path = Self.plainReference(text) else { return value }
            return data.value(at: path) ?? .null
        case .array(let items):
            return .array(items.map { resolveReferences(in: $0, data: data) })
        case .object(let members):
            var resolved = OrderedDictionary<String, FormValue>()
            for (key, member) in members { resolved[key] = resolveReferences(in: member, data: data) }
            return .object(resolved)
        default:
            return value
        }
    }

    /// `@{user.address}` → the key path `user.address`; nil for anything else.
    static func plainReference(_ text: String) -> ValuePath? {
        let trimmed = text.trimmingSpaces
        guard trimmed.hasPrefix("@{"), trimmed.hasSuffix("}") else { return nil }
        let inner = String(trimmed.dropFirst(2).dropLast())
        return try? ValuePath(parsing: inner)
    }

    /// QuickDialog's radio setters: binding `selectedValue` or `selectedItem` moves `selected`.
    func applyRadioSelection(to element: inout Element) {
        guard element.kind.isA(.radio) else { return }
        if let wanted = element.properties["selectedValue"], !wanted.isNull {
            let choices = element.values ?? element.properties["items"]?.arrayValue ?? []
            if let index = choices.firstIndex(where: { $0 == wanted || $0.displayString == wanted.displayString }) {
                element.properties["selected"] = .int(index)
            }
        } else if let wanted = element.properties["selectedItem"]?.displayString {
            if let index = element.items.firstIndex(of: wanted) { element.properties["selected"] = .int(index) }
        }
    }
}
