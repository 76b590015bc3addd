import Foundation
import PostgresTestServer
import TestSupport
@testable import FormStore

/// A database written by an older formctl (Tests/Fixtures/migration, made by its
/// make-fixtures.sh from commit f42e323), loaded as it was into an empty database of one
/// backend, and its rows read with plain SQL: what today's store must find there, byte for
/// byte, once it has migrated the schema.
struct OldDatabase {
    /// One submission row, as the old formctl left it.
    struct Row: Equatable, Decodable, CustomStringConvertible {
        let id: Int64
        let uuid: String
        let form: String
        let version: Int
        let formVersionID: Int64
        let status: String
        /// ISO 8601 UTC with milliseconds, as the store writes `createdAtText`.
        let createdAt: String
        let updatedAt: String
        let valuesJSON: String

        var description: String { "submission \(id) (\(form) v\(version), \(status))" }
    }

    /// One form version, as the old formctl left it.
    struct Version: Equatable, Decodable {
        let id: Int64
        let form: String
        let version: Int
        let contentHash: String
        let definitionJSON: String
        let createdAt: String
    }

    /// Which of the fixture's databases.
    enum Fixture {
        /// formctl's own database: every kind of row.
        case plain
        /// A service's database with a table of its own named `forms`, and formctl's tables
        /// under the prefix `formctl_`: a few rows.
        case prefixed

        /// The dump's name after the backend's, in Tests/Fixtures/migration.
        var suffix: String { self == .plain ? "" : "-prefixed" }
        var prefix: String { self == .plain ? "" : "formctl_" }
    }

    let database: StoreUnderTest
    let tables: TableNames

    /// A new database of `backend` holding `fixture`, not yet opened by the store.
    init(_ backend: Backend, _ fixture: Fixture = .plain) throws {
        database = try StoreUnderTest(backend)
        tables = try TableNames(prefix: fixture.prefix)
        let dump = RepositoryFiles.path("Tests/Fixtures/migration/\(backend.rawValue)\(fixture.suffix).sql")
        switch backend {
        case .sqlite:
            // `sqlite3 .dump` text: its own transaction, with foreign keys off while it loads.
            let connection = try Connection(path: database.location, switchingToWAL: false)
            try connection.execute(try String(contentsOfFile: dump, encoding: .utf8), operation: "loading the SQLite fixture")
        case .postgres:
            try PostgresTestServer.shared().psql(file: dump, database: PostgresTestServer.databaseName(of: database.location))
        }
    }

    /// Today's store on the database (which migrates it).
    func open() async throws(StorageError) -> any SubmissionStorage {
        try await database.open(tables: tables)
    }

    /// Every submission row in id order, read with SQL outside the store: before the store
    /// opens the database, what the fixture holds; after, what the migrations left.
    func rows() throws -> [Row] {
        let sql = switch database.backend {
        case .sqlite:
            """
            SELECT json_group_array(json_object('id', id, 'uuid', uuid, 'form', form, 'version', version,
                'formVersionID', form_version_id, 'status', status, 'createdAt', created_at, 'updatedAt', updated_at,
                'valuesJSON', values_json))
            FROM (SELECT s.*, f.name AS form, v.version FROM \(tables.submissions) s JOIN \(tables.forms) f ON f.id = s.form_id
                  JOIN \(tables.formVersions) v ON v.id = s.form_version_id ORDER BY s.id)
            """
        case .postgres:
            """
            SELECT coalesce(json_agg(json_build_object('id', s.id, 'uuid', s.uuid, 'form', f.name, 'version', v.version,
                'formVersionID', s.form_version_id, 'status', s.status, 'createdAt', \(Self.postgresTime("s.created_at")),
                'updatedAt', \(Self.postgresTime("s.updated_at")), 'valuesJSON', s.values_json) ORDER BY s.id), '[]')
            FROM \(tables.submissions) s JOIN \(tables.forms) f ON f.id = s.form_id
                JOIN \(tables.formVersions) v ON v.id = s.form_version_id
            """
        }
        return try decode(sql)
    }

    /// Every form version in id order, read as `rows()` reads submissions.
    func versions() throws -> [Version] {
        let sql = switch database.backend {
        case .sqlite:
            """
            SELECT json_group_array(json_object('id', id, 'form', form, 'version', version, 'contentHash', content_hash,
                'definitionJSON', definition_json, 'createdAt', created_at))
            FROM (SELECT v.*, f.name AS form FROM \(tables.formVersions) v JOIN \(tables.forms) f ON f.id = v.form_id ORDER BY v.id)
            """
        case .postgres:
            """
            SELECT coalesce(json_agg(json_build_object('id', v.id, 'form', f.name, 'version', v.version,
                'contentHash', v.content_hash, 'definitionJSON', v.definition_json,
                'createdAt', \(Self.postgresTime("v.created_at"))) ORDER BY v.id), '[]')
            FROM \(tables.formVersions) v JOIN \(tables.forms) f ON f.id = v.form_id
            """
        }
        return try decode(sql)
    }

    /// The migrations the database records, as `name applied_at` lines in version order.
    func recordedMigrations() throws -> [String] {
        let sql = switch database.backend {
        case .sqlite: "SELECT name || ' ' || applied_at FROM \(tables.migrations) ORDER BY version"
        case .postgres: "SELECT name || ' ' || \(Self.postgresTime("applied_at")) FROM \(tables.migrations) ORDER BY version"
        }
        return try database.sql(sql).split(separator: "\n").map(String.init)
    }

    /// The migration files of this backend in the repository: what a database must record as
    /// applied once today's store has opened it.
    func migrationFiles() throws -> [String] {
        let folder = RepositoryFiles.path(database.backend == .sqlite ? "migrations" : "migrations/postgres")
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sql") }.sorted()
    }

    /// The schema of `database` as text (tables, columns, indexes, constraints), to compare a
    /// migrated database with one that today's store made new.
    static func schema(of database: StoreUnderTest) throws -> String {
        switch database.backend {
        case .sqlite:
            return try database.sql("""
                SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema
                WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name
                """)
        case .postgres:
            let columns = try database.sql("""
                SELECT table_name, ordinal_position, column_name, data_type, column_default, is_nullable, is_identity,
                    is_generated, generation_expression
                FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position
                """)
            let indexes = try database.sql("SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname")
            let constraints = try database.sql("""
                SELECT conrelid::regclass, conname, pg_get_constraintdef(oid) FROM pg_constraint
                WHERE connamespace = current_schema()::regnamespace ORDER BY conrelid::regclass::text, conname
                """)
            return columns + indexes + constraints
        }
    }

    /// A timestamptz as the store's text: UTC, milliseconds, `Z`.
    private static func postgresTime(_ column: String) -> String {
        #"to_char(\#(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"#
    }

    /// Runs a query whose one row is a JSON array, and decodes it.
    private func decode<T: Decodable>(_ sql: String) throws -> [T] {
        let text = try database.sql(sql)
        return try JSONDecoder().decode([T].self, from: Data(text.utf8))
    }
}

extension OldDatabase.Row {
    /// The store's view of a row, in the fixture's terms, to compare field by field.
    init(_ stored: StoredSubmission) {
        self.init(id: stored.id, uuid: stored.uuid, form: stored.formName, version: stored.version,
                  formVersionID: stored.formVersionID, status: stored.status.rawValue, createdAt: stored.createdAtText,
                  updatedAt: stored.updatedAtText, valuesJSON: stored.valuesJSON)
    }
}
