import FormStore
import PostgresNIO

extension PostgresStorage {
    package func register(formName: String, definitionJSON: String, contentHash: String) async throws(StorageError) -> FormVersion {
        return try await write("registering a version of form \(formName)") { [self] connection in
            try await connection.transaction(logger: logger) { connection in
                try await register(formName: formName, definitionJSON: definitionJSON, contentHash: contentHash, on: connection)
            }
        }
    }

    /// The version with this content hash, else a new one; inside the caller's transaction.
    /// The form's row is locked first, so two processes adding a version number them in turn.
    func register(formName: String, definitionJSON: String, contentHash: String,
                  on connection: PostgresConnection) async throws -> FormVersion {
        let t = tables
        try await connection.run("INSERT INTO \(t.forms) (name) VALUES ($1) ON CONFLICT (name) DO NOTHING",
                                 [.text(formName)], logger: logger)
        let formID = try await connection.run("SELECT id FROM \(t.forms) WHERE name = $1 FOR UPDATE",
                                              [.text(formName)], logger: logger).first(Int64.self)
        guard let formID else { throw StoreError.unknownFormVersion(id: 0) }
        if let known = try await connection.run(
            sql.formVersionSelect + " WHERE v.form_id = $1 AND v.content_hash = $2 ORDER BY v.version LIMIT 1",
            [.integer(formID), .text(contentHash)], logger: logger).formVersions().first {
            return known
        }
        let highest = try await connection.run(
            "SELECT coalesce(max(version), 0) FROM \(t.formVersions) WHERE form_id = $1", [.integer(formID)],
            logger: logger).first(Int.self) ?? 0
        let id = try await connection.run(
            """
            INSERT INTO \(t.formVersions) (form_id, version, content_hash, definition_json, created_at)
            VALUES ($1, $2, $3, $4, $5::timestamptz) RETURNING id
            """,
            [.integer(formID), .integer(Int64(highest + 1)), .text(contentHash), .text(definitionJSON), .timestamp(Timestamp.now())],
            logger: logger).first(Int64.self)
        guard let id else { throw StoreError.unknownFormVersion(id: 0) }
        return FormVersion(id: id, formName: formName, version: highest + 1, contentHash: contentHash, definitionJSON: definitionJSON)
    }

    /// What an insert needs of a version; cached only when read outside a transaction.
    func versionRef(_ id: Int64, on connection: PostgresConnection, caching: Bool) async throws -> VersionRef {
        if let known = versionRefs.withLock({ $0[id] }) { return known }
        let rows = try await connection.run(
            "SELECT v.form_id, f.name, v.version FROM \(tables.formVersions) v JOIN \(tables.forms) f ON f.id = v.form_id WHERE v.id = $1",
            [.integer(id)], logger: logger)
        var found: VersionRef?
        for try await (formID, name, version) in rows.decode((Int64, String, Int).self) {
            found = VersionRef(formID: formID, formName: name, version: version)
        }
        guard let found else { throw StoreError.unknownFormVersion(id: id) }
        if caching { versionRefs.withLock { $0[id] = found } }
        return found
    }

    package func forms() async throws(StorageError) -> [FormSummary] {
        let t = tables
        return try await call("listing forms") { connection in
            let rows = try await connection.run(
                """
                SELECT f.name,
                       (SELECT count(*) FROM \(t.formVersions) v WHERE v.form_id = f.id),
                       (SELECT coalesce(max(v.version), 0) FROM \(t.formVersions) v WHERE v.form_id = f.id),
                       (SELECT count(*) FROM \(t.submissions) s WHERE s.form_id = f.id AND s.status = 'final' AND s.deleted_at IS NULL),
                       (SELECT count(*) FROM \(t.submissions) s WHERE s.form_id = f.id AND s.status = 'draft' AND s.deleted_at IS NULL)
                FROM \(t.forms) f ORDER BY f.name COLLATE "C"
                """, logger: logger)
            var forms: [FormSummary] = []
            for try await (name, versions, latest, finals, drafts) in rows.decode((String, Int, Int, Int, Int).self) {
                forms.append(FormSummary(name: name, versions: versions, latestVersion: latest, finalCount: finals, draftCount: drafts))
            }
            return forms
        }
    }

    package func latestVersion(formName: String) async throws(StorageError) -> FormVersion? {
        try await call("reading the latest version of form \(formName)") { connection in
            try await connection.run(sql.formVersionSelect + " WHERE f.name = $1 ORDER BY v.version DESC LIMIT 1",
                                     [.text(formName)], logger: logger).formVersions().first
        }
    }

    package func formVersion(id: Int64) async throws(StorageError) -> FormVersion? {
        try await call("reading form version \(id)") { connection in
            try await connection.run(sql.formVersionSelect + " WHERE v.id = $1", [.integer(id)], logger: logger).formVersions().first
        }
    }

    package func migrationStatus() async throws(StorageError) -> [MigrationStatus] {
        let migrator = PostgresMigrator(tables: tables, database: database, logger: logger)
        return try await call("reading the migrations") { connection in try await migrator.status(on: connection) }
    }
}

extension PostgresRowSequence {
    /// The first column of the first row, if any.
    func first<T: PostgresDecodable>(_ type: T.Type) async throws -> T? {
        var value: T?
        for try await row in self where value == nil { value = try row.decode(T.self) }
        return value
    }

    /// Rows of `PostgresSQL.formVersionSelect`.
    func formVersions() async throws -> [FormVersion] {
        var versions: [FormVersion] = []
        for try await (id, name, version, hash, json) in decode((Int64, String, Int, String, String).self) {
            versions.append(FormVersion(id: id, formName: name, version: version, contentHash: hash, definitionJSON: json))
        }
        return versions
    }
}

extension PostgresStorage {
    /// Applied and pending migrations of the database at `address`, without applying any (for
    /// `formctl migrate --status`, and to tell what `migrate` applied).
    package static func migrationStatus(address: PostgresAddress, tables: TableNames = .standard) async throws(StorageError) -> [MigrationStatus] {
        var logger = Logger(label: "formctl.postgres")
        logger.logLevel = .critical
        let database = address.description
        let migrator = PostgresMigrator(tables: tables, database: database, logger: logger)
        do {
            let connection = try await PostgresConnection.connect(configuration: try configuration(for: address), id: 1, logger: logger)
            do {
                let status = try await migrator.status(on: connection)
                try? await connection.close()
                return status
            } catch {
                try? await connection.close()
                throw error
            }
        } catch {
            throw StorageError(postgres: error, operation: "reading the migrations", database: database)
        }
    }
}
