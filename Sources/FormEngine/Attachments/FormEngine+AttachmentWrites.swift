import FormCore
import FormStore

/// From a submit's final values to the files the store writes with them. A file field's value
/// is a reference to bytes by their SHA-256; a reference is only stored when this request sent
/// those bytes (staged) or the draft or submission it changes holds that very reference, so
/// nobody attaches a stored file by guessing its hash.
extension FormEngine {
    /// The store's writes for every reference in `values` (key path and position from where it
    /// sits), bytes from `staged` for files sent now, none for files `held` already; each
    /// reference that is neither is a `file` error on its field.
    func attachmentWrites(for values: FormValue, of form: CompiledForm, staged: StagedAttachments?,
                          held: Set<AttachmentReference>) -> (writes: [AttachmentWrite], errors: [FieldError])
    {
        // A form without a file field holds no reference to check: spare the walk of its values.
        guard form.hasFileFields else { return ([], []) }
        var writes: [AttachmentWrite] = []
        var errors: [FieldError] = []
        let sent = staged?.files ?? []
        for (keyPath, references) in values.fileReferences(in: form) {
            for (position, reference) in references.enumerated() {
                let content: (any AttachmentContent)?
                if let file = sent.first(where: { $0.reference == reference }) {
                    content = file.spool
                } else if held.contains(reference) {
                    content = nil
                } else {
                    errors.append(Self.unheldReference(at: keyPath, reference))
                    continue
                }
                writes.append(AttachmentWrite(keyPath: keyPath, position: position, name: reference.name,
                                              mediaType: reference.mediaType, size: reference.size, sha256: reference.sha256,
                                              content: content))
            }
        }
        return (writes, errors)
    }

    /// A reference to a stored file that nothing in this submit entitles it to.
    static func unheldReference(at keyPath: String, _ reference: AttachmentReference) -> FieldError {
        FieldError(path: keyPath, rule: "file", message: LibraryMessages.text(.unheldReference, ["name": .text(reference.name.excerpt())]))
    }

    /// The references stored values hold (a draft's, a submission's being edited).
    func heldReferences(in values: FormValue?, of form: CompiledForm) -> Set<AttachmentReference> {
        guard let values, form.hasFileFields else { return [] }
        return Set(values.fileReferences(in: form).flatMap(\.references))
    }

    /// `attachmentWrites`, refusing the submit (`invalid`) when a reference is not allowed.
    func checkedAttachmentWrites(for values: FormValue, of form: CompiledForm, staged: StagedAttachments?,
                                 held: Set<AttachmentReference>) throws(FormEngineError) -> [AttachmentWrite]
    {
        let (writes, errors) = attachmentWrites(for: values, of: form, staged: staged, held: held)
        if !errors.isEmpty { throw .invalid(errors) }
        return writes
    }

    /// `answers` with each staged file's reference as its field's value: one reference, or an
    /// array of the field's files in order when it takes more than one (`maximumFiles`). Files
    /// staged for a key replace what the answers (or a resumed draft) gave it.
    static func answers(_ answers: FormValue?, placing staged: StagedAttachments?, form: CompiledForm) -> FormValue? {
        guard let staged, !staged.files.isEmpty else { return answers }
        var result = answers ?? .emptyObject
        var keys: [String] = []
        for file in staged.files where !keys.contains(file.keyPath) { keys.append(file.keyPath) }
        for key in keys {
            let references = staged.files.filter { $0.keyPath == key }.sorted { $0.position < $1.position }.map(\.reference.formValue)
            let takesMany = (form.fileRules(atKeyPath: key)?.maximumFiles ?? 1) > 1
            result = result.setting(takesMany ? .array(references) : references[0], atKeyPath: key)
        }
        return result
    }
}
