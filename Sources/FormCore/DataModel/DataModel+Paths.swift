/// The class of what a key path reads from declared data: what `check` compares an
/// expression's literals with.
extension DataModel {
    /// The class at a key path of the data (`user.age` is `Int?` when `user` is a declared
    /// `User?` whose `age` is `Int?`; an optional on the way makes the result optional, and so
    /// does a dictionary's value or an array's item, which may be missing); nil when the path
    /// leaves what is declared (an undeclared name or member, a member of an undescribed class
    /// or of `Any`). Key paths read as the data reads them: a key on an array applies to every
    /// item (`users.name` is `[String]`), `@count` is `Int`, `@sum` a number.
    package func dataClass(at path: ValuePath) -> DataClass? {
        var components = path.components[...]
        while components.first == .this { components = components.dropFirst() }
        guard case .key(let name) = components.first, let declaration = declaration(of: name) else { return nil }
        return walk(declaration.dataClass, components.dropFirst())
    }

    private func walk(_ dataClass: DataClass, _ components: ArraySlice<ValuePath.Component>) -> DataClass? {
        guard let first = components.first else { return dataClass }
        let rest = components.dropFirst()
        let (base, isOptional) = dataClass.unwrapped
        let found: DataClass?
        switch (first, base) {
        case (.this, _):
            return walk(dataClass, rest)
        case (.key(let key), .custom(let name)):
            found = classes[name]?[key].flatMap { walk($0, rest) }
        case (.key, .dictionary(_, let value)):
            found = walk(value, rest).map(Self.optional)
        case (.key(let key), .array(let item)), (.key(let key), .set(let item)):
            if Int(key) != nil {
                found = walk(item, rest).map(Self.optional)
            } else {
                // As the data reads it: the key applied to every item.
                found = walk(item, components).map(DataClass.array)
            }
        case (.index, .array(let item)), (.index, .set(let item)):
            found = walk(item, rest).map(Self.optional)
        case (.collectionOperator(let op), .array(let item)), (.collectionOperator(let op), .set(let item)),
            (.collectionOperator(let op), .dictionary(_, let item)):
            found = result(of: op, over: item, rest)
        default:
            return nil
        }
        return isOptional ? found.map(Self.optional) : found
    }

    /// What a collection operator gives over items of `item`, read at `rest`.
    private func result(of op: CollectionOperator, over item: DataClass, _ rest: ArraySlice<ValuePath.Component>) -> DataClass? {
        switch op {
        case .count: return .int
        case .sum: return walk(item, rest).map { _ in .double }
        case .avg: return walk(item, rest).map { _ in .optional(.double) }
        case .min, .max: return walk(item, rest).map(Self.optional)
        case .allObjects: return walk(item, rest).map(DataClass.array)
        case .unionOfObjects, .distinctUnionOfObjects: return walk(item, rest).map { .array($0.unwrapped.base) }
        }
    }

    /// `dataClass` as a value that may be null (Any already may).
    private static func optional(_ dataClass: DataClass) -> DataClass {
        dataClass == .any ? .any : .optional(dataClass.unwrapped.base)
    }
}
