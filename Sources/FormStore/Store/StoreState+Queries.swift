import Foundation

/// Filters shared by listing, counting and export. Each combination yields a fixed SQL text
/// (so each is prepared once and cached); the values themselves are always bound.
struct SubmissionFilter {
    var formName: String?
    var status: SubmissionStatus?
    var since: Date?

    var whereClause: String {
        var conditions: [String] = []
        if formName != nil { conditions.append("s.form_id = (SELECT id FROM forms WHERE name = ?)") }
        if status != nil { conditions.append("s.status = ?") }
        if since != nil { conditions.append("s.created_at >= ?") }
        return conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    var values: [SQLiteValue] {
        var values: [SQLiteValue] = []
        if let formName { values.append(.text(formName)) }
        if let status { values.append(.text(status.rawValue)) }
        if let since { values.append(.text(Timestamp.format(since))) }
        return values
    }
}

extension StoreState {
    /// Column order is relied on by `storedSubmission(_:)` and `ExportRow`.
    static let submissionSelect = """
        SELECT s.id, s.uuid, f.name, v.version, s.status, s.created_at, s.updated_at, s.values_json, s.form_version_id
        FROM submissions s
        JOIN form_versions v ON v.id = s.form_version_id
        JOIN forms f ON f.id = s.form_id
        """

    func submission(id: Int64) throws -> StoredSubmission? {
        try connection.queryFirst(Self.submissionSelect + " WHERE s.id = ?", [.integer(id)],
                                  operation: "reading submission \(id)", Self.storedSubmission)
    }

    func submissions(_ filter: SubmissionFilter, limit: Int?, offset: Int) throws -> [StoredSubmission] {
        // LIMIT -1 means no limit in SQLite, which keeps this one SQL text per filter.
        try connection.query(
            Self.submissionSelect + filter.whereClause + " ORDER BY s.id LIMIT ? OFFSET ?",
            filter.values + [.integer(Int64(limit ?? -1)), .integer(Int64(max(0, offset)))],
            operation: "listing submissions", Self.storedSubmission)
    }

    func count(_ filter: SubmissionFilter) throws -> Int {
        try connection.queryFirst("SELECT count(*) FROM submissions s" + filter.whereClause, filter.values,
                                  operation: "counting submissions", { $0.int(0) }) ?? 0
    }

    /// Decodes a row of `submissionSelect`. Values this store never writes are reported, not
    /// papered over, because they mean someone edited the file by hand.
    static func storedSubmission(_ row: Statement) throws -> StoredSubmission {
        let id = row.int64(0)
        func malformed(_ column: String, _ index: Int32) -> StoreError {
            .malformedValue(table: "submissions", id: id, column: column, value: row.text(index))
        }
        guard let status = SubmissionStatus(rawValue: row.text(4)) else { throw malformed("status", 4) }
        guard let created = row.withText(5, Timestamp.parse) else { throw malformed("created_at", 5) }
        guard let updated = row.withText(6, Timestamp.parse) else { throw malformed("updated_at", 6) }
        return StoredSubmission(id: id, uuid: row.text(1), formName: row.text(2), version: row.int(3),
                                formVersionID: row.int64(8), status: status, createdAt: created, updatedAt: updated,
                                valuesJSON: row.text(7))
    }
}
