import Secrets

extension StoreState {
    /// The version of `formName` whose definition is `definitionJSON`: an existing one with the
    /// same content hash (whichever it is: going back to an earlier definition reuses its
    /// version), else a new one numbered one past the highest.
    package func register(formName: String, definitionJSON: String, contentHash: String? = nil) throws -> FormVersion {
        let hash = contentHash ?? SHA256.hex(of: definitionJSON)
        return try transaction {
            let formID: Int64
            if let existing = try connection.queryFirst(
                "SELECT id FROM \(tables.forms) WHERE name = ?", [.text(formName)],
                operation: "looking up form \(formName)", { $0.int64(0) }) {
                formID = existing
            } else {
                try connection.run("INSERT INTO \(tables.forms) (name) VALUES (?)", [.text(formName)],
                                   operation: "adding form \(formName)")
                formID = connection.lastInsertRowID
            }
            if let known = try connection.queryFirst(
                sql.formVersionSelect + " WHERE v.form_id = ? AND v.content_hash = ? ORDER BY v.version LIMIT 1",
                [.integer(formID), .text(hash)], operation: "looking up a version of form \(formName)", Self.formVersion) {
                return known
            }
            let highest = try connection.queryFirst(
                "SELECT coalesce(max(version), 0) FROM \(tables.formVersions) WHERE form_id = ?", [.integer(formID)],
                operation: "numbering a new version of form \(formName)", { $0.int(0) }) ?? 0
            let number = highest + 1
            try connection.run(
                """
                INSERT INTO \(tables.formVersions) (form_id, version, content_hash, definition_json, created_at)
                VALUES (?, ?, ?, ?, ?)
                """,
                [.integer(formID), .integer(Int64(number)), .text(hash), .text(definitionJSON), .text(Timestamp.now())],
                operation: "adding version \(number) of form \(formName)")
            return FormVersion(id: connection.lastInsertRowID, formName: formName, version: number,
                               contentHash: hash, definitionJSON: definitionJSON)
        }
    }

    package func latestVersion(formName: String) throws -> FormVersion? {
        try connection.queryFirst(
            sql.formVersionSelect + " WHERE f.name = ? ORDER BY v.version DESC LIMIT 1", [.text(formName)],
            operation: "reading the latest version of form \(formName)", Self.formVersion)
    }

    package func formVersion(id: Int64) throws -> FormVersion? {
        try connection.queryFirst(
            sql.formVersionSelect + " WHERE v.id = ?", [.integer(id)],
            operation: "reading form version \(id)", Self.formVersion)
    }

    /// What a submission insert needs to know about its version, from the cache when possible.
    func versionRef(id: Int64) throws -> VersionRef {
        if let cached = versionCache[id] { return cached }
        guard let ref = try connection.queryFirst(
            "SELECT v.form_id, f.name, v.version FROM \(tables.formVersions) v JOIN \(tables.forms) f ON f.id = v.form_id WHERE v.id = ?",
            [.integer(id)], operation: "reading form version \(id)", {
                VersionRef(formID: $0.int64(0), formName: $0.text(1), version: $0.int(2))
            })
        else { throw StoreError.unknownFormVersion(id: id) }
        versionCache[id] = ref
        return ref
    }

    package func forms() throws -> [FormSummary] {
        try connection.query(
            """
            SELECT f.name,
                   (SELECT count(*) FROM \(tables.formVersions) v WHERE v.form_id = f.id),
                   (SELECT coalesce(max(v.version), 0) FROM \(tables.formVersions) v WHERE v.form_id = f.id),
                   (SELECT count(*) FROM \(tables.submissions) s WHERE s.form_id = f.id AND s.status = 'final' AND s.deleted_at IS NULL),
                   (SELECT count(*) FROM \(tables.submissions) s WHERE s.form_id = f.id AND s.status = 'draft' AND s.deleted_at IS NULL)
            FROM \(tables.forms) f ORDER BY f.name
            """, operation: "listing forms") {
            FormSummary(name: $0.text(0), versions: $0.int(1), latestVersion: $0.int(2),
                        finalCount: $0.int(3), draftCount: $0.int(4))
        }
    }

    private static func formVersion(_ row: Statement) -> FormVersion {
        FormVersion(id: row.int64(0), formName: row.text(1), version: row.int(2),
                    contentHash: row.text(3), definitionJSON: row.text(4))
    }
}
