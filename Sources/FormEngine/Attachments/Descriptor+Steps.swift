#if canImport(Glibc)
import Glibc
#endif

/// The two descriptor moves that uploads, answers' files and exports share: stepping into a
/// directory without following a link, and writing bytes whole.
enum Descriptor {
    /// Why a directory step could not be opened.
    enum StepRefusal: Error {
        /// The step is a symbolic link, which is never followed.
        case symbolicLink
        /// The system's refusal (`ENOTDIR` for a file where a directory should be).
        case system(Int32)
    }

    /// Opens directory `step` under the open `directory`, following no symbolic link.
    static func openDirectory(_ step: String, in directory: Int32) -> Result<Int32, StepRefusal> {
        let next = openat(directory, step, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if next >= 0 { return .success(next) }
        let code = errno
        // Linux says ENOTDIR, not ELOOP, for a link opened as a directory without following it.
        var info = stat()
        let isLink = fstatat(directory, step, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
        return .failure(code == ELOOP || isLink ? .symbolicLink : .system(code))
    }

    /// Writes all of `bytes` to `descriptor`, retrying after interruptions; 0, or the `errno`
    /// of the write that failed.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }
}
