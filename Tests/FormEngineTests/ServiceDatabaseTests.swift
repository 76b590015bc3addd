import FormEngine
import PostgresTestServer
import TestSupport
import Testing

/// What a service does with a database through `import FormEngine` alone (no FormStore, no
/// `@testable`): open it by address, submit, list forms, versions and counts, query, show,
/// delete, read its migrations. The same calls on an SQLite file and on PostgreSQL.
@Suite("A service's database, through the engine")
struct ServiceDatabaseTests {
    static let form = #"{"sections": [{"elements": [{"type": "entry", "key": "name", "required": true}]}]}"#
    static let changedForm = #"{"sections": [{"elements": [{"type": "entry", "key": "name"}, {"type": "entry", "key": "city"}]}]}"#

    @Test func anSQLiteFile() async throws {
        let scratch = try TemporaryDirectory(prefix: "service-db")
        try await useThroughTheEngine(scratch.path("service.sqlite"))
    }

    @Test(.enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL tests skipped: \(PostgresTestServer.unavailableReason ?? "")"))
    func aPostgreSQLDatabase() async throws {
        let address = try PostgresTestServer.shared().createDatabase()
        #expect(FormEngine.isPostgresAddress(address) && FormEngine.supportsPostgreSQL)
        try await useThroughTheEngine(address)
    }

    func useThroughTheEngine(_ address: String) async throws {
        let engine = try await FormEngine(database: address)
        let first = try engine.loadForm(definition: try FormDefinition(json: Self.form), name: "signup")
        let ann = try await engine.submit(SubmissionRequest(answers: ["name": "Ann"]), to: first)
        let bob = try await engine.submit(SubmissionRequest(answers: ["name": "Bob"]), to: first)
        let second = try engine.loadForm(definition: try FormDefinition(json: Self.changedForm), name: "signup")
        let draft = try await engine.submit(SubmissionRequest(answers: ["city": "Oslo"], status: .draft), to: second)

        #expect(try await engine.forms() == [FormSummary(name: "signup", versions: 2, latestVersion: 2, finalCount: 2, draftCount: 1)])
        #expect(try await engine.latestVersion(formName: "signup") == 2)
        #expect(try await engine.latestVersion(formName: "nothing") == nil)
        #expect(try await engine.count(SubmissionQuery(formName: "signup", status: .final)) == 2)

        let finals = try await engine.submissions(SubmissionQuery(formName: "signup", status: .final, descending: true))
        #expect(finals.submissions.map(\.id) == [bob.id, ann.id])
        #expect(finals.submissions.map(\.values) == [["name": "Bob"], ["name": "Ann"]])
        let drafts = try await engine.submissions(SubmissionQuery(status: .draft))
        #expect(drafts.submissions.map(\.version) == [2])

        let shown = try #require(try await engine.show(id: ann.id))
        #expect(shown.objectValue?["data"] == ["name": "Ann"])
        #expect(shown.objectValue?["status"] == "final" && shown.objectValue?["version"] == 1)
        #expect(shown.objectValue?["uuid"] == .string(ann.uuid))
        #expect(try await engine.show(id: 999_999) == nil)

        #expect(try await engine.delete(id: draft.id))
        #expect(try await engine.delete(id: draft.id) == false, "already gone")
        #expect(try await engine.show(id: draft.id) == nil)
        #expect(try await engine.forms().first?.draftCount == 0)

        let migrations = try await engine.migrationStatus()
        #expect(!migrations.isEmpty && migrations.allSatisfy(\.applied))
        await engine.close()
        let unopened = try await FormEngine.migrationStatus(database: address)
        #expect(unopened.map(\.version) == migrations.map(\.version) && unopened.allSatisfy(\.applied))
    }

    @Test func migrationStatusOfAFileNotYetMadeIsAllPendingAndMakesNothing() async throws {
        let scratch = try TemporaryDirectory(prefix: "service-db")
        let path = scratch.path("later.sqlite")
        let pending = try await FormEngine.migrationStatus(database: path)
        #expect(!pending.isEmpty && pending.allSatisfy { !$0.applied })
        // Read-only creates nothing: a file that is not there is a storage error, not an empty database.
        let readOnly = await #expect(throws: FormEngineError.self) {
            try await FormEngine(database: path, options: StoreOptions(readOnly: true))
        }
        guard case .storage? = readOnly else { Issue.record("not a storage error: \(String(describing: readOnly))"); return }
        #expect(try await FormEngine.migrationStatus(database: path).allSatisfy { !$0.applied }, "still no file")
    }

    /// The package's own calls that formctl's token commands and FormServer make.
    @Test func accessTokensAreIssuedVerifiedAndRevoked() async throws {
        let scratch = try TemporaryDirectory(prefix: "service-db")
        let engine = try await FormEngine(database: scratch.path("tokens.sqlite"))
        let issued = try await engine.createAccessToken(name: "reporting", formName: "signup", scope: .read)
        #expect(try await engine.accessToken(presented: issued.token) == issued.record)
        #expect(try await engine.accessToken(presented: issued.token + "x") == nil)
        #expect(try await engine.accessTokens().map(\.name) == ["reporting"])
        #expect(try await engine.revokeAccessToken("reporting")?.id == issued.record.id)
        #expect(try await engine.accessToken(presented: issued.token) == nil, "revoked at once")
        await engine.close()
    }
}
