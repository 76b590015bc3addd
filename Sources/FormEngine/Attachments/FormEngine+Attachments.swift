import FormCore
import FormStore

extension FormEngine {
    /// Receives one upload for `form` into `staged`, reading its bytes once into an unnamed
    /// temporary file: the SHA-256, size, media type (from the bytes) and, for an image, its
    /// size in pixels. Reading stops as soon as a limit is passed (the field's `maxSize`, the
    /// form's `maxUploadSize` for all files together), so a file far too large costs no more
    /// than the limit.
    ///
    /// Throws `.invalid` naming the field: a key path that is not a file field of the form
    /// (`talks.1.slides` needs a repeat `talks`), a file past a limit, too many files, a type
    /// the field does not `accept`. Nothing is stored until the submit that carries `staged`.
    /// - Returns: what the field's value holds for this file.
    @discardableResult
    public func stage(_ upload: AttachmentUpload, for form: LoadedForm, into staged: inout StagedAttachments,
                      deadline: ContinuousClock.Instant? = nil) async throws(FormEngineError) -> AttachmentReference
    {
        // SHAPE: the engine slice implements this.
        throw .invalid([FieldError(path: upload.keyPath, rule: "file", message: "files are not accepted yet")])
    }

    /// The files submission `id` holds (as of `revision`; nil: its current revision), by key
    /// path and position. A draft's files too; a deleted submission's only with `tombstones`.
    public func files(ofSubmission id: Int64, revision: Int? = nil) async throws(FormEngineError) -> [StoredAttachment] {
        // SHAPE: the engine slice implements this.
        throw .notEditable(id: id, reason: "files are not stored yet")
    }

    /// The bytes of the file at `keyPath` (and `position` among the field's files) of
    /// submission `id`, read piece by piece from the store as they are consumed; nil when the
    /// submission holds no such file.
    public func fileBytes(ofSubmission id: Int64, keyPath: String, position: Int = 0, revision: Int? = nil)
        async throws(FormEngineError) -> (file: StoredAttachment, bytes: AttachmentBytes)?
    {
        // SHAPE: the engine slice implements this.
        throw .notEditable(id: id, reason: "files are not stored yet")
    }
}

/// A stored file's bytes as an async sequence of pieces (`AttachmentChunk.size` bytes, the last
/// shorter), each read from the store when asked for: a slow reader holds the reading back,
/// and memory holds one piece.
public struct AttachmentBytes: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    let storage: any SubmissionStorage
    let file: StoredAttachment

    public struct AsyncIterator: AsyncIteratorProtocol {
        let storage: any SubmissionStorage
        let file: StoredAttachment
        var next = 0

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

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(storage: storage, file: file) }
}
