import FormCore
import FormEngine

/// `--attach KEY=PATH`: a file for the file field at KEY (`slides`, `speakers.1.bio` inside a
/// repeat), read from PATH (`~` expanded, relative to the working directory).
struct FileAssignment: Sendable {
    var keyPath: String
    var path: String

    init(keyPath: String, path: String) {
        self.keyPath = keyPath
        self.path = path
    }

    /// nil without an `=`, or with nothing before or after it.
    init?(_ argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex,
            argument.index(after: equals) != argument.endIndex
        else { return nil }
        keyPath = String(argument[..<equals])
        path = LocalPath.expanded(String(argument[argument.index(after: equals)...]))
    }

    /// The upload the engine reads, when PATH is a regular file.
    func upload() throws(FormEngineError) -> AttachmentUpload {
        try AttachmentUpload.file(keyPath: keyPath, path: path)
    }
}
