import Glibc

/// Reads a file (or standard input) line by line into one reusable buffer, handing each line
/// out as bytes: an import of a million lines creates no String per line.
final class LineReader {
    private let descriptor: Int32
    private let name: String
    private let ownsDescriptor: Bool
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int

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

    /// The number of lines of a regular file that are not blank (the lines an import
    /// validates), for a progress bar that knows its end; nil for pipes, which can be read only
    /// once. Read with pread, so the reading of the lines is not disturbed; counting costs a read
    /// of the file, far less than validating and storing its lines.
    func countLines() -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = 1 << 20
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { chunk.deallocate() }
        var offset: off_t = 0
        var lines = 0
        // Whether the line being scanned has a byte other than a space, a tab or a CR.
        var content = false
        while true {
            let count = pread(descriptor, chunk, size, offset)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            var position = 0
            while position < count {
                let newline = memchr(chunk + position, 0x0A, count - position)
                    .map { chunk.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
                if !content {
                    content = (position..<newline).contains { !Self.isBlankByte(chunk[$0]) }
                }
                if newline < count {
                    if content { lines += 1 }
                    content = false
                }
                position = newline + 1
            }
            offset += off_t(count)
        }
        return lines + (content ? 1 : 0)
    }

    /// A space, a tab or a CR: what a blank line may hold.
    static func isBlankByte(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// What `forEachLine` hands out for each line.
    enum Line {
        /// The line's bytes, without its `\n` (or `\r\n`); valid only during the call.
        case bytes(UnsafeBufferPointer<UInt8>)
        /// A line longer than `maxLineBytes`, skipped unread up to its newline.
        case tooLong
    }

    /// Calls `body` with each line. A last line without a newline counts too. A line of more
    /// than `maxLineBytes` bytes (not counting its `\n` or `\r\n`) is never held whole: once that many
    /// have arrived without a newline, the bytes are dropped as they come until the next one,
    /// so memory stays within twice the limit whatever the input holds.
    ///
    /// With `interruption`, a read waits on its wake pipe too (poll), and a signal ends the
    /// wait with `ImportInterruption.Stop` even when the input sends nothing.
    func forEachLine(maxLineBytes: Int, interruption: ImportInterruption? = nil, _ body: (Line) async throws -> Void) async throws {
        var start = 0, end = 0, scanned = 0
        var atEnd = false
        // Dropping the rest of a line that passed the limit.
        var skipping = false
        while true {
            if let newline = firstNewline(from: scanned, to: end) {
                if skipping || line(start, newline).count > maxLineBytes {
                    try await body(.tooLong)
                } else {
                    try await body(.bytes(line(start, newline)))
                }
                skipping = false
                start = newline + 1
                scanned = start
                continue
            }
            scanned = end
            if atEnd {
                if skipping || line(start, end).count > maxLineBytes {
                    try await body(.tooLong)
                } else if start < end {
                    try await body(.bytes(line(start, end)))
                }
                return
            }
            if skipping || end - start > maxLineBytes + 1 {
                // Past the limit with no newline yet (one byte more may be the CR of a CRLF):
                // keep none of it.
                skipping = true
                start = 0
                end = 0
                scanned = 0
            }
            // Keep the partial line: move it to the front, grow if it fills the buffer (only
            // while the buffer holds at most the limit: past it the line is being skipped).
            if start > 0 {
                (buffer).update(from: buffer + start, count: end - start)
                end -= start
                scanned -= start
                start = 0
            }
            if end == capacity { grow() }
            if let interruption { try waitForInput(or: interruption) }
            let count = read(descriptor, buffer + end, capacity - end)
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure("formctl: cannot read \(name): \(String(cString: strerror(errno)))", exitCode: .storage)
            }
            if count == 0 { atEnd = true }
            end += count
        }
    }

    /// Blocks until the input can be read (or is at its end, or failed: `read` says which) or
    /// a signal asked the import to stop.
    private func waitForInput(or interruption: ImportInterruption) throws {
        var waits = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: interruption.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            try interruption.checkpoint()
            let ready = poll(&waits, nfds_t(waits.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            try interruption.checkpoint()
            if waits[0].revents != 0 { return }
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
