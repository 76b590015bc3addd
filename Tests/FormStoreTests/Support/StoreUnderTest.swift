@testable import FormStore
import FormStorePostgres
import Foundation
import PostgresTestServer
import TestSupport
import Testing

/// The backends the storage suite runs on: every test of it runs once on each.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// An empty database of one backend for one test (an SQLite file in a temporary directory, or
/// a new database on the tests' PostgreSQL server), and the stores opened on it.
final class StoreUnderTest: Sendable {
    let backend: Backend
    /// The SQLite path or the PostgreSQL address.
    let location: String
    private let directory: TemporaryDirectory?

    /// A new empty database; cancels the test case (with the reason) when the backend is
    /// PostgreSQL and its binaries are not installed.
    init(_ backend: Backend) throws {
        self.backend = backend
        switch backend {
        case .sqlite:
            let directory = try TemporaryDirectory()
            self.directory = directory
            location = directory.path("store.sqlite")
        case .postgres:
            try Self.requirePostgres()
            directory = nil
            location = try PostgresTestServer.shared().createDatabase()
        }
    }

    /// Cancels the running test case, saying why, when PostgreSQL cannot be run here.
    static func requirePostgres() throws {
        guard let reason = PostgresTestServer.unavailableReason else { return }
        try Test.cancel("PostgreSQL tests skipped: \(reason)")
    }

    /// Opens a store on the database (migrating it unless `readOnly`).
    func open(tables: TableNames = .standard, readOnly: Bool = false, adopting: Bool = false) async throws(StorageError)
        -> any SubmissionStorage
    {
        switch backend {
        case .sqlite:
            return try SQLiteStorage(path: location, readOnly: readOnly, busyTimeout: .seconds(10),
                                     adoptingForeignDatabase: adopting, tables: tables)
        case .postgres:
            return try await PostgresStorage(url: location, tables: tables, readOnly: readOnly, adoptingForeignDatabase: adopting)
        }
    }

    /// Makes the database exist with nothing in it (a PostgreSQL database already does).
    func createEmpty() throws {
        if backend == .sqlite, !FileManager.default.createFile(atPath: location, contents: nil) {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// Runs SQL outside the store, as another program sharing the database would.
    @discardableResult
    func sql(_ statement: String) throws -> String {
        switch backend {
        case .sqlite:
            let connection = try Connection(path: location, switchingToWAL: false)
            var lines: [String] = []
            for part in statement.split(separator: ";") where !part.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                lines += try connection.query(String(part), operation: "test SQL") { $0.text(0) }
            }
            return lines.map { $0 + "\n" }.joined()
        case .postgres:
            return try PostgresTestServer.shared().psql(statement, database: PostgresTestServer.databaseName(of: location))
        }
    }

    /// The names of the database's tables, sorted.
    func tableNames() throws -> [String] {
        let query = backend == .sqlite
            ? "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            : "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name COLLATE \"C\""
        return try sql(query).split(separator: "\n").map(String.init)
    }
}
