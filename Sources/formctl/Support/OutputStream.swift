import Glibc

/// Buffered output to a file descriptor: bytes collect in one large buffer and leave in big
/// `write(2)` calls, because a dump of a million rows must not make a system call per field.
///
/// `--output FILE` goes to a new temporary file beside it first (`TemporaryOutputFile`) and is
/// renamed over `FILE` by `commit()`, so a reader never sees half a dump and a failed dump
/// leaves an existing FILE untouched.
final class OutputStream {
    private let descriptor: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    /// For file output: the temporary path and the final one.
    private let paths: (temporary: String, final: String)?
    /// Where the bytes go, for error messages.
    let name: String

    private init(descriptor: Int32, name: String, paths: (String, String)?, capacity: Int) {
        self.descriptor = descriptor
        self.name = name
        self.paths = paths
        self.capacity = capacity
        self.buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
        if let paths, !committed {
            // Not committed (an error was thrown): leave no temporary file behind.
            close(descriptor)
            unlink(paths.temporary)
        }
    }

    static func standardOutput(capacity: Int = 1 << 18) -> OutputStream {
        OutputStream(descriptor: STDOUT_FILENO, name: "standard output", paths: nil, capacity: capacity)
    }

    static func standardError(capacity: Int = 1 << 14) -> OutputStream {
        OutputStream(descriptor: STDERR_FILENO, name: "standard error", paths: nil, capacity: capacity)
    }

    /// Opens a temporary file beside `path` for writing; an unwritable place is a storage
    /// failure (exit 3).
    static func file(_ path: String, capacity: Int = 1 << 18) throws -> OutputStream {
        let (descriptor, temporary) = try TemporaryOutputFile.create(beside: path)
        return OutputStream(descriptor: descriptor, name: path, paths: (temporary, path), capacity: capacity)
    }

    @inline(__always)
    func write(_ byte: UInt8) throws {
        if count == capacity { try flush() }
        buffer[count] = byte
        count += 1
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if bytes.count > capacity - count {
            try flush()
            // Larger than the whole buffer: straight through, no copy.
            if bytes.count >= capacity { return try writeAll(base, bytes.count) }
        }
        (buffer + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    func flush() throws {
        guard count > 0 else { return }
        let pending = count
        count = 0
        try writeAll(UnsafeRawPointer(buffer), pending)
    }

    /// Flushes and, for file output, makes the file durable and renames it into place.
    func commit() throws {
        try flush()
        guard let paths else { return }
        if fsync(descriptor) != 0 { throw failure() }
        committed = true
        if close(descriptor) != 0 {
            let error = failure()
            unlink(paths.temporary)
            throw error
        }
        if rename(paths.temporary, paths.final) != 0 {
            let error = failure()
            unlink(paths.temporary)
            throw error
        }
    }

    /// Set once the descriptor is closed by `commit`, so the deinit neither closes it again nor
    /// removes what `commit` is putting in place.
    private var committed = false

    private func writeAll(_ base: UnsafeRawPointer, _ length: Int) throws {
        var offset = 0
        while offset < length {
            let written = Glibc.write(descriptor, base + offset, length - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            offset += written
        }
    }

    private func failure() -> CommandFailure {
        CommandFailure("formctl: cannot write \(name): \(String(cString: strerror(errno)))", exitCode: .storage)
    }
}
