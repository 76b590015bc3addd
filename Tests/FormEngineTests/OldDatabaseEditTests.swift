import Foundation
import FormEngine
import PostgresTestServer
import TestSupport
import Testing

/// Edits through the engine of submissions that formctl f42e323 stored (the databases of
/// Tests/Fixtures/migration), on SQLite and on PostgreSQL: an old row is edited as a new one
/// is, against the version it was made with or the latest, and its first revision is what the
/// old formctl stored.
@Suite struct OldDatabaseEditTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// The fixture loaded into a new database of one backend, not yet opened by the engine.
    struct OldDatabase {
        let backend: Backend
        /// What `FormEngine(database:)` takes.
        let address: String
        private let scratch: TemporaryDirectory

        init(_ backend: Backend) throws {
            self.backend = backend
            scratch = try TemporaryDirectory(prefix: "old-database")
            switch backend {
            case .sqlite:
                address = scratch.path("old.sqlite")
                try Self.sqlite3(address, input: RepositoryFiles.path("Tests/Fixtures/migration/sqlite.sql"))
            case .postgres:
                if let reason = PostgresTestServer.unavailableReason { try Test.cancel("PostgreSQL tests skipped: \(reason)") }
                address = try PostgresTestServer.shared().createDatabase()
                try PostgresTestServer.shared().psql(file: RepositoryFiles.path("Tests/Fixtures/migration/postgres.sql"),
                                                     database: PostgresTestServer.databaseName(of: address))
            }
        }

        /// Submission `id`'s values_json as stored, read with SQL outside the engine.
        func storedValues(id: Int64) throws -> String {
            let query = "SELECT values_json FROM submissions WHERE id = \(id)"
            let output = switch backend {
            case .sqlite: try Self.sqlite3(address, arguments: [query])
            case .postgres: try PostgresTestServer.shared().psql(query, database: PostgresTestServer.databaseName(of: address))
            }
            return String(output.dropLast())  // the line's newline
        }

        /// Runs the sqlite3 shell on `path` with `arguments`, or reading the file `input`.
        @discardableResult
        static func sqlite3(_ path: String, arguments: [String] = [], input: String? = nil) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["sqlite3", "-bail", path] + arguments
            if let input { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input)) }
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw ShellFailure(status: process.terminationStatus, path: path) }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// The sqlite3 shell failed (its message went to the test's standard error).
    struct ShellFailure: Error, CustomStringConvertible {
        let status: Int32
        let path: String
        var description: String { "sqlite3 \(path) exited with \(status)" }
    }

    static let backends: [Backend] = PostgresTestServer.unavailableReason == nil ? Backend.allCases : [.sqlite]

    @Test(arguments: backends) func anOldSubmissionIsEditedAgainstItsOwnVersion(backend: Backend) async throws {
        let old = try OldDatabase(backend)
        // Submission 1: signup version 1, with three guests; its password was never stored,
        // and an edit does not ask for it again.
        let stored = try old.storedValues(id: 1)
        let engine = try await FormEngine(database: old.address)
        let before = try #require(try await engine.storedSubmission(id: 1))
        #expect(before.version == 1 && before.revision == 1 && before.reviewState == .received)
        let edited = try await engine.edit(id: 1, SubmissionEdit(
            overrides: [FieldOverride(key: "guests.2.email", text: "bo@example.com")], reason: "typo", actor: "clerk"))
        #expect(edited.revision == 2 && edited.version == 1 && edited.uuid == before.uuid && edited.createdAt == before.createdAt)
        let history = try #require(try await engine.history(id: 1))
        #expect(history.revisions.map(\.revision) == [1, 2] && history.revisions.map(\.actor) == [nil, "clerk"])
        #expect(history.revisions.first?.valuesJSON == stored, "revision 1 is what the old formctl stored, byte for byte")
        #expect(try history.differences(from: 1, to: 2)
                == [FieldDifference(path: "guests.1.email", old: "bo@example.org", new: "bo@example.com")])

        // A refused edit changes nothing.
        await #expect(throws: FormEngineError.self) {
            try await engine.edit(id: 1, SubmissionEdit(overrides: [FieldOverride(key: "email", text: "not an address")]))
        }
        #expect(try await engine.history(id: 1)?.revisions.count == 2)
        await engine.close()
    }

    @Test(arguments: backends) func anOldSubmissionMovesToTheLatestVersion(backend: Backend) async throws {
        let old = try OldDatabase(backend)
        let engine = try await FormEngine(database: old.address)
        // Submission 9 was stored with signup's version 1 after version 3 existed.
        let before = try #require(try await engine.storedSubmission(id: 9))
        #expect(before.formName == "signup" && before.version == 1)
        let latest = try #require(try await engine.latestVersion(formName: "signup"))
        #expect(latest == 3, "the fixture's signup has three versions")
        let form = try #require(try await engine.loadLatestForm(formName: "signup"))
        let moved = try await engine.edit(id: 9, SubmissionEdit(overrides: [FieldOverride(key: "phone", text: "+1 555 0100")],
                                                                reason: "phone given later", form: form))
        #expect(moved.version == latest && moved.revision == 2 && moved.values["phone"] == "+1 555 0100")
        #expect(moved.values["name"] == "Back To One" && moved.values["guests"] == [["email": "two@example.com"]])
        let history = try #require(try await engine.history(id: 9))
        #expect(history.revisions.map(\.version) == [1, latest])
        await engine.close()
    }
}
