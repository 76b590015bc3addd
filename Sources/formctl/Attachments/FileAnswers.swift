import FormCore
import FormEngine

/// The `{"file": "relative/path"}` values of an answers object, by key path, in the order
/// FormEngine's `AttachmentDirectory` reads them (the engine's own walk, `fileAnswers()`): on
/// a terminal, the prompter stages the files the directory opened and checked (no path outside it, no link, nothing but a regular file),
/// and its submit reads them again from these paths, as a file attached at a prompt is, keeping
/// them only if their SHA-256 is the one first read.
enum FileAnswers {
    /// Each file answer as a path under `root`, paired in order with the upload
    /// `AttachmentDirectory.uploads(in:for:)` opened for it (`opened`, one per file answer).
    static func assignments(in answers: FormValue, root: String, opened: [AttachmentUpload]) -> [FileAssignment] {
        var found = answers.fileAnswers().flatMap { answer in
            answer.paths.map { FileAssignment(keyPath: answer.keyPath, path: root + "/" + $0) }
        }
        guard found.count == opened.count else { return found }
        for index in found.indices { found[index].opened = opened[index] }
        return found
    }
}
