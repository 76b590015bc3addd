#if canImport(Glibc)
import Glibc
#endif

/// Makes an export's files under its directory one component at a time, relative to the
/// directory opened before (`mkdirat`, `openat` without following links), so nothing already
/// in the directory, a symbolic link included, can send a file elsewhere. Each file is written
/// under a new name made exclusively and renamed over its own when complete, so what a
/// previous dump (or anyone) left at that name is replaced, never written through: a hard link
/// to a file elsewhere keeps that file's bytes, and a FIFO cannot block the export.
struct ExportDirectory {
    let root: String

    /// A new file that becomes `path` (`uuid/key path/name`) under the root once `commit()`
    /// is called, making the directories on the way.
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
        var handedOver = false
        defer { if !handedOver { close(directory) } }
        var walked = root
        for step in steps.dropLast() {
            walked += "/" + step
            if mkdirat(directory, step, 0o755) != 0 && errno != EEXIST {
                throw ExportFileError(path: walked, problem: String(cString: strerror(errno)))
            }
            switch Descriptor.openDirectory(step, in: directory) {
            case .success(let next):
                close(directory)
                directory = next
            case .failure(.symbolicLink):
                throw ExportFileError(path: walked, problem: "is a symbolic link, which is not followed")
            case .failure(.system(let code)):
                throw ExportFileError(path: walked, problem: String(cString: strerror(code)))
            }
        }
        let name = steps[steps.count - 1]
        let partial = ".export-\(String(UInt64.random(in: .min ... .max), radix: 16)).part"
        let descriptor = openat(directory, partial, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ExportFileError(path: walked + "/" + partial, problem: String(cString: strerror(errno))) }
        handedOver = true
        return ExportOutput(descriptor: descriptor, directory: directory, partialName: partial, name: name, path: walked + "/" + name)
    }
}

/// A file an export writes, under a name of its own until `commit()`.
struct ExportOutput {
    let descriptor: Int32
    /// The directory it is in, open.
    let directory: Int32
    let partialName: String
    let name: String
    let path: String

    func write(_ bytes: [UInt8]) throws(ExportFileError) {
        let code = bytes.withUnsafeBytes { Descriptor.writeAll(descriptor, $0) }
        if code != 0 { throw ExportFileError(path: path, problem: String(cString: strerror(code))) }
    }

    /// Puts the complete file at its name, replacing whatever entry had it.
    func commit() throws(ExportFileError) {
        guard renameat(directory, partialName, directory, name) == 0 else {
            throw ExportFileError(path: path, problem: String(cString: strerror(errno)))
        }
    }

    /// Closes the file, removing it if it was never committed.
    func close() {
        _ = Glibc.close(descriptor)
        _ = unlinkat(directory, partialName, 0)
        _ = Glibc.close(directory)
    }
}
