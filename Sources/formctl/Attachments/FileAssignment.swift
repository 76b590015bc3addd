import FormCore
import FormEngine

/// `--attach KEY=PATH`: a file for the file field at KEY (`slides`, `speakers.1.bio` inside a
/// repeat), read from PATH (`~` expanded, relative to the working directory).
struct FileAssignment: Sendable {
    var keyPath: String
    var path: String
    /// The file already opened and checked (an answers file's, by `AttachmentDirectory`):
    /// read instead of opening `path` again.
    var opened: AttachmentUpload?

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

    /// The upload the engine reads: the opened file, else PATH when it is a regular file.
    func upload() throws(FormEngineError) -> AttachmentUpload {
        if let opened { return opened }
        return try AttachmentUpload.file(keyPath: keyPath, path: path)
    }
}
