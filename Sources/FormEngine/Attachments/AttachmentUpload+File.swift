import FormCore

extension AttachmentUpload {
    /// The regular file at `path` as an upload for the field at `keyPath`, named by its last
    /// path component and read in pieces while it is staged (never whole in memory). The file
    /// is opened now: a path that does not exist or cannot be read, or that is a directory, a
    /// device, a FIFO or a socket, is refused at once (`invalid`, naming the field).
    public static func file(keyPath: String, path: String, declaredType: String? = nil) throws(FormEngineError) -> AttachmentUpload {
        let opened: OpenedFile
        do { opened = try OpenedFile(path: path) } catch {
            throw .invalid([FieldError(path: keyPath, rule: "file", message: LibraryMessages.text(.cannotAttach, ["reason": .text("\(error)")]))])
        }
        return AttachmentUpload(keyPath: keyPath, fileName: lastComponent(of: path), declaredType: declaredType, bytes: opened.bytes)
    }

    /// The name after the last `/` (the whole path when there is none).
    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
