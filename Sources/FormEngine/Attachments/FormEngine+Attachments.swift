import FormCore
import FormStore

extension FormEngine {
    /// The files submission `id` holds (as of `revision`; nil: its current revision), by key
    /// path and position; a draft's too. Empty when there is no such submission or revision,
    /// and for a deleted submission: its files are not served (they go at `purge`).
    public func files(ofSubmission id: Int64, revision: Int? = nil) async throws(FormEngineError) -> [StoredAttachment] {
        guard try await servesFiles(ofSubmission: id) else { return [] }
        do { return try await storage.attachments(submissionID: id, revision: revision) } catch { throw .storage(error) }
    }

    /// The bytes of the file at `keyPath` (and `position` among the field's files) of
    /// submission `id` (as of `revision`; nil: its current one), read piece by piece from the
    /// store as they are consumed; nil when the submission holds no such file, there is no
    /// such submission, or it was deleted.
    public func fileBytes(ofSubmission id: Int64, keyPath: String, position: Int = 0, revision: Int? = nil)
        async throws(FormEngineError) -> (file: StoredAttachment, bytes: AttachmentBytes)?
    {
        let files = try await files(ofSubmission: id, revision: revision)
        guard let file = files.first(where: { $0.keyPath == keyPath && $0.position == position }) else { return nil }
        return (file, AttachmentBytes(storage: storage, file: file))
    }

    /// Whether submission `id` exists and is not deleted.
    private func servesFiles(ofSubmission id: Int64) async throws(FormEngineError) -> Bool {
        let stored: StoredSubmission?
        do { stored = try await storage.submission(id: id) } catch { throw .storage(error) }
        return stored.map { $0.deletion == nil } ?? false
    }
}

/// A stored file's bytes as an async sequence of pieces (`AttachmentChunk.size` bytes, the last
/// shorter), each read from the store when asked for: a slow reader holds the reading back,
/// and memory holds one piece.
public struct AttachmentBytes: AsyncSequence, Sendable {
    /// One piece of the bytes.
    public typealias Element = [UInt8]
    let storage: any SubmissionStorage
    let file: StoredAttachment

    /// Reads the pieces in order, one store read per piece.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let storage: any SubmissionStorage
        let file: StoredAttachment
        var next = 0

        /// The next piece, nil after the last; throws a `StorageError` when the store fails or
        /// holds fewer pieces than the file's size needs.
        public mutating func next() async throws -> [UInt8]? {
            guard next < file.chunkCount else { return nil }
            guard let chunk = try await storage.attachmentChunk(sha256: file.sha256, index: next) else {
                throw StorageError(kind: .corrupt, backend: storage.backend,
                                   message: "the bytes of \(file.keyPath) (SHA-256 \(file.sha256)) end before piece \(next + 1) of \(file.chunkCount)",
                                   database: storage.database)
            }
            next += 1
            return chunk
        }
    }

    /// Reads from the first piece.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(storage: storage, file: file) }
}

extension StoredAttachment {
    /// `{"key","position","name","type","size","sha256"}`: a file as `show` lists it.
    public var jsonValue: FormValue {
        ["key": .string(keyPath), "position": .int(position), "name": .string(name), "type": .string(mediaType),
         "size": .int(size), "sha256": .string(sha256)]
    }
}
