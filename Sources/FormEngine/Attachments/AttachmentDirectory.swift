import FormCore
#if canImport(Glibc)
import Glibc
#endif

/// The directory an answers file's or an import line's `{"file": "relative/path"}` values are
/// read from (`formctl --files DIR`). A path is only followed inside it: an absolute path, a
/// `..` step, a symbolic link anywhere on the way (the directory itself may be one) and
/// anything but a regular file (a directory, a device, a FIFO) are refused, each as an error
/// naming the field. Files are opened one step at a time from the directory, never by
/// resolving the path as text, so a link swapped in meanwhile is not followed either.
public struct AttachmentDirectory: Sendable {
    /// The directory the paths are relative to.
    public var root: String

    /// Paths relative to the directory `root` (itself may be a symbolic link).
    public init(root: String) {
        self.root = root
    }

    /// Turns every `{"file": PATH}` value of `answers` (at file fields of `form`, repeats and
    /// fields of several files included) into an upload of that field, in order; the answers
    /// come back without them, for `SubmissionRequest.answers` beside the uploads'
    /// `attachments`. Every refusal at once (`invalid`): a path refused as above, a value at
    /// a key that is no file field.
    public func uploads(in answers: FormValue, for form: LoadedForm) throws(FormEngineError)
        -> (answers: FormValue, uploads: [AttachmentUpload])
    {
        var remaining = answers
        var uploads: [AttachmentUpload] = []
        var errors: [FieldError] = []
        for (keyPath, paths) in answers.fileAnswers() {
            guard form.compiled.fileRules(atKeyPath: keyPath) != nil else {
                errors.append(.notAFileField(path: keyPath))
                continue
            }
            remaining = remaining.setting(.null, atKeyPath: keyPath)
            for path in paths {
                do {
                    let file = try open(path)
                    uploads.append(AttachmentUpload(keyPath: keyPath, fileName: AttachmentUpload.lastComponent(of: path),
                                                    bytes: file.bytes))
                } catch {
                    errors.append(FieldError(path: keyPath, rule: "file", message: LibraryMessages.text(.cannotAttach, ["reason": .text("\(error)")])))
                }
            }
        }
        if !errors.isEmpty { throw .invalid(errors) }
        return (remaining, uploads)
    }

    /// Opens `relative` under `root`, step by step, following no symbolic link.
    func open(_ relative: String) throws(OpenFileError) -> OpenedFile {
        func refuse(_ problem: String) -> OpenFileError { OpenFileError(path: relative, problem: problem) }
        guard !relative.isEmpty else { throw refuse("is empty; give a path inside \(root)") }
        guard !relative.hasPrefix("/") else { throw refuse("is an absolute path; give a path relative to \(root)") }
        let steps = relative.split(separator: "/").filter { $0 != "." }
        guard !steps.contains("..") else { throw refuse("leads outside \(root) ('..' is not followed)") }
        guard let last = steps.last else { throw refuse("names the directory \(root), not a file in it") }
        var directory = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw refuse("cannot be read: the directory \(root): \(String(cString: strerror(errno)))") }
        defer { close(directory) }
        var walked = ""
        for step in steps.dropLast() {
            walked += (walked.isEmpty ? "" : "/") + step
            switch Descriptor.openDirectory(String(step), in: directory) {
            case .success(let next):
                close(directory)
                directory = next
            case .failure(.symbolicLink):
                throw refuse("goes through a symbolic link (\(walked)), which is not followed")
            case .failure(.system(ENOTDIR)):
                throw refuse("goes through \(walked), which is not a directory")
            case .failure(.system(let code)):
                throw refuse("\(walked): \(String(cString: strerror(code)))")
            }
        }
        let descriptor = openat(directory, String(last), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw refuse("is a symbolic link, which is not followed") }
            throw refuse(String(cString: strerror(errno)))
        }
        return try OpenedFile(descriptor: descriptor, path: relative)
    }
}
