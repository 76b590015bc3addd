extension DataScope {
    /// Where a key path written inside `scopes` (outermost first) points in the form's data:
    /// `email` inside the second guest is `guests[1].email`.
    ///
    /// Nil when the path has no place in the data: under literal `shared_data` or an element bound
    /// to its own JSON, inside a dictionary key that `iterate:` walks, an item of a collection
    /// operator's result, or the `key` (and `self`) of an `iterateproperties:` entry, objects the
    /// binder made up.
    static func absolutePath(of path: ValuePath, in scopes: [DataScope]) -> ValuePath? {
        if scopes.isEmpty { return path }
        var components = path.components
        // Inside out: each scope's path is relative to the data of the scope around it.
        for scope in scopes.reversed() {
            if scope.isDetached || scope.isDictionaryKey { return nil }
            // An item of a collection operator's result (`@unionOfObjects`) has no path that
            // reads it back; `@allObjects`' items are placed in their collection by the binder.
            if scope.itemPath.components.contains(where: { if case .collectionOperator = $0 { true } else { false } }) { return nil }
            if scope.isKeyValueEntry {
                guard case .key("value")? = components.first, let key = scope.propertyKey else { return nil }
                components = scope.path.components + [.key(key)] + components.dropFirst()
            } else {
                components = scope.itemPath.components + components
            }
        }
        return ValuePath(components: components)
    }
}
