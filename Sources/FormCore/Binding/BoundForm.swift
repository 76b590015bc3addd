/// A definition bound to data: templates expanded, includes inlined, bound values set.
///
/// Its `definition` is itself a valid definition: rendering it again with the same data gives the
/// same output.
public struct BoundForm: Sendable {
    public var definition: FormDefinition
    /// The data the form was bound to.
    public var data: FormValue
    /// Key paths that `bind` pairs named but the data lacked (bound as nil), for a lint.
    public var misses: [BindingMiss]

    public init(definition: FormDefinition, data: FormValue, misses: [BindingMiss] = []) {
        self.definition = definition
        self.data = data
        self.misses = misses
    }
}

/// A `bind` pair whose key path was missing from the data.
public struct BindingMiss: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the `bind` property in the definition (templates once, not per item).
    public var path: String
    /// The key path that was missing, as written.
    public var keyPath: String

    public var description: String { "\(path): the data has no '\(keyPath)' (bound as nil)" }
}
