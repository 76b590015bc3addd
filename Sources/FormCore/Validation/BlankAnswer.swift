/// What counts as no answer, defined once: the fill path stores text made only of white space
/// as null (see `SessionState.write`), and validation reads the same rule, so that a value
/// `required` would refuse is never stored as typed past `pattern`, `minLength` or `email`.
extension FormValue {
    /// Null for text that is empty or only white space (spaces, tabs, line breaks and the
    /// other Unicode white space); any other value as it is.
    var blankTextAsNull: FormValue {
        if case .string(let text) = self, text.isBlank { return .null }
        return self
    }
}

extension String {
    /// Empty, or only white space: no answer.
    var isBlank: Bool { trimmingSpaces.isEmpty }
}
