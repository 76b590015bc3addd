import FormStore
import PostgresNIO

extension PostgresStorage {
    package func attachments(submissionID id: Int64, revision: Int?) async throws(StorageError) -> [StoredAttachment] {
        try await call("reading the files of submission \(id)") { connection in
            // One statement, so the current revision and its files are read from one snapshot.
            // COLLATE "C": ordered by bytes, as SQLite orders them, whatever the database's locale.
            let rows = try await connection.run(
                """
                SELECT revision, key_path, position, name, media_type, size, sha256 FROM \(tables.submissionAttachments)
                WHERE submission_id = $1
                  AND revision = coalesce($2::integer, (SELECT revision FROM \(tables.submissions) WHERE id = $1))
                ORDER BY key_path COLLATE "C", position
                """, [.integer(id), revision.map { .integer(Int64($0)) } ?? .null], logger: logger)
            var files: [StoredAttachment] = []
            for try await (revision, keyPath, position, name, mediaType, size, sha256)
                in rows.decode((Int, String, Int, String, String, Int, String).self)
            {
                files.append(StoredAttachment(submissionID: id, revision: revision, keyPath: keyPath, position: position, name: name,
                                              mediaType: mediaType, size: size, sha256: sha256))
            }
            return files
        }
    }

    package func attachmentChunk(sha256: String, index: Int) async throws(StorageError) -> [UInt8]? {
        guard index >= 0 else { return nil }
        return try await call("reading piece \(index) of the file \(sha256)") { connection in
            let rows = try await connection.run("SELECT data FROM \(tables.attachmentChunks) WHERE sha256 = $1 AND seq = $2",
                                                [.text(sha256), .integer(Int64(index))], logger: logger)
            var piece: [UInt8]?
            for try await data in rows.decode(ByteBuffer.self) { piece = Array(data.readableBytesView) }
            return piece
        }
    }

    /// Stores `attachments` as revision `revision`'s files of submission `id`, inside the
    /// caller's transaction: a content is written (with all its pieces) only by the transaction
    /// that adds its row, so no other sees it before its last piece. `locked`: the caller holds
    /// the contents' locks already (see `lockContents`).
    func storeAttachments(_ attachments: [AttachmentWrite], submissionID id: Int64, revision: Int, locked: Bool = false,
                          on connection: PostgresConnection) async throws {
        if !locked { try await lockContents(attachments.map(\.sha256), on: connection) }
        for attachment in attachments {
            try await storeContent(of: attachment, on: connection)
            try await connection.run(
                """
                INSERT INTO \(tables.submissionAttachments) (submission_id, revision, key_path, position, sha256, name, media_type, size)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                """,
                [.integer(id), .integer(Int64(revision)), .text(attachment.keyPath), .integer(Int64(attachment.position)),
                 .text(attachment.sha256), .text(attachment.name), .text(attachment.mediaType), .integer(Int64(attachment.size))],
                logger: logger)
        }
    }

    /// Replaces the files of the draft `id` (its revision `revision`, locked by the caller)
    /// with `attachments`; a file the draft no longer holds goes for good when nothing else
    /// refers to its bytes.
    func replaceAttachments(_ attachments: [AttachmentWrite], submissionID id: Int64, revision: Int,
                            on connection: PostgresConnection) async throws {
        let rows = try await connection.run(
            "DELETE FROM \(tables.submissionAttachments) WHERE submission_id = $1 AND revision = $2 RETURNING sha256",
            [.integer(id), .integer(Int64(revision))], logger: logger)
        var before: Set<String> = []
        for try await sha256 in rows.decode(String.self) { before.insert(sha256) }
        // Every lock at once, in one order: two drafts swapping files cannot deadlock.
        try await lockContents(Array(before) + attachments.map(\.sha256), on: connection)
        // The new set first: a file kept from the draft is stored without bytes, so its
        // content must still be there when its row is added again.
        try await storeAttachments(attachments, submissionID: id, revision: revision, locked: true, on: connection)
        try await removeUnreferencedContents(before, locked: true, on: connection)
    }

    /// Deletes each of `hashes`' contents (and, by cascade, their pieces) that no submission
    /// refers to any more.
    func removeUnreferencedContents(_ hashes: Set<String>, locked: Bool, on connection: PostgresConnection) async throws {
        if !locked { try await lockContents(Array(hashes), on: connection) }
        for sha256 in hashes.sorted() {
            try await connection.run(
                """
                DELETE FROM \(tables.attachmentContents) WHERE sha256 = $1
                AND NOT EXISTS (SELECT 1 FROM \(tables.submissionAttachments) WHERE sha256 = $1)
                """, [.text(sha256)], logger: logger)
        }
    }

    /// Takes this transaction's lock on each content, in sorted order. Whatever adds a row
    /// referring to a content and whatever removes a content hold its lock, so a removal that
    /// found no row referring to it cannot delete the bytes a concurrent write is relying on
    /// (nor can that write find them gone half-way): one of the two waits for the other's commit.
    private func lockContents(_ hashes: [String], on connection: PostgresConnection) async throws {
        for sha256 in Set(hashes).sorted() {
            try await connection.run("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
                                     [.text(tables.attachmentContents + " " + sha256)], logger: logger)
        }
    }

    /// The content row for `attachment`'s SHA-256 and, when this call adds it, its bytes in
    /// `AttachmentChunk.size` pieces, each read and sent before the next is read, so memory
    /// holds one piece whatever the file's size. The caller holds the content's lock.
    private func storeContent(of attachment: AttachmentWrite, on connection: PostgresConnection) async throws {
        let sha256 = attachment.sha256
        let inserted = try await connection.run(
            """
            INSERT INTO \(tables.attachmentContents) (sha256, size, media_type, created_at) VALUES ($1, $2, $3, $4::timestamptz)
            ON CONFLICT (sha256) DO NOTHING RETURNING 1
            """, [.text(sha256), .integer(Int64(attachment.size)), .text(attachment.mediaType), .timestamp(Timestamp.now())],
            logger: logger
        ).first(Int.self) != nil
        guard inserted else {
            let stored = try await connection.run("SELECT size FROM \(tables.attachmentContents) WHERE sha256 = $1", [.text(sha256)],
                                                  logger: logger).first(Int.self)
            if let stored, stored != attachment.size {
                throw StoreError.attachmentSizeMismatch(sha256: sha256, expected: attachment.size, found: stored)
            }
            return
        }
        guard let content = attachment.content else { throw StoreError.attachmentContentMissing(sha256: sha256) }
        var pieces = AttachmentPieces(content: content, sha256: sha256, size: attachment.size)
        while let (seq, bytes) = try pieces.next() {
            var binds = PostgresBindings(capacity: 3)
            binds.append(sha256)
            binds.append(Int32(seq))
            binds.append(ByteBuffer(bytes: bytes))
            try connection.refuseIfClosed()
            try await connection.query(
                PostgresQuery(unsafeSQL: "INSERT INTO \(tables.attachmentChunks) (sha256, seq, data) VALUES ($1, $2, $3)", binds: binds),
                logger: logger)
        }
    }
}
