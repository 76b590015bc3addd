import FormStore

/// The PostgreSQL store's statements that name tables, written once for its table names.
struct PostgresSQL: Sendable {
    /// Columns in the order `PostgresStorage.storedSubmission` decodes them; timestamps come
    /// back as the same ISO 8601 UTC text SQLite stores.
    let submissionSelect: String
    let insertSubmission: String
    let formVersionSelect: String
    let tables: TableNames

    static func utcText(_ column: String) -> String {
        "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
    }

    init(_ tables: TableNames) {
        self.tables = tables
        submissionSelect = """
            SELECT s.id, s.uuid::text, f.name, v.version, s.status, \(Self.utcText("s.created_at")), \
            \(Self.utcText("s.updated_at")), s.values_json, s.form_version_id, s.revision, s.revision_actor, s.revision_reason, \
            s.review_state, s.review_comment, \(Self.utcText("s.deleted_at")), s.deleted_by, s.deletion_reason, \
            s.language
            FROM \(tables.submissions) s
            JOIN \(tables.formVersions) v ON v.id = s.form_version_id
            JOIN \(tables.forms) f ON f.id = s.form_id
            """
        insertSubmission = """
            INSERT INTO \(tables.submissions)
                (form_id, form_version_id, status, created_at, updated_at, values_json, resume_token_hash, revision_actor, language, uuid)
            VALUES ($1, $2, $3, $4::timestamptz, $4::timestamptz, $5, $6, $7, $8, $9::uuid) RETURNING id, uuid::text
            """
        formVersionSelect = """
            SELECT v.id, f.name, v.version, v.content_hash, v.definition_json
            FROM \(tables.formVersions) v JOIN \(tables.forms) f ON f.id = v.form_id
            """
    }
}
