import Foundation

extension StoreState {
    /// An edit in one write transaction (`BEGIN IMMEDIATE`: no other writer, in this process or
    /// another, can store a revision between the check and the update).
    func edit(_ edit: SubmissionEditWrite) throws -> StoredSubmission {
        try transaction {
            let id = edit.submissionID
            let current = try editable(id)
            guard current.revision == edit.expectedRevision else {
                throw StoreError.revisionConflict(id: id, current: current.revision)
            }
            let formName = try versionRef(id: edit.formVersionID).formName
            guard formName == current.formName else {
                throw StoreError.draftOfAnotherForm(id: id, formName: current.formName, expected: formName)
            }
            try connection.run(
                """
                INSERT INTO \(tables.submissionRevisions)
                    (submission_id, revision, form_version_id, values_json, created_at, actor, reason, language)
                SELECT id, revision, form_version_id, values_json, updated_at, revision_actor, revision_reason, language
                FROM \(tables.submissions) WHERE id = ?
                """, [.integer(id)], operation: "keeping revision \(current.revision) of submission \(id)")
            try connection.run(
                """
                UPDATE \(tables.submissions) SET values_json = ?, form_version_id = ?, updated_at = ?, revision = revision + 1,
                    revision_actor = ?, revision_reason = ?, language = ?
                WHERE id = ? AND revision = ?
                """,
                [.text(edit.valuesJSON), .integer(edit.formVersionID), .text(Timestamp.now()), .optional(edit.actor),
                 .optional(edit.reason), .optional(edit.language), .integer(id), .integer(Int64(current.revision))],
                operation: "storing revision \(current.revision + 1) of submission \(id)")
            try storeAttachments(edit.attachments, submissionID: id, revision: current.revision + 1)
            guard let stored = try submission(id: id) else { throw StoreError.submissionNotFound(id: id) }
            if let record = edit.idempotency { try keep(record, for: stored) }
            return stored
        }
    }

    func review(_ review: SubmissionReviewWrite) throws -> StoredSubmission {
        try transaction {
            let id = review.submissionID
            let current = try editable(id)
            try connection.run(
                """
                INSERT INTO \(tables.submissionReviews) (submission_id, revision, state, comment, actor, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [.integer(id), .integer(Int64(current.revision)), .text(review.state.rawValue), .optional(review.comment),
                 .optional(review.actor), .text(Timestamp.now())],
                operation: "reviewing submission \(id)")
            try connection.run("UPDATE \(tables.submissions) SET review_state = ?, review_comment = ? WHERE id = ?",
                               [.text(review.state.rawValue), .optional(review.comment), .integer(id)],
                               operation: "reviewing submission \(id)")
            guard let stored = try submission(id: id) else { throw StoreError.submissionNotFound(id: id) }
            return stored
        }
    }

    /// A final submission that is not deleted, else why not.
    private func editable(_ id: Int64) throws -> StoredSubmission {
        guard let current = try submission(id: id), current.deletion == nil else { throw StoreError.submissionNotFound(id: id) }
        guard current.status == .final else { throw StoreError.notFinal(id: id) }
        return current
    }

    /// A tombstone: the row stays, with who deleted it, when and why; a draft's resume token
    /// is forgotten, since a deleted draft is never resumed.
    package func delete(id: Int64, actor: String?, reason: String?) throws -> Bool {
        try connection.run(
            """
            UPDATE \(tables.submissions) SET deleted_at = ?, deleted_by = ?, deletion_reason = ?, resume_token_hash = NULL
            WHERE id = ? AND deleted_at IS NULL
            """, [.text(Timestamp.now()), .optional(actor), .optional(reason), .integer(id)],
            operation: "deleting submission \(id)")
        return connection.changes > 0
    }

    /// The foreign keys' ON DELETE CASCADE takes the revisions, reviews, kept answers and file
    /// rows with each row; then the bytes that only the purged rows referred to go too. One
    /// transaction: a purge that fails half-way leaves everything as it was.
    func purge(deletedBefore: Date?) throws -> Int {
        var condition = "deleted_at IS NOT NULL"
        var values: [SQLiteValue] = []
        if let deletedBefore {
            condition += " AND deleted_at < ?"
            values.append(.text(Timestamp.format(deletedBefore)))
        }
        return try transaction {
            let files = try connection.query(
                """
                SELECT DISTINCT sha256 FROM \(tables.submissionAttachments)
                WHERE submission_id IN (SELECT id FROM \(tables.submissions) WHERE \(condition))
                """, values, operation: "reading the files of deleted submissions") { $0.text(0) }
            try connection.run("DELETE FROM \(tables.submissions) WHERE \(condition)", values,
                               operation: "purging deleted submissions")
            let purged = connection.changes
            try removeUnreferencedContents(files)
            return purged
        }
    }

    /// Read in one transaction, so the revisions and reviews are those of the row returned.
    func history(submissionID id: Int64) throws -> SubmissionHistory? {
        try connection.readTransaction {
            guard let current = try submission(id: id) else { return nil }
            var revisions = try connection.query(
                """
                SELECT r.revision, r.form_version_id, v.version, r.values_json, r.created_at, r.actor, r.reason, r.language
                FROM \(tables.submissionRevisions) r JOIN \(tables.formVersions) v ON v.id = r.form_version_id
                WHERE r.submission_id = ? ORDER BY r.revision
                """, [.integer(id)], operation: "reading the revisions of submission \(id)"
            ) { row in
                guard let at = row.withText(4, Timestamp.parse) else {
                    throw StoreError.malformedValue(table: "submission_revisions", id: id, column: "created_at", value: row.text(4))
                }
                return SubmissionRevision(revision: row.int(0), formVersionID: row.int64(1), version: row.int(2),
                                          valuesJSON: row.text(3), at: at, actor: row.optionalText(5), reason: row.optionalText(6),
                                          language: row.optionalText(7))
            }
            revisions.append(SubmissionRevision(
                revision: current.revision, formVersionID: current.formVersionID, version: current.version,
                valuesJSON: current.valuesJSON, at: current.updatedAt, actor: current.revisionActor, reason: current.revisionReason,
                language: current.language))
            let reviews = try connection.query(
                """
                SELECT state, comment, actor, created_at, revision FROM \(tables.submissionReviews)
                WHERE submission_id = ? ORDER BY id
                """, [.integer(id)], operation: "reading the reviews of submission \(id)"
            ) { row in
                guard let state = ReviewState(rawValue: row.text(0)), let at = row.withText(3, Timestamp.parse) else {
                    throw StoreError.malformedValue(table: "submission_reviews", id: id, column: "state", value: row.text(0))
                }
                return SubmissionReview(state: state, comment: row.optionalText(1), actor: row.optionalText(2), at: at,
                                        revision: row.int(4))
            }
            return SubmissionHistory(submission: current, revisions: revisions, reviews: reviews)
        }
    }
}
