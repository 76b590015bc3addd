import FormStore
import struct Foundation.Date
import PostgresNIO

extension PostgresStorage {
    /// An edit in one transaction; the row is locked (`FOR UPDATE`) before its revision is
    /// checked, so of two concurrent edits from one revision the second waits, then conflicts.
    package func edit(_ edit: SubmissionEditWrite) async throws(StorageError) -> StoredSubmission {
        let id = edit.submissionID
        return try await write("editing submission \(id)") { [self] connection in
            try await connection.transaction(logger: logger) { connection in
                let current = try await editable(id, on: connection)
                guard current.revision == edit.expectedRevision else {
                    throw StoreError.revisionConflict(id: id, current: current.revision)
                }
                let formName = try await versionRef(edit.formVersionID, on: connection, caching: true).formName
                guard formName == current.formName else {
                    throw StoreError.draftOfAnotherForm(id: id, formName: current.formName, expected: formName)
                }
                try await connection.run(
                    """
                    INSERT INTO \(tables.submissionRevisions)
                        (submission_id, revision, form_version_id, values_json, created_at, actor, reason, language)
                    SELECT id, revision, form_version_id, values_json, updated_at, revision_actor, revision_reason, language
                    FROM \(tables.submissions) WHERE id = $1
                    """, [.integer(id)], logger: logger)
                try await connection.run(
                    """
                    UPDATE \(tables.submissions) SET values_json = $1, form_version_id = $2, updated_at = $3::timestamptz,
                        revision = revision + 1, revision_actor = $4, revision_reason = $5, language = $6
                    WHERE id = $7
                    """,
                    [.text(edit.valuesJSON), .integer(edit.formVersionID), .timestamp(Timestamp.now()), .optional(edit.actor),
                     .optional(edit.reason), .optional(edit.language), .integer(id)], logger: logger)
                try await storeAttachments(edit.attachments, submissionID: id, revision: current.revision + 1, on: connection)
                guard let stored = try await submission(id: id, on: connection, lock: false) else {
                    throw StoreError.submissionNotFound(id: id)
                }
                if let record = edit.idempotency { try await keep(record, for: stored, on: connection) }
                return stored
            }
        }
    }

    package func review(_ review: SubmissionReviewWrite) async throws(StorageError) -> StoredSubmission {
        let id = review.submissionID
        return try await write("reviewing submission \(id)") { [self] connection in
            try await connection.transaction(logger: logger) { connection in
                let current = try await editable(id, on: connection)
                try await connection.run(
                    """
                    INSERT INTO \(tables.submissionReviews) (submission_id, revision, state, comment, actor, created_at)
                    VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
                    """,
                    [.integer(id), .integer(Int64(current.revision)), .text(review.state.rawValue), .optional(review.comment),
                     .optional(review.actor), .timestamp(Timestamp.now())], logger: logger)
                try await connection.run("UPDATE \(tables.submissions) SET review_state = $1, review_comment = $2 WHERE id = $3",
                                         [.text(review.state.rawValue), .optional(review.comment), .integer(id)], logger: logger)
                guard let stored = try await submission(id: id, on: connection, lock: false) else {
                    throw StoreError.submissionNotFound(id: id)
                }
                return stored
            }
        }
    }

    /// The row, locked for the transaction: final and not deleted, else why not.
    private func editable(_ id: Int64, on connection: PostgresConnection) async throws -> StoredSubmission {
        guard let current = try await submission(id: id, on: connection, lock: true), current.deletion == nil else {
            throw StoreError.submissionNotFound(id: id)
        }
        guard current.status == .final else { throw StoreError.notFinal(id: id) }
        return current
    }

    package func delete(id: Int64, actor: String?, reason: String?) async throws(StorageError) -> Bool {
        try await write("deleting submission \(id)") { [self] connection in
            // In a transaction: the answer must follow the commit (see `insert`).
            try await connection.transaction(logger: logger) { connection in
                try await connection.run(
                    """
                    UPDATE \(tables.submissions) SET deleted_at = $1::timestamptz, deleted_by = $2, deletion_reason = $3,
                        resume_token_hash = NULL
                    WHERE id = $4 AND deleted_at IS NULL RETURNING id
                    """, [.timestamp(Timestamp.now()), .optional(actor), .optional(reason), .integer(id)],
                    logger: logger
                ).first(Int64.self) != nil
            }
        }
    }

    /// ON DELETE CASCADE takes each row's revisions, reviews, kept answers and file rows with
    /// it; then the bytes that only the purged rows referred to go too, all in one transaction.
    package func purge(deletedBefore: Date?) async throws(StorageError) -> Int {
        try await write("purging deleted submissions") { [self] connection in
            try await connection.transaction(logger: logger) { connection in
                var condition = "deleted_at IS NOT NULL"
                var values: [QueryValue] = []
                if let deletedBefore {
                    condition += " AND deleted_at < $1::timestamptz"
                    values.append(.timestamp(Timestamp.format(deletedBefore)))
                }
                // The file rows first, to learn which contents may be left unreferenced.
                let fileRows = try await connection.run(
                    """
                    DELETE FROM \(tables.submissionAttachments)
                    WHERE submission_id IN (SELECT id FROM \(tables.submissions) WHERE \(condition)) RETURNING sha256
                    """, values, logger: logger)
                var files: Set<String> = []
                for try await sha256 in fileRows.decode(String.self) { files.insert(sha256) }
                // A row deleted since has file rows this purge did not see (nor their contents):
                // it waits for the next purge rather than leave its bytes behind unreferenced.
                let rows = try await connection.run(
                    """
                    DELETE FROM \(tables.submissions) s WHERE \(condition)
                    AND NOT EXISTS (SELECT 1 FROM \(tables.submissionAttachments) a WHERE a.submission_id = s.id) RETURNING id
                    """, values, logger: logger)
                var count = 0
                for try await _ in rows.decode(Int64.self) { count += 1 }
                try await removeUnreferencedContents(files, locked: false, on: connection)
                return count
            }
        }
    }

    /// Read in one snapshot, so the revisions and reviews are those of the row returned.
    package func history(submissionID id: Int64) async throws(StorageError) -> SubmissionHistory? {
        try await call("reading the history of submission \(id)") { [self] connection in
            try await connection.transaction(logger: logger, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
                guard let current = try await submission(id: id, on: connection, lock: false) else { return nil }
                var revisions: [SubmissionRevision] = []
                let revisionRows = try await connection.run(
                    """
                    SELECT r.revision, r.form_version_id, v.version, r.values_json, \(PostgresSQL.utcText("r.created_at")), r.actor, r.reason,
                        r.language
                    FROM \(tables.submissionRevisions) r JOIN \(tables.formVersions) v ON v.id = r.form_version_id
                    WHERE r.submission_id = $1 ORDER BY r.revision
                    """, [.integer(id)], logger: logger)
                for try await (revision, versionID, version, values, created, actor, reason, language)
                    in revisionRows.decode((Int, Int64, Int, String, String, String?, String?, String?).self)
                {
                    guard let at = Timestamp.parse(created) else {
                        throw StoreError.malformedValue(table: "submission_revisions", id: id, column: "created_at", value: created)
                    }
                    revisions.append(SubmissionRevision(revision: revision, formVersionID: versionID, version: version,
                                                        valuesJSON: values, at: at, actor: actor, reason: reason,
                                                        language: language))
                }
                revisions.append(SubmissionRevision(
                    revision: current.revision, formVersionID: current.formVersionID, version: current.version,
                    valuesJSON: current.valuesJSON, at: current.updatedAt, actor: current.revisionActor,
                    reason: current.revisionReason, language: current.language))
                var reviews: [SubmissionReview] = []
                let reviewRows = try await connection.run(
                    """
                    SELECT state, comment, actor, \(PostgresSQL.utcText("created_at")), revision FROM \(tables.submissionReviews)
                    WHERE submission_id = $1 ORDER BY id
                    """, [.integer(id)], logger: logger)
                for try await (stateText, comment, actor, created, revision)
                    in reviewRows.decode((String, String?, String?, String, Int).self)
                {
                    guard let state = ReviewState(rawValue: stateText), let at = Timestamp.parse(created) else {
                        throw StoreError.malformedValue(table: "submission_reviews", id: id, column: "state", value: stateText)
                    }
                    reviews.append(SubmissionReview(state: state, comment: comment, actor: actor, at: at, revision: revision))
                }
                return SubmissionHistory(submission: current, revisions: revisions, reviews: reviews)
            }
        }
    }
}
