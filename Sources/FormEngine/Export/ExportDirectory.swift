#if canImport(Glibc)
import Glibc
#endif

/// Makes an export's files under its directory one component at a time, relative to the
/// directory opened before (`mkdirat`, `openat` without following links), so nothing already
/// in the directory, a symbolic link included, can send a file elsewhere.
struct ExportDirectory {
    let root: String

    /// A file opened for writing (created, or emptied) at `path` (`uuid/key path/name`) under
    /// the root, making the directories on the way.
    func create(_ path: String) throws(ExportFileError) -> ExportOutput {
        let steps = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for step in steps where step.isEmpty || step == "." || step == ".." || step.utf8.contains(0) {
            throw ExportFileError(path: path, problem: "'\(step)' is not a name a file or directory can have here")
        }
        if mkdir(root, 0o755) != 0 && errno != EEXIST {
            throw ExportFileError(path: root, problem: String(cString: strerror(errno)))
        }
        var directory = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw ExportFileError(path: root, problem: String(cString: strerror(errno))) }
        defer { close(directory) }
        var walked = root
        for step in steps.dropLast() {
            walked += "/" + step
            if mkdirat(directory, step, 0o755) != 0 && errno != EEXIST {
                throw ExportFileError(path: walked, problem: String(cString: strerror(errno)))
            }
            let next = openat(directory, step, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw Self.refusal(walked, in: directory, step: step, errno: errno) }
            close(directory)
            directory = next
        }
        let name = steps[steps.count - 1]
        let descriptor = openat(directory, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.refusal(walked + "/" + name, in: directory, step: name, errno: errno) }
        return ExportOutput(descriptor: descriptor, path: walked + "/" + name)
    }

    /// Why `step` could not be opened: a symbolic link (never followed), or the system's word.
    static func refusal(_ path: String, in directory: Int32, step: String, errno code: Int32) -> ExportFileError {
        var info = stat()
        if code == ELOOP || (fstatat(directory, step, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK) {
            return ExportFileError(path: path, problem: "is a symbolic link, which is not followed")
        }
        return ExportFileError(path: path, problem: String(cString: strerror(code)))
    }
}

/// A file an export writes.
struct ExportOutput {
    let descriptor: Int32
    let path: String

    func write(_ bytes: [UInt8]) throws(ExportFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw ExportFileError(path: path, problem: String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    func close() { _ = Glibc.close(descriptor) }
}
