import FormStore

extension PostgresStorage {
    // SHAPE: the store slice replaces these with the attachments tables' reads.
    package func attachments(submissionID id: Int64, revision: Int?) async throws(StorageError) -> [StoredAttachment] {
        throw StorageError(kind: .other, backend: .postgres, message: "files are not stored yet", database: database)
    }

    package func attachmentChunk(sha256: String, index: Int) async throws(StorageError) -> [UInt8]? {
        throw StorageError(kind: .other, backend: .postgres, message: "files are not stored yet", database: database)
    }
}
