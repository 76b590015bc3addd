#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads input files with the care a path from a definition needs: a size cap checked before and
/// while reading (a 1 GB sparse file or `/dev/zero` is refused, not read until memory runs out),
/// and, for includes, regular files only, looked at with `stat` and opened non-blocking so that
/// a FIFO, a device or `/dev/stdin` is refused without being read and never blocks the load.
package enum BoundedFileReader {
    /// The bytes of `path`, at most `maximumBytes` of them.
    ///
    /// With `regularFileOnly` anything but a regular file is refused before it is opened, and the
    /// file is opened without following a final symbolic link (callers pass a resolved path).
    /// Without it (a file named on the command line, which may be a pipe the user set up),
    /// reading blocks as reading a pipe does, and only a directory is refused.
    package static func read(_ path: String, maximumBytes: Int, regularFileOnly: Bool) throws(FileReadError) -> [UInt8] {
        var expected = stat()
        if regularFileOnly {
            guard stat(path, &expected) == 0 else { throw FileReadError(path: path, code: errno) }
            if let kind = FileReadError.kind(of: expected.st_mode) { throw FileReadError(path: path, reason: .notRegularFile(kind: kind)) }
            guard Int(expected.st_size) <= maximumBytes else { throw FileReadError(path: path, reason: .tooLarge(limit: maximumBytes)) }
        }
        let flags = O_RDONLY | O_CLOEXEC | (regularFileOnly ? O_NONBLOCK | O_NOFOLLOW : 0)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { throw FileReadError(path: path, code: errno) }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { throw FileReadError(path: path, code: errno) }
        if opened.st_mode & S_IFMT == S_IFDIR { throw FileReadError(path: path, reason: .notRegularFile(kind: "a directory")) }
        if regularFileOnly {
            // The path may have been replaced between the stat and the open.
            if let kind = FileReadError.kind(of: opened.st_mode) { throw FileReadError(path: path, reason: .notRegularFile(kind: kind)) }
            guard opened.st_dev == expected.st_dev, opened.st_ino == expected.st_ino else {
                throw FileReadError(path: path, reason: .changedWhileOpening)
            }
        }
        return try readAll(descriptor, path: path, maximumBytes: maximumBytes, sizeHint: Int(opened.st_size))
    }

    private static func readAll(_ descriptor: Int32, path: String, maximumBytes: Int, sizeHint: Int) throws(FileReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(sizeHint, 0), maximumBytes) + 1)
        let chunkSize = 1 << 16
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            // One byte more than allowed is enough to know the file is too large.
            let wanted = min(chunkSize, maximumBytes + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, code: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumBytes { throw FileReadError(path: path, reason: .tooLarge(limit: maximumBytes)) }
        }
    }
}

/// `read(2)`, which `BoundedFileReader.read` would otherwise shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// A file that could not be read, with the reason.
package struct FileReadError: Error, Sendable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// The system refused (`errno`).
        case system(Int32)
        /// A directory, device, FIFO or socket where a regular file is needed ("a FIFO").
        case notRegularFile(kind: String)
        /// Larger than the bytes allowed.
        case tooLarge(limit: Int)
        /// Replaced by something else between being looked at and being opened.
        case changedWhileOpening
        /// Not UTF-8 from this byte offset on.
        case invalidUTF8(offset: Int)
    }

    package var path: String
    package var reason: Reason

    package init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    package init(path: String, code: Int32) { self.init(path: path, reason: .system(code)) }

    /// The system's error number, or 0 when the reason is not the system's.
    package var code: Int32 {
        if case .system(let code) = reason { return code }
        return 0
    }

    package var description: String {
        switch reason {
        case .system(let code): return strerror(code).map { String(cString: $0) } ?? "error \(code)"
        case .notRegularFile(let kind): return "it is \(kind), not a regular file"
        case .tooLarge(let limit): return "it is larger than \(ByteCount(limit)), the most allowed"
        case .changedWhileOpening: return "it was replaced while being opened"
        case .invalidUTF8(let offset): return "it is not valid UTF-8 (byte offset \(offset))"
        }
    }

    /// What a file that is not a regular file is, in words; nil for a regular file.
    package static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }
}

/// A size in bytes as a person reads it: `64 MiB`, `1,500 bytes`.
package struct ByteCount: CustomStringConvertible, Sendable {
    package var bytes: Int
    package init(_ bytes: Int) { self.bytes = bytes }

    package var description: String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
