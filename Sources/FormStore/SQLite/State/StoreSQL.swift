/// The SQLite store's statements that name tables, written once per store for its table names
/// (so each is still one fixed text, prepared once and cached by the connection).
package struct StoreSQL {
    /// Column order is relied on by `StoreState.storedSubmission(_:)` and `ExportRow`.
    package let submissionSelect: String
    let insertSubmission: String
    let formVersionSelect: String

    init(_ tables: TableNames) {
        submissionSelect = """
            SELECT s.id, s.uuid, f.name, v.version, s.status, s.created_at, s.updated_at, s.values_json, s.form_version_id,
                   s.revision, s.revision_actor, s.revision_reason, s.review_state, s.review_comment, s.deleted_at, s.deleted_by,
                   s.deletion_reason, s.language
            FROM \(tables.submissions) s
            JOIN \(tables.formVersions) v ON v.id = s.form_version_id
            JOIN \(tables.forms) f ON f.id = s.form_id
            """
        insertSubmission = """
            INSERT INTO \(tables.submissions)
                (uuid, form_id, form_version_id, status, created_at, updated_at, values_json, resume_token_hash, revision_actor,
                 language)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        formVersionSelect = """
            SELECT v.id, f.name, v.version, v.content_hash, v.definition_json
            FROM \(tables.formVersions) v JOIN \(tables.forms) f ON f.id = v.form_id
            """
    }
}
