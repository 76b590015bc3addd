/// Brings a database's schema up to the migrations compiled into this binary.
///
/// Each migration runs in its own `BEGIN IMMEDIATE` transaction together with its bookkeeping
/// row, so a crash leaves it either fully applied and recorded or not at all. The applied set
/// is re-read inside every transaction, so several processes starting at once on a new file
/// apply each migration exactly once. Only tables named by `tables` are read or written.
package struct Migrator {
    let connection: Connection
    let migrations: [Migration]
    let tables: TableNames

    package init(connection: Connection, migrations: [Migration] = Migration.embedded, tables: TableNames = .standard) {
        self.connection = connection
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.tables = tables
    }

    /// The bookkeeping table belongs to the migrator, not to the schema in `migrations/`.
    var createTableSQL: String {
        """
        CREATE TABLE IF NOT EXISTS \(tables.migrations) (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            checksum   TEXT NOT NULL,
            applied_at TEXT NOT NULL
        )
        """
    }

    typealias Applied = MigrationPlan.Applied

    /// Applies every pending migration; a no-op when the schema is current. Another program's
    /// database (tables, none of ours) is refused unless `adopting`, so that opening the wrong
    /// file never adds formctl's tables to it or switches it to WAL.
    func migrate(adopting: Bool = false) throws {
        // The common case, an up-to-date database, is checked with a plain read: taking the
        // write lock here would make every open wait for (or fail on) a busy writer.
        let applied = try appliedMigrations()
        if !adopting { try refuseForeignDatabase(applied: applied) }
        guard try !validate(applied).isEmpty else { return }
        try connection.transaction {
            if try legacyTableIsOurs() {
                try connection.execute("ALTER TABLE \(TableNames.legacyMigrations) RENAME TO \(tables.migrations)",
                                       operation: "renaming formctl's schema_migrations to \(tables.migrations)")
            }
            try connection.execute(createTableSQL, operation: "creating the \(tables.migrations) table")
        }
        for migration in migrations {
            try connection.transaction {
                let applied = try appliedMigrations()
                let pending = try validate(applied)
                guard pending.contains(migration.version) else { return }
                try connection.execute(migration.sql(for: tables), operation: "applying migration \(migration.name)")
                try connection.run(
                    "INSERT INTO \(tables.migrations) (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)",
                    [.integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum), .text(Timestamp.now())],
                    operation: "recording migration \(migration.name)")
            }
        }
    }

    /// Checks the recorded migrations against the compiled ones without changing anything;
    /// used by read-only stores. Throws if any are pending.
    func verifyCurrent() throws {
        let applied = try appliedMigrations()
        try refuseForeignDatabase(applied: applied)
        let pending = try validate(applied)
        if !pending.isEmpty {
            throw MigrationError.pendingMigrationsInReadOnlyDatabase(pending: pending, path: connection.path)
        }
    }

    /// Every compiled migration plus any unknown recorded one, for `migrate --status`.
    package func status() throws -> [MigrationStatus] {
        let applied = try appliedMigrations()
        try refuseForeignDatabase(applied: applied)
        return MigrationPlan(migrations: migrations, database: connection.path).status(applied)
    }

    /// Throws `foreignDatabase` when a database with no record of formctl's migrations has
    /// tables: another program's file, or a service's database with a `forms` table (or a
    /// framework's `schema_migrations`) of its own. Only formctl's empty bookkeeping table is
    /// allowed, as another process may have just created it and be applying the first
    /// migration. A caller that chose a table prefix has said where formctl's tables go in a
    /// database that is not only formctl's, so other tables are expected there.
    /// `applied` is the recorded migrations when the caller has just read them.
    func refuseForeignDatabase(applied: [Applied]? = nil) throws {
        guard tables.prefix.isEmpty, try (applied ?? appliedMigrations()).isEmpty else { return }
        // The records and the tables are read again in one snapshot: another process applying
        // migrations meanwhile commits each one's tables with its record, so tables seen
        // without any record are another program's, not formctl's half-way through.
        let (recorded, names) = try connection.readTransaction {
            let names = try connection.query(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
                operation: "listing the tables of the database") { $0.text(0) }
            return (try appliedMigrations(), names)
        }
        guard recorded.isEmpty else { return }
        if names.contains(where: { $0 != tables.migrations }) {
            throw MigrationError.foreignDatabase(path: connection.path, tables: names)
        }
    }

    /// Recorded migrations; none if the bookkeeping table does not exist yet. A database
    /// migrated before the table had a name of its own is read from the old one.
    func appliedMigrations() throws -> [Applied] {
        let table: String
        if try tableExists(tables.migrations) {
            table = tables.migrations
        } else if try legacyTableIsOurs() {
            table = TableNames.legacyMigrations
        } else {
            return []
        }
        return try connection.query(
            "SELECT version, name, checksum, applied_at FROM \(table) ORDER BY version",
            operation: "reading applied migrations") { row in
            Applied(version: row.int(0), name: row.text(1), checksum: row.text(2), appliedAt: row.text(3))
        }
    }

    private func tableExists(_ name: String) throws -> Bool {
        try connection.queryFirst(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(name)],
            operation: "looking for the \(name) table") { _ in true } ?? false
    }

    /// True for an unprefixed database whose `schema_migrations` is formctl's own (its columns,
    /// and formctl's tables beside it), not a framework's table of the same name.
    func legacyTableIsOurs() throws -> Bool {
        guard tables.prefix.isEmpty, try tableExists(TableNames.legacyMigrations), try tableExists(tables.forms) else {
            return false
        }
        let columns = try connection.query(
            "SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(TableNames.legacyMigrations)],
            operation: "reading the columns of schema_migrations") { $0.text(0) }
        return columns == ["version", "name", "checksum", "applied_at"]
    }

    /// Refuses databases this binary must not touch and returns the versions still to apply.
    private func validate(_ applied: [Applied]) throws -> [Int] {
        try MigrationPlan(migrations: migrations, database: connection.path).pending(after: applied)
    }
}
