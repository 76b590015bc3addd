extension FileFieldRules {
    /// The rules `element` writes (`accept`, `maxSize`, `maximumFiles`, `imageMaxLength`); nil
    /// unless it is a file field. A property left out, or not a literal of its type (which
    /// `check` refuses), takes its default.
    package init?(element: Element) {
        guard element.kind.holdsFiles else { return nil }
        let isImage = element.kind == .image
        var accept = (element.properties["accept"]?.arrayValue ?? []).compactMap(\.stringValue)
        if accept.isEmpty, isImage { accept = ["image/*"] }
        self.init(
            accept: accept,
            maxSize: Self.positiveInt(element.properties["maxSize"]) ?? Self.defaultMaxSize,
            maximumFiles: Self.positiveInt(element.properties["maximumFiles"]) ?? 1,
            imageMaxLength: Self.positiveInt(element.properties["imageMaxLength"]),
            isImage: isImage)
    }

    /// A literal whole number above zero, as the size and count properties must be.
    static func positiveInt(_ value: FormValue?) -> Int? {
        guard let value, value.isNumber, let number = value.intValue, number > 0 else { return nil }
        return number
    }
}

extension ElementKind {
    /// Whether the element's value is a file (or several): an `AttachmentReference`.
    package var holdsFiles: Bool { self == .image || self == .file }
}
