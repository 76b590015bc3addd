import Foundation
import Testing
@testable import FormStore

/// The store inside a database that is not only formctl's, and the schema checks, on both
/// backends.
@Suite struct StorageSchemaTests {
    /// A service's own tables with the names formctl uses without a prefix, and a Rails-style
    /// `schema_migrations`.
    static func createServiceTables(_ database: StoreUnderTest) throws {
        try database.sql("CREATE TABLE forms (id integer PRIMARY KEY, title text)")
        try database.sql("INSERT INTO forms VALUES (1, 'the service''s own form')")
        try database.sql("CREATE TABLE schema_migrations (version text PRIMARY KEY)")
        try database.sql("INSERT INTO schema_migrations VALUES ('20240101000000')")
    }

    @Test(arguments: Backend.allCases) func aPrefixedStoreLivesBesideTheServicesTables(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        try Self.createServiceTables(database)
        let refused = await #expect(throws: StorageError.self) { try await database.open() }
        #expect(refused?.kind == .foreignDatabase, "without a prefix the service's database is not touched")
        #expect(try database.tableNames() == ["forms", "schema_migrations"])

        let store = try await database.open(tables: try TableNames(prefix: "formctl_"))
        let saved = try await store.save(SubmissionWrite(version: StorageWriteTests.definition("signup", "{}"), status: .final, valuesJSON: "{}"))
        #expect(try await store.migrationStatus().allSatisfy(\.applied))
        await store.close()
        // A second prefix is a second, independent store in the same database.
        let other = try await database.open(tables: try TableNames(prefix: "audit_"))
        #expect(try await other.count(SubmissionQuery()) == 0)
        await other.close()
        let again = try await database.open(tables: try TableNames(prefix: "formctl_"))
        #expect(try await again.submission(id: saved.id) == saved)
        // Every migration of the backend's own set is recorded under the prefix.
        let compiled = try await again.migrationStatus().count
        await again.close()

        let tables = try database.tableNames()
        #expect(tables.contains("formctl_formctl_schema_migrations") && tables.contains("formctl_submissions"))
        #expect(tables.contains("audit_forms") && tables.contains("forms"))
        #expect(try database.sql("SELECT title FROM forms") == "the service's own form\n")
        #expect(try database.sql("SELECT version FROM schema_migrations") == "20240101000000\n")
        let formctlRecords = try database.sql("SELECT count(*) FROM formctl_formctl_schema_migrations")
        #expect(Int(formctlRecords.trimmingCharacters(in: .whitespacesAndNewlines)) == compiled)
        #expect(backend == .postgres || compiled == Migration.embedded.count)
    }

    @Test(arguments: Backend.allCases) func readOnlyStoresNeitherMigrateNorWrite(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        try database.createEmpty()
        let unmigrated = await #expect(throws: StorageError.self) { try await database.open(readOnly: true) }
        #expect(unmigrated?.kind == .schemaMismatch && unmigrated?.message.contains("migrate") == true)

        let writer = try await database.open()
        let row = try await writer.save(SubmissionWrite(version: StorageWriteTests.definition("r", "{}"), status: .final, valuesJSON: "{}"))
        await writer.close()
        let reader = try await database.open(readOnly: true)
        #expect(try await reader.submission(id: row.id) == row)
        let refused = await #expect(throws: StorageError.self) {
            try await reader.save(SubmissionWrite(version: .id(row.formVersionID), status: .final, valuesJSON: "{}"))
        }
        #expect(refused?.kind == .readOnly)
        await reader.close()
    }

    @Test(arguments: Backend.allCases) func aSchemaFromANewerFormctlIsRefused(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        await (try await database.open()).close()
        let timestamp = backend == .sqlite ? "'2030-01-01T00:00:00.000Z'" : "now()"
        try database.sql("INSERT INTO formctl_schema_migrations VALUES (99, '0099_future.sql', 'x', \(timestamp))")
        for readOnly in [false, true] {
            let error = await #expect(throws: StorageError.self) { try await database.open(readOnly: readOnly) }
            #expect(error?.kind == .schemaTooNew && error?.message.contains("newer formctl") == true)
        }
    }

    @Test(arguments: Backend.allCases) func anotherProgramsDatabaseIsAdoptedOnlyWhenAsked(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        try database.sql("CREATE TABLE users (name text)")
        try database.sql("INSERT INTO users VALUES ('ann')")
        let refused = await #expect(throws: StorageError.self) { try await database.open() }
        #expect(refused?.kind == .foreignDatabase && refused?.message.contains("users") == true)
        #expect(try database.tableNames() == ["users"])
        let adopted = try await database.open(adopting: true)
        #expect(try await adopted.forms().isEmpty)
        await adopted.close()
        #expect(try database.sql("SELECT name FROM users") == "ann\n")
        let reopened = try await database.open()
        await reopened.close()
    }
}
