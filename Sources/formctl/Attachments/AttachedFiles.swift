import FormCore
import FormEngine

/// The files a person attached while filling on a terminal, by content: each was staged once
/// to be measured and typed before it was accepted, and its reference set as the field's value.
///
/// What is sent with the submit is made from the session's values when it happens, not from
/// the order files were typed in: a file replaced from the summary, or a repeat item removed
/// (which renumbers the key paths after it), leaves nothing stale behind. A reference the
/// values hold that no file here has (a resumed draft's, an edited submission's) is left to
/// the engine, which keeps the file already stored.
final class AttachedFiles {
    /// The path each accepted file was read from, by SHA-256.
    private(set) var paths: [String: String] = [:]

    func accept(_ reference: AttachmentReference, from path: String) { paths[reference.sha256] = path }

    /// The files to send with `session`'s values: each file field's references, in order, that
    /// were attached here, read again from their paths (nil when none was). A file that changed
    /// since it was accepted is refused, naming the field, rather than stored unseen.
    func staged(for session: FormSession, of form: LoadedForm, engine: FormEngine) async throws(FormEngineError) -> StagedAttachments? {
        guard !paths.isEmpty else { return nil }
        var staged = StagedAttachments()
        for field in session.fields where !field.isHidden && !field.isTemplate {
            guard let keyPath = field.path, form.compiled.fileRules(atKeyPath: keyPath) != nil else { continue }
            for reference in AttachmentReference.all(in: field.value ?? .null) {
                guard let path = paths[reference.sha256] else { continue }
                let upload = try AttachmentUpload.file(keyPath: keyPath, path: path)
                let read = try await engine.stage(upload, for: form, into: &staged)
                if read.sha256 != reference.sha256 {
                    throw .invalid([FieldError(path: keyPath, rule: "file",
                                               message: "\(path) changed after it was attached; attach it again")])
                }
            }
        }
        return staged.files.isEmpty ? nil : staged
    }
}

extension AttachmentReference {
    /// The references a file field's value holds: none, one, or an array's in order.
    static func all(in value: FormValue) -> [AttachmentReference] {
        if let one = AttachmentReference(formValue: value) { return [one] }
        return (value.arrayValue ?? []).compactMap(AttachmentReference.init(formValue:))
    }

    /// `slides.pdf, 1.2 MB, application/pdf` (`, 640×480` for an image whose size was read).
    var summary: String {
        var text = "\(ControlCharacters.escaped(name)), \(FileSizeText.of(size)), \(mediaType)"
        if let width, let height { text += ", \(width)×\(height)" }
        return text
    }
}
