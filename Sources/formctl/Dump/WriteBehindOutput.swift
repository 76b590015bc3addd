import FormEngine

/// `dump`'s sink: each chunk of the export goes to its `OutputStream` on another thread while
/// the export makes the next chunk, so that copying the bytes into the file (a quarter of an
/// NDJSON dump's time) and making them overlap. One chunk is written at a time and in order,
/// and a chunk is handed over only once the one before it is written, so memory holds two.
final class WriteBehindOutput: ExportSink {
    let stream: OutputStream
    private var writing: Task<Void, any Error>?

    init(_ stream: OutputStream) {
        self.stream = stream
    }

    func write(_ bytes: [UInt8]) async throws {
        try await settle()
        let target = HandedStream(stream: stream)
        writing = Task.detached { try target.stream.write(bytes) }
    }

    /// Waits for the chunk being written, and throws its failure.
    func settle() async throws {
        guard let writing else { return }
        self.writing = nil
        try await writing.value
    }

    /// Every chunk written, then the stream committed (a file renamed into place).
    func commit() async throws {
        try await settle()
        try stream.commit()
    }

    /// What was written so far reaches its destination (after an export failed).
    func flush() async {
        try? await settle()
        try? stream.flush()
    }
}

/// The stream, handed to the task writing one chunk. Unchecked: `WriteBehindOutput` touches the
/// stream only after `settle()` has awaited that task, so one thread at a time uses it.
private struct HandedStream: @unchecked Sendable {
    let stream: OutputStream
}
