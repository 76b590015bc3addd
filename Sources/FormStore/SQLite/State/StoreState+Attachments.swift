extension StoreState {
    /// Stores `attachments` as revision `revision`'s files of submission `id`, inside the
    /// caller's write transaction: a content is written (with all its pieces) only by the
    /// transaction that adds its row, so a content row is never seen without its bytes.
    func storeAttachments(_ attachments: [AttachmentWrite], submissionID id: Int64, revision: Int) throws {
        for attachment in attachments {
            try storeContent(of: attachment)
            try connection.run(
                """
                INSERT INTO \(tables.submissionAttachments) (submission_id, revision, key_path, position, sha256, name, media_type, size)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.integer(id), .integer(Int64(revision)), .text(attachment.keyPath), .integer(Int64(attachment.position)),
                 .text(attachment.sha256), .text(attachment.name), .text(attachment.mediaType), .integer(Int64(attachment.size))],
                operation: "storing file \(attachment.keyPath).\(attachment.position) of submission \(id)")
        }
    }

    /// Replaces the files of the draft `id` (its revision `revision`) with `attachments`; a
    /// file the draft no longer holds goes for good when nothing else refers to its bytes.
    func replaceAttachments(_ attachments: [AttachmentWrite], submissionID id: Int64, revision: Int) throws {
        let before = try connection.query(
            "SELECT DISTINCT sha256 FROM \(tables.submissionAttachments) WHERE submission_id = ? AND revision = ?",
            [.integer(id), .integer(Int64(revision))], operation: "reading the files of draft \(id)") { $0.text(0) }
        try connection.run("DELETE FROM \(tables.submissionAttachments) WHERE submission_id = ? AND revision = ?",
                           [.integer(id), .integer(Int64(revision))], operation: "replacing the files of draft \(id)")
        // The new set first: a file kept from the draft is stored without bytes, so its
        // content must still be there when its row is added again.
        try storeAttachments(attachments, submissionID: id, revision: revision)
        try removeUnreferencedContents(before)
    }

    /// Deletes each of `hashes`' contents (and, by cascade, their pieces) that no submission
    /// refers to any more.
    func removeUnreferencedContents(_ hashes: some Sequence<String>) throws {
        for sha256 in hashes {
            try connection.run(
                """
                DELETE FROM \(tables.attachmentContents) WHERE sha256 = ?1
                AND NOT EXISTS (SELECT 1 FROM \(tables.submissionAttachments) WHERE sha256 = ?1)
                """, [.text(sha256)], operation: "removing the unreferenced file \(sha256)")
        }
    }

    /// The content row for `attachment`'s SHA-256 and, when this call adds it, its bytes in
    /// `AttachmentChunk.size` pieces, each read from the content and written before the next
    /// is read, so memory holds one piece whatever the file's size.
    private func storeContent(of attachment: AttachmentWrite) throws {
        let sha256 = attachment.sha256
        try connection.run(
            """
            INSERT INTO \(tables.attachmentContents) (sha256, size, media_type, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (sha256) DO NOTHING
            """, [.text(sha256), .integer(Int64(attachment.size)), .text(attachment.mediaType), .text(Timestamp.now())],
            operation: "storing the file \(sha256)")
        guard connection.changes == 1 else {
            let stored = try connection.queryFirst(
                "SELECT size FROM \(tables.attachmentContents) WHERE sha256 = ?", [.text(sha256)],
                operation: "reading the size of the file \(sha256)") { $0.int(0) }
            if let stored, stored != attachment.size {
                throw StoreError.attachmentSizeMismatch(sha256: sha256, expected: attachment.size, found: stored)
            }
            return
        }
        guard let content = attachment.content else { throw StoreError.attachmentContentMissing(sha256: sha256) }
        try connection.withStatement("INSERT INTO \(tables.attachmentChunks) (sha256, seq, data) VALUES (?, ?, ?)") { statement in
            try statement.bind(sha256, at: 1)
            var pieces = AttachmentPieces(content: content, sha256: sha256, size: attachment.size)
            try pieces.forEach { seq, piece in
                try statement.bind(seq, at: 2)
                try statement.bind(piece, at: 3)
                try statement.run("storing piece \(seq) of the file \(sha256)")
                statement.resetKeepingBindings()
            }
        }
    }
}
