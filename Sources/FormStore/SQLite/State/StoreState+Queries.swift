import Foundation

extension StoreState {
    package func submission(id: Int64) throws -> StoredSubmission? {
        try connection.queryFirst(sql.submissionSelect + " WHERE s.id = ?", [.integer(id)],
                                  operation: "reading submission \(id)", Self.storedSubmission)
    }

    /// One page in the query's order, starting after its cursor; one row more than the page
    /// is read to know whether another page follows.
    package func page(_ query: SubmissionQuery) throws -> SubmissionPage {
        try query.checkCursor()
        let parts = SubmissionQuerySQL(query, tables: tables, dialect: .sqlite, keyset: true)
        let size = query.pageSize
        var rows = try connection.query(
            sql.submissionSelect + parts.whereClause + parts.orderBy + " LIMIT ?",
            parts.values.map(\.sqlite) + [.integer(Int64(size + 1))],
            operation: "listing submissions", Self.storedSubmission)
        let more = rows.count > size
        if more { rows.removeLast() }
        return SubmissionPage(submissions: rows, next: more ? rows.last.map { SubmissionCursor(after: $0, in: query) } : nil)
    }

    package func count(_ query: SubmissionQuery) throws -> Int {
        let parts = SubmissionQuerySQL(query, tables: tables, dialect: .sqlite, keyset: false)
        return try connection.queryFirst("SELECT count(*) FROM \(tables.submissions) s" + parts.whereClause,
                                         parts.values.map(\.sqlite), operation: "counting submissions", { $0.int(0) }) ?? 0
    }

    /// Decodes a row of `submissionSelect`. Values this store never writes are reported, not
    /// papered over, because they mean someone edited the file by hand.
    package static func storedSubmission(_ row: Statement) throws -> StoredSubmission {
        let id = row.int64(0)
        func malformed(_ column: String, _ index: Int32) -> StoreError {
            .malformedValue(table: "submissions", id: id, column: column, value: row.text(index))
        }
        guard let status = SubmissionStatus(rawValue: row.text(4)) else { throw malformed("status", 4) }
        guard let created = Timestamp.parseKeepingText(row.text(5)) else { throw malformed("created_at", 5) }
        guard let updated = Timestamp.parseKeepingText(row.text(6)) else { throw malformed("updated_at", 6) }
        guard let review = ReviewState(rawValue: row.text(12)) else { throw malformed("review_state", 12) }
        var deletion: SubmissionDeletion?
        if let deleted = row.optionalText(14) {
            guard let at = Timestamp.parse(deleted) else { throw malformed("deleted_at", 14) }
            deletion = SubmissionDeletion(at: at, actor: row.optionalText(15), reason: row.optionalText(16))
        }
        return StoredSubmission(id: id, uuid: row.text(1), formName: row.text(2), version: row.int(3),
                                formVersionID: row.int64(8), status: status, createdAt: created.date, updatedAt: updated.date,
                                valuesJSON: row.text(7), revision: row.int(9), revisionActor: row.optionalText(10),
                                revisionReason: row.optionalText(11), reviewState: review, reviewComment: row.optionalText(13),
                                deletion: deletion, language: row.optionalText(17), createdAtText: created.text,
                                updatedAtText: updated.text)
    }
}

extension SQLDialect {
    /// SQLite numbers its `?` parameters by position, timestamps included.
    package static let sqlite = SQLDialect(placeholder: { _ in "?" }, timestamp: { _ in "?" })
}

extension QueryValue {
    /// Timestamps are stored as fixed-width text in SQLite, so they bind as text.
    package var sqlite: SQLiteValue {
        switch self {
        case .text(let text), .timestamp(let text): return .text(text)
        case .integer(let value): return .integer(value)
        case .null: return .null
        }
    }
}
