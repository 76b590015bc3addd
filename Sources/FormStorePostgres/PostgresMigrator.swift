import FormStore
import PostgresNIO

/// Brings a PostgreSQL database's schema up to `migrations/postgres/`, as the SQLite migrator
/// does for SQLite: each migration in its own transaction with its bookkeeping row, checksums
/// checked, a database from a newer formctl refused. Concurrent processes are serialised by a
/// transaction-scoped advisory lock, so each migration is applied exactly once.
struct PostgresMigrator {
    let tables: TableNames
    let plan: MigrationPlan
    let logger: Logger

    init(tables: TableNames, database: String, logger: Logger) {
        self.tables = tables
        self.plan = MigrationPlan(migrations: Migration.from(embedded: EmbeddedMigrations.files), database: database)
        self.logger = logger
    }

    var createTableSQL: String {
        """
        CREATE TABLE IF NOT EXISTS \(tables.migrations) (
            version    integer PRIMARY KEY,
            name       text NOT NULL,
            checksum   text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now()
        )
        """
    }

    /// Applies what is pending; refuses another program's database unless `adopting`.
    func migrate(on connection: PostgresConnection, adopting: Bool) async throws {
        let applied = try await appliedMigrations(on: connection)
        if !adopting { try await refuseForeignDatabase(on: connection, applied: applied) }
        guard try !plan.pending(after: applied).isEmpty else { return }
        for migration in plan.migrations {
            try await connection.transaction(logger: logger) { connection in
                // One lock for every process migrating this set of tables, held to the commit.
                try await connection.run("SELECT pg_advisory_xact_lock(hashtext($1))", [.text(tables.migrations)], logger: logger)
                try await connection.run(createTableSQL, logger: logger)
                let pending = try plan.pending(after: try await appliedMigrations(on: connection))
                guard pending.contains(migration.version) else { return }
                for statement in SQLScript.statements(migration.sql(for: tables)) {
                    try await connection.run(statement, logger: logger)
                }
                try await connection.run(
                    "INSERT INTO \(tables.migrations) (version, name, checksum) VALUES ($1, $2, $3)",
                    [.integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum)], logger: logger)
            }
        }
    }

    /// Throws when the schema is not exactly this binary's (for stores that must not migrate).
    func verifyCurrent(on connection: PostgresConnection) async throws {
        let applied = try await appliedMigrations(on: connection)
        try await refuseForeignDatabase(on: connection, applied: applied)
        let pending = try plan.pending(after: applied)
        if !pending.isEmpty { throw MigrationError.pendingMigrationsInReadOnlyDatabase(pending: pending, path: plan.database) }
    }

    func status(on connection: PostgresConnection) async throws -> [MigrationStatus] {
        let applied = try await appliedMigrations(on: connection)
        try await refuseForeignDatabase(on: connection, applied: applied)
        return plan.status(applied)
    }

    func appliedMigrations(on connection: PostgresConnection) async throws -> [MigrationPlan.Applied] {
        let exists = try await connection.run("SELECT to_regclass($1) IS NOT NULL", [.text(tables.migrations)], logger: logger)
        var found = false
        for try await row in exists { found = try row.decode(Bool.self) }
        guard found else { return [] }
        let rows = try await connection.run(
            """
            SELECT version, name, checksum, to_char(applied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            FROM \(tables.migrations) ORDER BY version
            """, logger: logger)
        var applied: [MigrationPlan.Applied] = []
        for try await (version, name, checksum, appliedAt) in rows.decode((Int, String, String, String).self) {
            applied.append(MigrationPlan.Applied(version: version, name: name, checksum: checksum, appliedAt: appliedAt))
        }
        return applied
    }

    /// As for SQLite: with no prefix, a database with no record of formctl's migrations that
    /// has tables (a service's own `forms`, a framework's `schema_migrations`) is another
    /// program's, and is left as it is.
    /// `applied` is the recorded migrations the caller has just read.
    func refuseForeignDatabase(on connection: PostgresConnection, applied: [MigrationPlan.Applied]) async throws {
        guard tables.prefix.isEmpty, applied.isEmpty else { return }
        let rows = try await connection.run(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1",
            logger: logger)
        var names: [String] = []
        for try await name in rows.decode(String.self) { names.append(name) }
        // Another formctl may have committed its first migration (tables and record together)
        // between the two reads above: its record is visible now if its tables were.
        if names.contains(where: { $0 != tables.migrations }), try await appliedMigrations(on: connection).isEmpty {
            throw MigrationError.foreignDatabase(path: plan.database, tables: names)
        }
    }
}
