import Foundation
import PostgresTestServer
import TestSupport
import Testing

/// Where an old database is loaded: each test of one runs on both.
enum OldDatabaseBackend: String, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// A database that formctl f42e323 filled (Tests/Fixtures/migration), loaded into a new
/// database of one backend for today's formctl to open, and SQL run on it outside formctl.
struct OldDatabase {
    let scratch: Scratch
    let backend: OldDatabaseBackend
    /// What `--db` takes.
    let address: String

    init(_ backend: OldDatabaseBackend) throws {
        scratch = try Scratch()
        self.backend = backend
        switch backend {
        case .sqlite:
            address = scratch.db
            let dump = try String(contentsOfFile: RepositoryFiles.path("Tests/Fixtures/migration/sqlite.sql"), encoding: .utf8)
            try SQLiteShell.run(address, dump)
        case .postgres:
            if let reason = PostgresTestServer.unavailableReason { try Test.cancel("PostgreSQL tests skipped: \(reason)") }
            let server = try PostgresTestServer.shared()
            address = try server.createDatabase()
            try server.psql(file: RepositoryFiles.path("Tests/Fixtures/migration/postgres.sql"),
                            database: PostgresTestServer.databaseName(of: address))
        }
    }

    /// What a query prints (one line per row, columns joined by `|`).
    func sql(_ statement: String) throws -> String {
        switch backend {
        case .sqlite: try SQLiteShell.run(address, statement)
        case .postgres: try PostgresTestServer.shared().psql(statement, database: PostgresTestServer.databaseName(of: address))
        }
    }

    /// Every submission as `dump --format json` shows one (id, uuid, form, version, status,
    /// times, data), read with SQL from the tables themselves.
    func submissions() throws -> [[String: Any]] {
        let query = switch backend {
        case .sqlite:
            """
            SELECT json_group_array(json_object('id', id, 'uuid', uuid, 'form', form, 'version', version, 'status', status,
                'created_at', created_at, 'updated_at', updated_at, 'data', json(values_json)))
            FROM (SELECT s.*, f.name AS form, v.version FROM submissions s JOIN forms f ON f.id = s.form_id
                  JOIN form_versions v ON v.id = s.form_version_id ORDER BY s.id)
            """
        case .postgres:
            """
            SELECT json_agg(json_build_object('id', s.id, 'uuid', s.uuid, 'form', f.name, 'version', v.version, 'status', s.status,
                'created_at', to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'updated_at', to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'data', s.values_json::json) ORDER BY s.id)
            FROM submissions s JOIN forms f ON f.id = s.form_id JOIN form_versions v ON v.id = s.form_version_id
            """
        }
        return try Self.objects(Data(try sql(query).utf8))
    }

    /// The repository's migration files for this backend: every one is applied once
    /// formctl has opened the database.
    func migrationFiles() throws -> [String] {
        let folder = RepositoryFiles.path(backend == .sqlite ? "migrations" : "migrations/postgres")
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sql") }.sorted()
    }

    func formctl(_ arguments: [String], stdin: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run(arguments + ["--db", address], stdin: stdin, directory: scratch.directory)
    }

    /// A JSON array of objects.
    static func objects(_ data: Data) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// `object` with only `keys`, for comparing what both sides have.
    static func only(_ keys: Set<String>, _ object: [String: Any]) -> NSDictionary {
        NSDictionary(dictionary: object.filter { keys.contains($0.key) })
    }
}
