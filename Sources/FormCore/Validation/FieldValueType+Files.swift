/// How a file field takes its value: references to files the store keeps, never text.
extension FieldValueType {
    /// What a file field says to anything that is no file: what it found, and how to attach one.
    static func fileExpected(found: String) -> String {
        LibraryMessages.text(.fileExpected, ["found": .text(found), "hint": .text(FieldError.attachHint)])
    }

    /// A file field's answer: null (or an empty list) for no file, one reference, or a list of
    /// them. A field that takes one file holds a reference and one that takes several a list,
    /// whichever was given; more files than the field takes are kept as given for validation
    /// (and a draft) to report. Anything that is not a reference (a path, a `{"file": PATH}`
    /// the channel did not resolve, a reference with a member too many) is refused.
    static func fileValue(_ answer: FormValue, maximumFiles: Int) -> Result<FormValue, FieldInputError> {
        let given: [FormValue]
        switch answer {
        case .null: return .success(.null)
        case .object: given = [answer]
        case .array(let items): given = items
        default: return .failure(FieldInputError(fileExpected(found: answer.foundName)))
        }
        for (position, item) in given.enumerated() where AttachmentReference(formValue: item) == nil {
            let found = item.objectValue == nil ? item.foundName : LibraryMessages.text(.noStoredFileReference)
            let placed = answer.arrayValue == nil ? found : LibraryMessages.text(.atItem, ["found": .text(found), "position": .int(position)])
            return .failure(FieldInputError(fileExpected(found: placed)))
        }
        if given.isEmpty { return .success(.null) }
        if maximumFiles == 1, given.count == 1 { return .success(given[0]) }
        return .success(.array(given))
    }

    /// The references a file field's value holds; nil when it holds something else.
    static func references(in value: FormValue) -> [AttachmentReference]? {
        let items = value.arrayValue ?? [value]
        var references: [AttachmentReference] = []
        for item in items {
            guard let reference = AttachmentReference(formValue: item) else { return nil }
            references.append(reference)
        }
        return references
    }
}
