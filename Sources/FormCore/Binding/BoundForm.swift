/// A definition bound to data: templates expanded, includes inlined, bound values set.
///
/// Its `definition` keeps each expanded element's `bind` relative to the item it was built from
/// (with `scopes` saying where that item is); `rendered` turns it into a definition that stands on
/// its own: rendering that again with the same data gives the same output.
package struct BoundForm: Sendable {
    package var definition: FormDefinition
    /// The data the form was bound to.
    package var data: FormValue
    /// Key paths that `bind` pairs named but the data lacked (bound as nil), for a lint.
    package var misses: [BindingMiss]

    package init(definition: FormDefinition, data: FormValue, misses: [BindingMiss] = []) {
        self.definition = definition
        self.data = data
        self.misses = misses
    }
}

/// A `bind` pair whose key path was missing from the data.
package struct BindingMiss: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the `bind` property in the definition (templates once, not per item).
    package var path: String
    /// The key path that was missing, as written.
    package var keyPath: String
    /// What the missing key path was to give.
    package var source: Source = .value

    package enum Source: Sendable, Hashable {
        /// A value of an element or a section.
        case value
        /// The items a section or the form builds its fields from (`iterate:`,
        /// `iterateproperties:`): without them it has none.
        case items
        /// The items of a repeat a person fills, who adds them when the data has none: its
        /// list is expected to be missing.
        case growableItems
    }

    package var description: String { "\(path): the data has no '\(keyPath)' (bound as nil)" }
}
