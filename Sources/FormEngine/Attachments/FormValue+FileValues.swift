import FormCore

/// Finding and placing file fields' values (`AttachmentReference`s) in a submission's values.
extension FormValue {
    /// Each file field's references in these values, by key path (`talks.1.slides`), the files
    /// of a field in their order. Only members that hold a reference (or an array of them) are
    /// looked up among the form's file fields, so values without files cost one walk.
    func fileReferences(in form: CompiledForm) -> [(keyPath: String, references: [AttachmentReference])] {
        var found: [(keyPath: String, references: [AttachmentReference])] = []
        collectFileReferences(prefix: "", form: form, into: &found)
        return found
    }

    private func collectFileReferences(prefix: String, form: CompiledForm,
                                       into found: inout [(keyPath: String, references: [AttachmentReference])])
    {
        switch self {
        case .object(let members):
            for (key, member) in members {
                let path = prefix.isEmpty ? key : prefix + "." + key
                if let references = member.asReferences, form.fileRules(atKeyPath: path) != nil {
                    found.append((path, references))
                } else {
                    member.collectFileReferences(prefix: path, form: form, into: &found)
                }
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                item.collectFileReferences(prefix: prefix + "." + String(index), form: form, into: &found)
            }
        default:
            break
        }
    }

    /// The references this value holds as a file field's value: one, or a non-empty array of
    /// them; nil for anything else.
    var asReferences: [AttachmentReference]? {
        if let one = AttachmentReference(formValue: self) { return [one] }
        guard case .array(let items) = self, !items.isEmpty else { return nil }
        let references = items.compactMap(AttachmentReference.init(formValue:))
        return references.count == items.count ? references : nil
    }

    /// These values with `value` at the dotted `keyPath`, making the objects and repeat items
    /// (arrays, for the digit steps) on the way: `talks.1.slides` in `{}` makes
    /// `{"talks": [{}, {"slides": value}]}`, and items already there keep their other fields.
    func setting(_ value: FormValue, atKeyPath keyPath: String) -> FormValue {
        setting(value, steps: keyPath.split(separator: ".", omittingEmptySubsequences: false)[...])
    }

    private func setting(_ value: FormValue, steps: ArraySlice<Substring>) -> FormValue {
        guard let step = steps.first else { return value }
        let rest = steps.dropFirst()
        if let index = Int(step), index >= 0, index < 100_000 {
            var items: [FormValue]
            if case .array(let existing) = self { items = existing } else { items = [] }
            while items.count <= index { items.append(.emptyObject) }
            items[index] = items[index].setting(value, steps: rest)
            return .array(items)
        }
        let key = String(step)
        guard case .object(var members) = self else { return .object([key: FormValue.null.setting(value, steps: rest)]) }
        members[key] = (members[key] ?? .null).setting(value, steps: rest)
        return .object(members)
    }
}
