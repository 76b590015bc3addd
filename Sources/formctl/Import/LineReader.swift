import Glibc

/// Reads a file (or standard input) line by line into one reusable buffer, handing each line
/// out as bytes: an import of a million lines creates no String per line.
final class LineReader {
    private let descriptor: Int32
    private let name: String
    private let ownsDescriptor: Bool
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes read so far, for the progress bar.
    private(set) var bytesRead = 0

    /// `-` is standard input. A file that cannot be opened is an I/O failure (exit 3).
    init(path: String, capacity: Int = 1 << 20) throws {
        if path == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
            name = "standard input"
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw CommandFailure("formctl: cannot read \(path): \(String(cString: strerror(errno)))", exitCode: .storage)
            }
            ownsDescriptor = true
            name = path
        }
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
        if ownsDescriptor { close(descriptor) }
    }

    /// The size of a regular file, for a progress bar that knows its end; nil for pipes.
    var fileSize: Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Calls `body` with each line, without its `\n` (or `\r\n`). A last line without a newline
    /// counts too. The bytes are valid only during the call.
    func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) async throws -> Void) async throws {
        var start = 0, end = 0, scanned = 0
        var atEnd = false
        while true {
            if let newline = firstNewline(from: scanned, to: end) {
                try await body(line(start, newline))
                start = newline + 1
                scanned = start
                continue
            }
            scanned = end
            if atEnd {
                if start < end { try await body(line(start, end)) }
                return
            }
            // Keep the partial line: move it to the front, grow if it fills the buffer.
            if start > 0 {
                (buffer).update(from: buffer + start, count: end - start)
                end -= start
                scanned -= start
                start = 0
            }
            if end == capacity { grow() }
            let count = read(descriptor, buffer + end, capacity - end)
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure("formctl: cannot read \(name): \(String(cString: strerror(errno)))", exitCode: .storage)
            }
            if count == 0 { atEnd = true }
            end += count
            bytesRead += count
        }
    }

    private func firstNewline(from: Int, to: Int) -> Int? {
        guard from < to, let found = memchr(buffer + from, 0x0A, to - from) else { return nil }
        return buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func line(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        var end = end
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        return UnsafeBufferPointer(start: buffer + start, count: end - start)
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        bigger.update(from: buffer, count: capacity)
        buffer.deallocate()
        buffer = bigger
        capacity *= 2
    }
}
