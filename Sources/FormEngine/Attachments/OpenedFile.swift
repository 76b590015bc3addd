import FormCore
#if canImport(Glibc)
import Glibc
#endif

/// A regular file opened for an upload, read in pieces as the upload is staged. The
/// descriptor is checked (`fstat`) once opened, so what is read is what was checked, even if
/// the path changes meanwhile.
final class OpenedFile: @unchecked Sendable {
    // @unchecked: the descriptor is immutable and read by one task at a time (the staging that
    // iterates its bytes); read() keeps the position in the kernel.
    let descriptor: Int32
    /// The path as given, for messages.
    let path: String

    /// Takes over `descriptor`, which must be a regular file: anything else (a directory, a
    /// device, a FIFO, a socket) is closed and refused with what it is.
    init(descriptor: Int32, path: String) throws(OpenFileError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw OpenFileError(path: path, problem: String(cString: strerror(code)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw OpenFileError(path: path, problem: "is \(FileReadError.kind(of: info.st_mode) ?? "not a regular file"), not a regular file")
        }
        // Opened without blocking so a FIFO could not hang the open; a regular file reads the same.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        self.descriptor = descriptor
        self.path = path
    }

    /// Opens `path` (symbolic links followed) as a regular file.
    convenience init(path: String) throws(OpenFileError) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw OpenFileError(path: path, problem: String(cString: strerror(errno))) }
        try self.init(descriptor: descriptor, path: path)
    }

    deinit { close(descriptor) }

    /// The file's bytes, `pieceSize` at a time.
    var bytes: FileBytes { FileBytes(file: self) }

    static let pieceSize = 64 * 1024
}

/// An opened file's bytes as an async sequence of pieces, read as they are asked for.
struct FileBytes: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let file: OpenedFile

    struct AsyncIterator: AsyncIteratorProtocol {
        let file: OpenedFile
        var ended = false

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard !ended else { return nil }
            var piece = [UInt8](repeating: 0, count: OpenedFile.pieceSize)
            while true {
                let got = piece.withUnsafeMutableBytes { read(file.descriptor, $0.baseAddress, $0.count) }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw OpenFileError(path: file.path, problem: String(cString: strerror(errno)))
                }
                if got == 0 {
                    ended = true
                    return nil
                }
                return piece[0..<got]
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(file: file) }
}

/// A file to attach could not be opened or read, or is not a regular file.
public struct OpenFileError: Error, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What is wrong with it: "is a directory, not a regular file", "No such file or directory".
    public var problem: String
    /// `PATH: PROBLEM`.
    public var description: String { "\(path): \(problem)" }
}
