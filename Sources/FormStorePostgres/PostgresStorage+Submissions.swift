import FormStore
import PostgresNIO
import Secrets

extension PostgresStorage {
    /// Stores `write` in a transaction of its own.
    func saveAlone(_ write: SubmissionWrite) async throws(StorageError) -> StoredSubmission {
        try await self.write("saving a \(write.status.rawValue) submission") { [self] connection in
            try await connection.transaction(logger: logger) { connection in try await save(write, on: connection) }
        }
    }

    /// Everything `write` stores (its row, files and kept answer), inside the caller's
    /// transaction.
    func save(_ write: SubmissionWrite, on connection: PostgresConnection) async throws -> StoredSubmission {
        let stored: StoredSubmission
        if case .id(let versionID) = write.version, write.draftID == nil {
            // The caller was given the id once its version was committed: it can be kept.
            let ref = try await versionRef(versionID, on: connection, caching: true)
            stored = try await insert(write, versionID: versionID, ref: ref, on: connection)
            try await storeAttachments(write.attachments, submissionID: stored.id, revision: stored.revision, on: connection)
        } else {
            stored = try await saveRow(write, on: connection)
        }
        if let record = write.idempotency { try await keep(record, for: stored, on: connection) }
        return stored
    }

    /// The row of a write that registers its version or changes a draft, inside the caller's
    /// transaction.
    private func saveRow(_ write: SubmissionWrite, on connection: PostgresConnection) async throws -> StoredSubmission {
        let versionID: Int64
        switch write.version {
        case .id(let id): versionID = id
        case let .definition(formName, definitionJSON, contentHash):
            versionID = try await register(formName: formName, definitionJSON: definitionJSON,
                                           contentHash: contentHash, on: connection).id
        }
        let ref = try await versionRef(versionID, on: connection, caching: false)
        guard let draftID = write.draftID else {
            let stored = try await insert(write, versionID: versionID, ref: ref, on: connection)
            try await storeAttachments(write.attachments, submissionID: stored.id, revision: stored.revision, on: connection)
            return stored
        }
        guard let existing = try await submission(id: draftID, on: connection, lock: true), existing.deletion == nil else {
            throw StoreError.submissionNotFound(id: draftID)
        }
        guard existing.status == .draft else { throw StoreError.notADraft(id: draftID) }
        guard existing.formName == ref.formName else {
            throw StoreError.draftOfAnotherForm(id: draftID, formName: existing.formName, expected: ref.formName)
        }
        if let expected = write.resumeTokenHash {
            guard let stored = try await resumeTokenHash(submissionID: draftID, on: connection),
                ConstantTime.equal(stored, expected)
            else { throw StoreError.resumeTokenMismatch(id: draftID) }
        }
        // A final submission is never resumed: its resume token is of no more use.
        let forget = write.status == .final ? ", resume_token_hash = NULL" : ""
        try await connection.run(
            """
            UPDATE \(tables.submissions) SET values_json = $1, updated_at = $2::timestamptz, status = $3, form_version_id = $4, \
            revision_actor = $5, language = $6\(forget) WHERE id = $7
            """,
            [.text(write.valuesJSON), .timestamp(Timestamp.now()), .text(write.status.rawValue),
             .integer(versionID), .optional(write.actor), .optional(write.language), .integer(draftID)], logger: logger)
        guard let stored = try await submission(id: draftID, on: connection, lock: false) else {
            throw StoreError.submissionNotFound(id: draftID)
        }
        try await replaceAttachments(write.attachments, submissionID: draftID, revision: stored.revision, on: connection)
        return stored
    }

    /// One new row, inside the caller's transaction. Never in an implicit one: PostgresNIO ends
    /// a statement's rows at CommandComplete, while an implicit transaction commits at the Sync
    /// after it, so the row would be returned before its commit is durable (and lost if the
    /// server stops then). An explicit COMMIT answers only once the commit is flushed.
    private func insert(_ write: SubmissionWrite, versionID: Int64, ref: VersionRef,
                        on connection: PostgresConnection) async throws -> StoredSubmission {
        // One clock reading for the uuid's millisecond and the row's timestamps.
        let milliseconds = Timestamp.millisecondsNow()
        let now = Timestamp.format(millisecondsSince1970: milliseconds)
        let newUUID = uuids.withLock { $0.next(milliseconds: milliseconds) }
        let rows = try await connection.run(
            sql.insertSubmission,
            [.integer(ref.formID), .integer(versionID), .text(write.status.rawValue), .timestamp(now), .text(write.valuesJSON),
             write.status == .draft ? .optional(write.resumeTokenHash) : .null,
             .optional(write.actor), .optional(write.language), .text(newUUID)],
            logger: logger)
        var inserted: (Int64, String)?
        for try await row in rows.decode((Int64, String).self) { inserted = row }
        guard let (id, uuid) = inserted else { throw StoreError.submissionNotFound(id: 0) }
        let date = Timestamp.date(millisecondsSince1970: milliseconds)
        return StoredSubmission(id: id, uuid: uuid, formName: ref.formName, version: ref.version, formVersionID: versionID,
                                status: write.status, createdAt: date, updatedAt: date, valuesJSON: write.valuesJSON,
                                revisionActor: write.actor, language: write.language)
    }

    package func submission(id: Int64) async throws(StorageError) -> StoredSubmission? {
        try await call("reading submission \(id)") { connection in try await submission(id: id, on: connection, lock: false) }
    }

    func submission(id: Int64, on connection: PostgresConnection, lock: Bool) async throws -> StoredSubmission? {
        // FOR UPDATE OF s: a draft being finalized is not changed by another process meanwhile.
        let rows = try await connection.run(sql.submissionSelect + " WHERE s.id = $1" + (lock ? " FOR UPDATE OF s" : ""),
                                            [.integer(id)], logger: logger)
        return try await Self.storedSubmissions(rows).first
    }

    package func resumeTokenHash(submissionID id: Int64) async throws(StorageError) -> String? {
        try await call("reading the resume token of submission \(id)") { connection in
            try await resumeTokenHash(submissionID: id, on: connection)
        }
    }

    func resumeTokenHash(submissionID id: Int64, on connection: PostgresConnection) async throws -> String? {
        let rows = try await connection.run("SELECT resume_token_hash FROM \(tables.submissions) WHERE id = $1", [.integer(id)],
                                            logger: logger)
        var hash: String?
        for try await row in rows.decode(String?.self) { hash = row }
        return hash
    }

    package func page(_ query: SubmissionQuery) async throws(StorageError) -> SubmissionPage {
        do { try query.checkCursor() } catch { throw StorageError(postgres: error, operation: nil, database: database) }
        let parts = SubmissionQuerySQL(query, tables: tables, dialect: .postgres, keyset: true)
        let size = query.pageSize
        return try await call("listing submissions") { connection in
            let text = sql.submissionSelect + parts.whereClause + parts.orderBy + " LIMIT \(size + 1)"
            var rows = try await Self.storedSubmissions(try await connection.run(text, parts.values, logger: logger))
            let more = rows.count > size
            if more { rows.removeLast() }
            return SubmissionPage(submissions: rows, next: more ? rows.last.map { SubmissionCursor(after: $0, in: query) } : nil)
        }
    }

    package func count(_ query: SubmissionQuery) async throws(StorageError) -> Int {
        let parts = SubmissionQuerySQL(query, tables: tables, dialect: .postgres, keyset: false)
        return try await call("counting submissions") { connection in
            try await connection.run("SELECT count(*) FROM \(tables.submissions) s" + parts.whereClause, parts.values,
                                     logger: logger).first(Int.self) ?? 0
        }
    }

    /// Rows of `PostgresSQL.submissionSelect`. Values this store never writes are reported
    /// (someone edited the table by hand), as the SQLite store does.
    static func storedSubmissions(_ rows: PostgresRowSequence) async throws -> [StoredSubmission] {
        var submissions: [StoredSubmission] = []
        for try await (id, uuid, name, version, status, created, updated, values, versionID, revision, actor, reason, review,
                       comment, deletedAt, deletedBy, deletionReason, language)
            in rows.decode((Int64, String, String, Int, String, String, String, String, Int64, Int, String?, String?, String,
                            String?, String?, String?, String?, String?).self)
        {
            guard let state = SubmissionStatus(rawValue: status) else {
                throw StoreError.malformedValue(table: "submissions", id: id, column: "status", value: status)
            }
            guard let createdAt = Timestamp.parse(created), let updatedAt = Timestamp.parse(updated) else {
                throw StoreError.malformedValue(table: "submissions", id: id, column: "created_at", value: created)
            }
            guard let reviewState = ReviewState(rawValue: review) else {
                throw StoreError.malformedValue(table: "submissions", id: id, column: "review_state", value: review)
            }
            var deletion: SubmissionDeletion?
            if let deletedAt {
                guard let at = Timestamp.parse(deletedAt) else {
                    throw StoreError.malformedValue(table: "submissions", id: id, column: "deleted_at", value: deletedAt)
                }
                deletion = SubmissionDeletion(at: at, actor: deletedBy, reason: deletionReason)
            }
            submissions.append(StoredSubmission(id: id, uuid: uuid, formName: name, version: version, formVersionID: versionID,
                                                status: state, createdAt: createdAt, updatedAt: updatedAt, valuesJSON: values,
                                                revision: revision, revisionActor: actor, revisionReason: reason,
                                                reviewState: reviewState, reviewComment: comment, deletion: deletion,
                                                language: language))
        }
        return submissions
    }
}
