import Foundation
import Testing
@testable import FormStore

/// A database that an older formctl (f42e323) filled, opened by today's store on SQLite and on
/// PostgreSQL: the migrations keep every row, form version and migration record as it was, and
/// leave the schema a new database has.
@Suite struct OldDatabaseMigrationTests {
    /// The fixture's make-fixtures.sh deletes these two (a final and a draft) with the old
    /// formctl once id 17 is stored, so that they are a gap and not the end.
    static let deletedIDs: [Int64] = [15, 16]

    @Test(arguments: Backend.allCases) func everyRowOfAnOldDatabaseIsIntactOnceMigrated(_ backend: Backend) async throws {
        let old = try OldDatabase(backend)
        let rows = try old.rows()
        let versions = try old.versions()
        let recorded = try old.recordedMigrations()
        // What the fixture holds, so that an empty or truncated fixture cannot pass.
        #expect(rows.count == 15 && Set(rows.map(\.status)) == ["draft", "final"])
        #expect(Set(rows.map(\.form)) == ["signup", "registration"] && versions.filter { $0.form == "signup" }.count == 3)
        #expect(rows.contains { $0.valuesJSON.contains("🎉👩‍💻") } && rows.contains { $0.createdAt < $0.updatedAt })
        #expect(Self.deletedIDs.allSatisfy { id in !rows.contains { $0.id == id } } && rows.contains { $0.id > 16 })
        #expect(recorded.count < (try old.migrationFiles()).count, "the fixture predates some migrations")

        let store = try await old.open()
        let status = try await store.migrationStatus()
        #expect(status.map(\.name) == (try old.migrationFiles()))
        #expect(status.allSatisfy { $0.applied && !$0.isUnknownToBinary }, "\(status)")
        #expect(Array(try old.recordedMigrations().prefix(recorded.count)) == recorded, "the old records are kept as they were")

        for row in rows {
            let stored = try #require(try await store.submission(id: row.id), "\(row) is gone")
            #expect(OldDatabase.Row(stored) == row)
            #expect(try await store.submission(uuid: row.uuid)?.id == row.id)
        }
        for id in Self.deletedIDs { #expect(try await store.submission(id: id) == nil, "a deleted row stays deleted, not a tombstone") }
        let listed = try await store.page(SubmissionQuery(limit: SubmissionQuery.maximumLimit))
        #expect(listed.submissions.map(OldDatabase.Row.init) == rows && listed.next == nil)
        var exported: [OldDatabase.Row] = []
        for try await stored in store.export(SubmissionQuery()) { exported.append(OldDatabase.Row(stored)) }
        #expect(exported == rows)
        for status in SubmissionStatus.allCases {
            #expect(try await store.count(status: status) == rows.filter { $0.status == status.rawValue }.count)
        }

        for version in versions {
            let stored = try #require(try await store.formVersion(id: version.id))
            #expect(stored.formName == version.form && stored.version == version.version)
            #expect(stored.contentHash == version.contentHash && stored.definitionJSON == version.definitionJSON)
        }
        let summaries = try await store.forms()
        #expect(summaries.map(\.name).sorted() == ["registration", "signup"])
        for summary in summaries {
            let ofForm = rows.filter { $0.form == summary.name }
            let versionsOfForm = versions.filter { $0.form == summary.name }
            #expect(summary.versions == versionsOfForm.count && summary.latestVersion == versionsOfForm.map(\.version).max())
            #expect(summary.finalCount == ofForm.filter { $0.status == "final" }.count)
            #expect(summary.draftCount == ofForm.filter { $0.status == "draft" }.count)
        }
        await store.close()

        // Read outside the store: the migrations changed none of the old columns.
        #expect(try old.rows() == rows)
        #expect(try old.versions() == versions)
        // Opened again, there is nothing left to apply and nothing has moved.
        let again = try await old.open()
        #expect(try await again.migrationStatus() == status)
        #expect(try await again.page(SubmissionQuery(limit: SubmissionQuery.maximumLimit)).submissions.map(OldDatabase.Row.init) == rows)
        await again.close()
    }

    @Test(arguments: Backend.allCases) func aMigratedDatabaseHasTheSchemaOfANewOne(_ backend: Backend) async throws {
        let old = try OldDatabase(backend)
        let before = try OldDatabase.schema(of: old.database)
        await (try await old.open()).close()
        let fresh = try StoreUnderTest(backend)
        await (try await fresh.open()).close()
        let migrated = try OldDatabase.schema(of: old.database)
        #expect(migrated != before)
        #expect(migrated == (try OldDatabase.schema(of: fresh)))
    }

    @Test(arguments: Backend.allCases) func anOldStoreUnderATablePrefixMigratesBesideTheServicesTables(_ backend: Backend) async throws {
        let old = try OldDatabase(backend, .prefixed)
        let rows = try old.rows()
        #expect(rows.count == 3 && Set(rows.map(\.status)) == ["draft", "final"] && !rows.contains { $0.id == 3 })
        let store = try await old.open()
        #expect(try await store.migrationStatus().map(\.name) == (try old.migrationFiles()))
        #expect(try await store.migrationStatus().allSatisfy(\.applied))
        for row in rows {
            let stored = try #require(try await store.submission(id: row.id), "\(row) is gone")
            #expect(OldDatabase.Row(stored) == row)
            #expect(try await store.history(submissionID: row.id)?.revisions.map(\.valuesJSON) == [row.valuesJSON])
        }
        #expect(try await store.submission(id: 3) == nil)
        await store.close()
        #expect(try old.rows() == rows)
        #expect(try old.database.sql("SELECT title FROM forms") == "the service's own form\n")

        let fresh = try StoreUnderTest(backend)
        try fresh.sql("CREATE TABLE forms (id integer PRIMARY KEY, title text)")
        await (try await fresh.open(tables: old.tables)).close()
        #expect(try OldDatabase.schema(of: old.database) == (try OldDatabase.schema(of: fresh)))
    }
}
