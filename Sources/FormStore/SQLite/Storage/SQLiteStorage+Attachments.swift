extension SQLiteStorage {
    package func attachments(submissionID id: Int64, revision: Int?) async throws(StorageError) -> [StoredAttachment] {
        try await readers.read { try $0.attachments(submissionID: id, revision: revision) }
    }

    package func attachmentChunk(sha256: String, index: Int) async throws(StorageError) -> [UInt8]? {
        guard index >= 0 else { return nil }
        return try await readers.read { state in
            try state.connection.queryFirst(
                "SELECT data FROM \(state.tables.attachmentChunks) WHERE sha256 = ? AND seq = ?",
                [.text(sha256), .integer(Int64(index))], operation: "reading piece \(index) of the file \(sha256)") { $0.blob(0) }
        }
    }
}

extension StoreState {
    /// One statement, so the current revision and its files are read from one snapshot.
    func attachments(submissionID id: Int64, revision: Int?) throws -> [StoredAttachment] {
        try connection.query(
            """
            SELECT revision, key_path, position, name, media_type, size, sha256 FROM \(tables.submissionAttachments)
            WHERE submission_id = ?1
              AND revision = coalesce(?2, (SELECT revision FROM \(tables.submissions) WHERE id = ?1))
            ORDER BY key_path, position
            """, [.integer(id), revision.map { .integer(Int64($0)) } ?? .null],
            operation: "reading the files of submission \(id)"
        ) { row in
            StoredAttachment(submissionID: id, revision: row.int(0), keyPath: row.text(1), position: row.int(2), name: row.text(3),
                             mediaType: row.text(4), size: row.int(5), sha256: row.text(6))
        }
    }
}
