import FormCore
import FormEngine

/// The `{"file": "relative/path"}` values of an answers object, by key path, in the order
/// FormEngine's `AttachmentDirectory` reads them: on a terminal, the prompter stages the files
/// the directory opened and checked (no path outside it, no link, nothing but a regular file),
/// and its submit reads them again from these paths, as a file attached at a prompt is, keeping
/// them only if their SHA-256 is the one first read.
enum FileAnswers {
    /// Each file answer as a path under `root`, paired in order with the upload
    /// `AttachmentDirectory.uploads(in:for:)` opened for it (`opened`, one per file answer).
    static func assignments(in answers: FormValue, root: String, opened: [AttachmentUpload]) -> [FileAssignment] {
        var found: [FileAssignment] = []
        collect(answers, prefix: "", root: root, into: &found)
        guard found.count == opened.count else { return found }
        for index in found.indices { found[index].opened = opened[index] }
        return found
    }

    private static func collect(_ value: FormValue, prefix: String, root: String, into found: inout [FileAssignment]) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                let keyPath = prefix.isEmpty ? key : prefix + "." + key
                if let paths = filePaths(member) {
                    found += paths.map { FileAssignment(keyPath: keyPath, path: root + "/" + $0) }
                } else {
                    collect(member, prefix: keyPath, root: root, into: &found)
                }
            }
        case .array(let items):
            for (index, item) in items.enumerated() { collect(item, prefix: prefix + "." + String(index), root: root, into: &found) }
        default:
            break
        }
    }

    /// `{"file": PATH}`'s path, or the paths of a non-empty array of such objects.
    private static func filePaths(_ value: FormValue) -> [String]? {
        func path(_ item: FormValue) -> String? {
            guard case .object(let members) = item, members.count == 1, case .string(let path)? = members["file"] else { return nil }
            return path
        }
        if let one = path(value) { return [one] }
        guard case .array(let items) = value, !items.isEmpty else { return nil }
        let paths = items.compactMap(path)
        return paths.count == items.count ? paths : nil
    }
}
