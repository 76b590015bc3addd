extension FieldValidator {
    /// What a file field's rules find in its value, every failure at once: a value that is no
    /// file, more files than `maximumFiles`, and per file `maxSize`, `accept` (the reference's
    /// type, or its name's extension) and `imageMaxLength` (when the image's size is known).
    /// The messages are the ones an upload refused while it is read gets.
    static func fileErrors(_ value: FormValue, rules: FileFieldRules, path: String) -> [FieldError] {
        guard let references = FieldValueType.references(in: value) else {
            return [FieldError(path: path, rule: "file", message: FieldValueType.fileExpected(found: value.foundName))]
        }
        var errors: [FieldError] = []
        if references.count > rules.maximumFiles { errors.append(.tooManyFiles(path: path, limit: rules.maximumFiles)) }
        // One error per rule: five files too large say so once.
        if references.contains(where: { $0.size > rules.maxSize }) {
            errors.append(.fileTooLarge(path: path, limit: rules.maxSize))
        }
        if let refused = references.first(where: { !rules.accepts(mediaType: $0.mediaType, fileName: $0.name) }) {
            errors.append(.fileTypeRefused(path: path, mediaType: refused.mediaType, accept: rules.accept))
        }
        if let limit = rules.imageMaxLength, let large = references.first(where: { max($0.width ?? 0, $0.height ?? 0) > limit }) {
            errors.append(.imageTooLarge(path: path, limit: limit, width: large.width, height: large.height))
        }
        return errors
    }
}
