import Foundation
import StoreFixtures
import TestSupport
import Testing
@testable import FormStore

@Suite struct MigratorTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    /// The package's migrations/ folder, found from this file's location.
    static var migrationsDirectory: URL {
        RepositoryFiles.root.appending(path: "migrations")
    }

    @Test func embeddedMigrationsEqualTheFilesOnDisk() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.migrationsDirectory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(!names.isEmpty)
        #expect(Migration.embedded.map(\.name) == names)
        for migration in Migration.embedded {
            let data = try Data(contentsOf: Self.migrationsDirectory.appending(path: migration.name))
            #expect(Array(migration.template.utf8) == Array(data), "\(migration.name) differs from the embedded copy")
        }
        #expect(Migration.embedded.map(\.version) == Migration.embedded.map(\.version).sorted())
    }

    @Test func aCopiedBinaryCarriesItsSchema() throws {
        // A binary linking FormStore, copied away from the build folder and run from elsewhere,
        // still creates the full schema: the SQL lives inside it.
        let copy = directory.url.appending(path: "copied-writer")
        try FileManager.default.copyItem(at: try FaultWriter.executable(), to: copy)
        let child = try FaultWriter.Child(["open", "db.sqlite"], executable: copy, workingDirectory: directory.url)
        #expect(child.waitFor(line: "opened 0"))
        #expect(child.finish().status == 0)
        let connection = try Connection(path: directory.path("db.sqlite"))
        #expect(try Migrator(connection: connection).status().allSatisfy(\.applied))
    }

    @Test func freshDatabaseGetsEverySchemaObject() throws {
        let connection = try Connection(path: directory.path("m.sqlite"))
        try Migrator(connection: connection).migrate()
        let tables = try connection.query(
            "SELECT name FROM sqlite_schema WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name",
            operation: "t") { $0.text(0) }
        #expect(tables == ["access_tokens", "attachment_chunks", "attachment_contents", "form_versions", "form_versions_form_hash",
                           "formctl_schema_migrations", "forms", "idempotency_keys", "idempotency_keys_expires_at",
                           "outbox_deliveries", "outbox_deliveries_failed", "outbox_deliveries_pending",
                           "outbox_deliveries_pending_submission", "outbox_events", "outbox_subscriptions",
                           "submission_attachments", "submission_attachments_sha256", "submission_reviews", "submission_reviews_submission_id",
                           "submission_revisions", "submissions", "submissions_created_at", "submissions_deleted_at",
                           "submissions_form_review_id", "submissions_form_status_id", "submissions_status_id",
                           "submissions_updated_at_id"])
        let status = try Migrator(connection: connection).status()
        #expect(status.count == Migration.embedded.count)
        #expect(status.allSatisfy { $0.applied && $0.appliedAt.flatMap(Timestamp.parse) != nil && !$0.isUnknownToBinary })
    }

    /// A process that found no migration record, while another process opening the same new
    /// file applied every migration before it listed the tables, is not told that the file is
    /// another program's: the check reads the records and the tables again in one snapshot.
    @Test func aDatabaseMigratedByAnotherProcessMeanwhileIsNotForeign() throws {
        let path = directory.path("shared.sqlite")
        let late = try Migrator(connection: Connection(path: path))
        let recordsSeenBefore = try late.appliedMigrations()
        #expect(recordsSeenBefore.isEmpty)
        try Migrator(connection: Connection(path: path)).migrate()
        try late.refuseForeignDatabase(applied: recordsSeenBefore)
        try late.migrate()
    }

    @Test func rerunningIsANoOp() throws {
        let connection = try Connection(path: directory.path("m.sqlite"))
        let extra = [Migration(version: 1, name: "0001_a.sql", sql: "CREATE TABLE a (x);"),
                     Migration(version: 2, name: "0002_b.sql", sql: "CREATE TABLE b (x);")]
        try Migrator(connection: connection, migrations: extra).migrate()
        let before = try Migrator(connection: connection, migrations: extra).status()
        // A second run must not try CREATE TABLE again (it would fail) nor touch the records.
        try Migrator(connection: connection, migrations: extra).migrate()
        #expect(try Migrator(connection: connection, migrations: extra).status() == before)
        // A later binary with one more migration applies only the new one.
        let more = extra + [Migration(version: 3, name: "0003_c.sql", sql: "CREATE TABLE c (x);")]
        try Migrator(connection: connection, migrations: more).migrate()
        let after = try Migrator(connection: connection, migrations: more).status()
        #expect(after.map(\.applied) == [true, true, true])
        #expect(Array(after.prefix(2)) == before)
    }

    @Test func editedAppliedMigrationIsRefused() throws {
        let connection = try Connection(path: directory.path("m.sqlite"))
        try Migrator(connection: connection, migrations: [Migration(version: 1, name: "0001_a.sql", sql: "CREATE TABLE a (x);")]).migrate()
        let edited = [Migration(version: 1, name: "0001_a.sql", sql: "CREATE TABLE a (x, y);")]
        #expect(throws: MigrationError.editedMigration(version: 1, name: "0001_a.sql", path: directory.path("m.sqlite"))) {
            try Migrator(connection: connection, migrations: edited).migrate()
        }
    }

    @Test func databaseNewerThanTheBinaryIsRefused() throws {
        let path = directory.path("m.sqlite")
        _ = try SubmissionStore(path: path)
        let connection = try Connection(path: path)
        let latest = Migration.embedded.last?.version ?? 0
        try connection.run("INSERT INTO formctl_schema_migrations VALUES (?, 'from_the_future.sql', 'x', '2030-01-01T00:00:00.000Z')",
                           [.integer(Int64(latest + 1))], operation: "simulate a newer formctl")
        let error = #expect(throws: MigrationError.self) { _ = try SubmissionStore(path: path) }
        #expect(error == .databaseNewerThanBinary(databaseVersion: latest + 1, binaryVersion: latest, path: path))
        #expect(error?.description.contains("newer formctl") == true)
    }

    @Test func failingMigrationLeavesNothingBehind() throws {
        let connection = try Connection(path: directory.path("m.sqlite"))
        let broken = [Migration(version: 1, name: "0001_a.sql", sql: "CREATE TABLE a (x);"),
                      Migration(version: 2, name: "0002_b.sql", sql: "CREATE TABLE b (x); CREATE TABLE a (y);")]
        let error = #expect(throws: SQLiteError.self) { try Migrator(connection: connection, migrations: broken).migrate() }
        #expect(error?.sql == "CREATE TABLE a (y);")
        #expect(error?.operation == "applying migration 0002_b.sql")
        // 0001 committed in its own transaction; 0002 (including its first statement) did not.
        let status = try Migrator(connection: connection, migrations: broken).status()
        #expect(status.map(\.applied) == [true, false])
        #expect(try connection.queryFirst("SELECT count(*) FROM sqlite_schema WHERE name = 'b'", operation: "t") { $0.int(0) } == 0)
    }

    @Test func readOnlyStoreRefusesAnUnmigratedDatabase() throws {
        let path = directory.path("m.sqlite")
        do { _ = try Connection(path: path) }  // an empty database, never migrated
        let error = #expect(throws: MigrationError.self) { _ = try SubmissionStore(path: path, readOnly: true) }
        #expect(error == .pendingMigrationsInReadOnlyDatabase(pending: Migration.embedded.map(\.version), path: path))
        _ = try SubmissionStore(path: path)
        let reader = try SubmissionStore(path: path, readOnly: true)
        #expect(try reader.migrationStatus().allSatisfy(\.applied))
    }
}
