extension FormValue {
    /// `typeName` in the language of the messages: what "found a string" says in a message to
    /// a person (`typeName` stays English for `check` and expression errors).
    var foundName: String {
        switch self {
        case .null: return LibraryMessages.text(.foundNull)
        case .bool: return LibraryMessages.text(.foundBoolean)
        case .int, .double: return LibraryMessages.text(.foundNumber)
        case .string: return LibraryMessages.text(.foundString)
        case .array: return LibraryMessages.text(.foundArray)
        case .object: return LibraryMessages.text(.foundObject)
        }
    }
}
