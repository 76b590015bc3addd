import FormEngine
import Glibc

/// `formctl dump` writes to `OutputStream`s: standard output, or a file written beside its
/// final name and renamed into place by `commit()` once the export is complete.
extension OutputStream: ExportSink {}

extension DumpCommand {
    /// The output directory of `--repeats separate`: made if missing (its parent must exist).
    static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o777) == 0 || errno == EEXIST {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
            throw CommandFailure("formctl: \(path) is not a directory (--repeats separate writes a file per repeat in it)", exitCode: .storage)
        }
        throw CommandFailure("formctl: cannot make the directory \(path): \(String(cString: strerror(errno)))", exitCode: .storage)
    }
}
