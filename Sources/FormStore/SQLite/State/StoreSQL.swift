/// The SQLite store's statements that name tables, written once per store for its table names
/// (so each is still one fixed text, prepared once and cached by the connection).
package struct StoreSQL {
    /// Column order is relied on by `StoreState.storedSubmission(_:)` and `ExportRow`.
    package let submissionSelect: String
    /// What an export renders of a row (`SQLiteExportCursor.exportBytes`), from the
    /// submissions table alone: the form's name and version come from `exportNamesSelect`, once
    /// per version rather than two index lookups per row.
    let exportSelect: String
    /// `exportSelect` with only the columns `PackedColumns.values` needs, in the same places.
    let exportValuesSelect: String
    /// ?1 a form's id, ?2 a version's id: the form's name and the version's number.
    let exportNamesSelect: String
    let insertSubmission: String
    /// `batchInsertRows` final submissions in one INSERT (`StoreState.insertFinalBatch`):
    /// ?1 form, ?2 version, ?3 status, ?4 the time, ?5 the language, then each row's uuid and
    /// values; returns each row's id.
    let insertSubmissionRows: String
    let formVersionSelect: String

    /// Rows per INSERT of a batch. The outbox trigger makes every INSERT inside a transaction
    /// keep a statement journal (each page it first changes copied, for a rollback of the
    /// statement alone): one row a statement copied about ten pages a row. One statement per
    /// 64 rows copies each page once per 64 rows.
    static let batchInsertRows = 64

    init(_ tables: TableNames) {
        submissionSelect = """
            SELECT s.id, s.uuid, f.name, v.version, s.status, s.created_at, s.updated_at, s.values_json, s.form_version_id,
                   s.revision, s.revision_actor, s.revision_reason, s.review_state, s.review_comment, s.deleted_at, s.deleted_by,
                   s.deletion_reason, s.language
            FROM \(tables.submissions) s
            JOIN \(tables.formVersions) v ON v.id = s.form_version_id
            JOIN \(tables.forms) f ON f.id = s.form_id
            """
        exportSelect = """
            SELECT s.id, s.uuid, s.form_id, s.form_version_id, s.status, s.created_at, s.updated_at, s.values_json,
                   s.revision, s.review_state, s.review_comment, s.language
            FROM \(tables.submissions) s
            """
        exportValuesSelect = "SELECT s.id, NULL, s.form_id, s.form_version_id, NULL, NULL, NULL, s.values_json FROM \(tables.submissions) s"
        exportNamesSelect = "SELECT f.name, v.version FROM \(tables.forms) f, \(tables.formVersions) v WHERE f.id = ? AND v.id = ?"
        insertSubmission = """
            INSERT INTO \(tables.submissions)
                (uuid, form_id, form_version_id, status, created_at, updated_at, values_json, resume_token_hash, revision_actor,
                 language)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        let rows = (0..<Self.batchInsertRows).map { row in "(?\(6 + 2 * row), ?1, ?2, ?3, ?4, ?4, ?\(7 + 2 * row), NULL, NULL, ?5)" }
        insertSubmissionRows = """
            INSERT INTO \(tables.submissions)
                (uuid, form_id, form_version_id, status, created_at, updated_at, values_json, resume_token_hash, revision_actor,
                 language)
            VALUES \(rows.joined(separator: ", "))
            RETURNING id
            """
        formVersionSelect = """
            SELECT v.id, f.name, v.version, v.content_hash, v.definition_json
            FROM \(tables.formVersions) v JOIN \(tables.forms) f ON f.id = v.form_id
            """
    }
}
