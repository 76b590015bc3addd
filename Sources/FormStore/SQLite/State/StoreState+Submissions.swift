import Foundation

extension StoreState {
    /// One new submission. A single INSERT is its own atomic transaction; SQLite takes the read
    /// and write locks together for it (with the busy handler), so the lock-upgrade deadlock
    /// that `BEGIN IMMEDIATE` prevents for multi-statement transactions cannot happen here.
    package func insert(formVersionID: Int64, status: SubmissionStatus, valuesJSON: String, resumeTokenHash: String? = nil,
                        actor: String? = nil, language: String? = nil) throws -> StoredSubmission
    {
        let ref = try versionRef(id: formVersionID)
        let milliseconds = Timestamp.millisecondsNow()
        let uuid = uuids.next(milliseconds: milliseconds)
        let now = Timestamp.format(millisecondsSince1970: milliseconds)
        let id = try connection.withStatement(sql.insertSubmission) { statement in
            try statement.bind(uuid, at: 1)
            try statement.bind(ref.formID, at: 2)
            try statement.bind(formVersionID, at: 3)
            try statement.bind(status.rawValue, at: 4)
            try statement.bind(now, at: 5)
            try statement.bind(now, at: 6)
            try statement.bind(valuesJSON, at: 7)
            try statement.bind(status == .draft ? resumeTokenHash : nil, at: 8)
            try statement.bind(actor, at: 9)
            try statement.bind(language, at: 10)
            try statement.run("saving a \(status.rawValue) submission of \(ref.formName)")
            return connection.lastInsertRowID
        }
        let date = Timestamp.date(millisecondsSince1970: milliseconds)
        return StoredSubmission(id: id, uuid: uuid, formName: ref.formName, version: ref.version, formVersionID: formVersionID,
                                status: status, createdAt: date, updatedAt: date, valuesJSON: valuesJSON, revisionActor: actor,
                                language: language)
    }

    /// Many final submissions in one transaction (`import`), `StoreSQL.batchInsertRows` rows
    /// an INSERT and the rest one at a time, through statements prepared once. All rows share
    /// the transaction's timestamp: they were stored at the same instant. The ids come back in
    /// the rows' order.
    package func insertFinalBatch(formVersionID: Int64, valuesJSON: [String], language: String? = nil) throws -> [Int64] {
        try transaction {
            let ref = try versionRef(id: formVersionID)
            let milliseconds = Timestamp.millisecondsNow()
            let now = Timestamp.format(millisecondsSince1970: milliseconds)
            var ids: [Int64] = []
            ids.reserveCapacity(valuesJSON.count)
            let perStatement = StoreSQL.batchInsertRows
            let whole = valuesJSON.count / perStatement * perStatement
            if whole > 0 {
                try connection.withStatement(sql.insertSubmissionRows) { statement in
                    // Bindings survive a plain reset, so the columns shared by every row are bound once.
                    try statement.bind(ref.formID, at: 1)
                    try statement.bind(formVersionID, at: 2)
                    try statement.bind(SubmissionStatus.final.rawValue, at: 3)
                    try statement.bind(now, at: 4)
                    try statement.bind(language, at: 5)
                    for start in stride(from: 0, to: whole, by: perStatement) {
                        for row in 0..<perStatement {
                            try statement.bind(uuids.next(milliseconds: milliseconds), at: Int32(6 + 2 * row))
                            try statement.bind(valuesJSON[start + row], at: Int32(7 + 2 * row))
                        }
                        let operation = "saving submissions \(start + 1) to \(start + perStatement) of \(valuesJSON.count) of \(ref.formName)"
                        var inserted: [Int64] = []
                        inserted.reserveCapacity(perStatement)
                        while try statement.step(operation) { inserted.append(statement.int64(0)) }
                        statement.resetKeepingBindings()
                        // RETURNING promises no order; ids grow in the order rows are inserted.
                        ids += inserted.sorted()
                    }
                }
            }
            guard whole < valuesJSON.count else { return ids }
            try connection.withStatement(sql.insertSubmission) { statement in
                try statement.bind(ref.formID, at: 2)
                try statement.bind(formVersionID, at: 3)
                try statement.bind(SubmissionStatus.final.rawValue, at: 4)
                try statement.bind(now, at: 5)
                try statement.bind(now, at: 6)
                try statement.bindNull(8)
                try statement.bindNull(9)
                try statement.bind(language, at: 10)
                for index in whole..<valuesJSON.count {
                    try statement.bind(uuids.next(milliseconds: milliseconds), at: 1)
                    try statement.bind(valuesJSON[index], at: 7)
                    try statement.run("saving submission \(index + 1) of \(valuesJSON.count) of \(ref.formName)")
                    statement.resetKeepingBindings()
                    ids.append(connection.lastInsertRowID)
                }
            }
            return ids
        }
    }

    /// Replaces a draft's values, and makes it final if `finalize` is set. With a version, the
    /// draft moves to it: values are always stored against the definition they were validated
    /// with. Final submissions are refused: they are the record of what was submitted.
    package func updateDraft(id: Int64, formVersionID: Int64?, valuesJSON: String, finalize: Bool, actor: String? = nil,
                             language: String? = nil) throws
        -> StoredSubmission
    {
        try transaction {
            let status = finalize ? SubmissionStatus.final.rawValue : SubmissionStatus.draft.rawValue
            let operation = finalize ? "finalizing draft \(id)" : "updating draft \(id)"
            // A final submission is never resumed: its resume token is of no more use.
            let forget = finalize ? ", resume_token_hash = NULL" : ""
            // A deleted draft is a tombstone: it is neither resumed nor finalized.
            let live = "id = ? AND status = 'draft' AND deleted_at IS NULL"
            if let formVersionID {
                // The composite foreign key refuses a version of another form.
                try connection.run(
                    "UPDATE \(tables.submissions) SET values_json = ?, updated_at = ?, status = ?, revision_actor = ?, language = ?, form_version_id = ?\(forget) WHERE \(live)",
                    [.text(valuesJSON), .text(Timestamp.now()), .text(status), .optional(actor), .optional(language),
                     .integer(formVersionID), .integer(id)],
                    operation: operation)
            } else {
                try connection.run(
                    "UPDATE \(tables.submissions) SET values_json = ?, updated_at = ?, status = ?, revision_actor = ?, language = ?\(forget) WHERE \(live)",
                    [.text(valuesJSON), .text(Timestamp.now()), .text(status), .optional(actor), .optional(language), .integer(id)],
                    operation: operation)
            }
            let changed = connection.changes
            guard let stored = try submission(id: id), stored.deletion == nil else { throw StoreError.submissionNotFound(id: id) }
            guard changed == 1 else { throw StoreError.notADraft(id: id) }
            return stored
        }
    }

    func resumeTokenHash(submissionID id: Int64) throws -> String? {
        try connection.queryFirst("SELECT resume_token_hash FROM \(tables.submissions) WHERE id = ?", [.integer(id)],
                                  operation: "reading the resume token of submission \(id)") { $0.optionalText(0) } ?? nil
    }
}
