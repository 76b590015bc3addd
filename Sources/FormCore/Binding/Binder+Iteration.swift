import OrderedCollections

extension Binder {
    /// Each item of the collection an iteration names, with the scope that says where the item
    /// sits. A missing or non-collection value iterates nothing; a missing one is noted as a
    /// miss, of items a person adds when `repeatTemplate` (the element a repeat section builds
    /// per item) holds fields, else of items only the data gives.
    mutating func items(
        of iteration: BindingSpec.Iteration, in data: BindingData, path objectPath: DefinitionPath, repeatTemplate: Element? = nil
    ) -> [(BindingData, DataScope)] {
        var result: [(BindingData, DataScope)] = []
        let path = iteration.path
        let collection = data.part(at: path)
        let isMissing = !path.isSelf && data.value.value(at: path) == nil
        switch (iteration, collection.value) {
        case (.items, .array(let items)):
            result.reserveCapacity(items.count)
            let places = Self.itemPlaces(of: path, in: data.value, count: items.count)
            for (index, item) in items.enumerated() {
                result.append((BindingData(value: item, written: collection.written?[index]), places?[index] ?? DataScope(path: path, index: index)))
            }
        case (.items, .object(let members)):
            // Fast enumeration of an NSDictionary gives its keys: each item is a key, a string.
            let keysWritten = collection.written?.objectValue != nil
            for (index, key) in members.keys.enumerated() {
                let item = FormValue.string(key)
                result.append((BindingData(value: item, written: keysWritten ? item : nil),
                               DataScope(path: path, index: index, propertyKey: key, isDictionaryKey: true)))
            }
        case (.properties, .object(let members)):
            result.reserveCapacity(members.count)
            for (index, (key, value)) in members.enumerated() {
                let item: FormValue = .object(["key": .string(key), "value": value])
                let written = collection.written?.objectValue.map { written -> FormValue in
                    .object(["key": .string(key), "value": written[key] ?? .null])
                }
                result.append((BindingData(value: item, written: written),
                               DataScope(path: path, index: index, propertyKey: key, isKeyValueEntry: true)))
            }
        default:
            guard isMissing else { break }
            // A list of items a person fills is theirs to grow; a dictionary's keys are the data's.
            var growable = false
            if case .items = iteration, let repeatTemplate { growable = repeatTemplate.takesRepeatItems }
            noteMiss(path: objectPath.text(appending: "bind"), keyPath: path, source: growable ? .growableItems : .items)
        }
        return result
    }

    /// Where each item of `collection.@allObjects` stands in the data: the collection's own
    /// items (`teams.blue` for an object, `teams[1]` for an array), so that the paths written for
    /// them can be read and written again; an index into the operator's result cannot. Nil for
    /// any other path, and for one whose items have no place of their own (another operator, or
    /// a key path after `@allObjects`).
    static func itemPlaces(of path: ValuePath, in data: FormValue, count: Int) -> [DataScope]? {
        guard case .collectionOperator(.allObjects)? = path.components.last else { return nil }
        let base = ValuePath(components: Array(path.components.dropLast()))
        guard !base.components.contains(where: { if case .collectionOperator = $0 { true } else { false } }) else { return nil }
        switch data.value(at: base) {
        case .object(let members)? where members.count == count:
            return members.keys.enumerated().map { DataScope(path: base, index: $0.offset, propertyKey: $0.element) }
        case .array(let items)? where items.count == count:
            return items.indices.map { DataScope(path: base, index: $0) }
        default:
            return nil
        }
    }

    /// The data an include binds to: its `shared_data` (an object whose `@{keyPath}` strings are
    /// looked up in the including data, or one `@{keyPath}` string), else the including data.
    func sharedData(for include: Include, data: BindingData) -> (BindingData, DataScope) {
        guard let shared = include.sharedData else { return (data, DataScope(path: .this)) }
        if case .string(let text) = shared, let path = Self.plainReference(text) {
            return (data.part(at: path), DataScope(path: path))
        }
        return (data.resolving(shared), DataScope(path: .this, isDetached: true))
    }

    /// `@{user.address}` → the key path `user.address`; nil for anything else.
    static func plainReference(_ text: String) -> ValuePath? {
        let trimmed = text.trimmingSpaces
        guard trimmed.hasPrefix("@{"), trimmed.hasSuffix("}") else { return nil }
        let inner = String(trimmed.dropFirst(2).dropLast())
        return try? ValuePath(parsing: inner)
    }
}

extension Element {
    /// Applies the derived properties the definition wrote (`selectedValue`, `numberValue` on a
    /// boolean, `ticksValue` on a date...) through their setters, after its plain properties and
    /// in the order written, so that `"values": [...], "selectedValue": "b"` selects `b` whichever
    /// comes first. (QuickDialog sets a definition's properties in dictionary order, which is no
    /// order at all.) An expression is left for the session to evaluate.
    mutating func applyWrittenDerivedProperties() {
        // Most elements have none; look before copying anything.
        guard properties.keys.contains(where: { FieldValueType.isDerived($0, for: kind) }) else { return }
        let derived = properties.filter { FieldValueType.isDerived($0.key, for: kind) }
        for (name, value) in derived {
            if case .string(let text) = value, PropertyExpression.containsExpression(text) { continue }
            FieldValueType.set(name, to: value, on: &self)
        }
    }
}
