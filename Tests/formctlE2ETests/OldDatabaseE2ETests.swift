import Foundation
import PostgresTestServer
import TestSupport
import Testing

/// Today's formctl on a database that formctl f42e323 filled (Tests/Fixtures/migration), on
/// SQLite and on PostgreSQL: `migrate` says what it applies, every old row is dumped as it
/// was (revision 1, received), and the old drafts are resumed with `fill --resume`.
@Suite struct OldDatabaseE2ETests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite
        case postgres

        var testDescription: String { rawValue }
    }

    /// The fixture loaded into a new database of one backend, and SQL run on it outside formctl.
    struct OldDatabase {
        let scratch: Scratch
        let backend: Backend
        /// What `--db` takes.
        let address: String

        init(_ backend: Backend) throws {
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
            return try OldDatabaseE2ETests.objects(Data(try sql(query).utf8))
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
    }

    /// A JSON array of objects.
    static func objects(_ data: Data) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// `object` with only `keys`, for comparing what both sides have.
    static func only(_ keys: Set<String>, _ object: [String: Any]) -> NSDictionary {
        NSDictionary(dictionary: object.filter { keys.contains($0.key) })
    }

    @Test(arguments: Backend.allCases) func migrateAppliesWhatIsMissingAndKeepsEveryRow(_ backend: Backend) throws {
        let old = try OldDatabase(backend)
        let before = try old.submissions()
        #expect(before.count == 15, "the fixture's rows")
        let files = try old.migrationFiles()

        // A command that only reads does not migrate: it says what to run.
        let unmigrated = try old.formctl(["dump", "--format", "json"])
        #expect(unmigrated.exitCode == 3 && unmigrated.stderr.contains("run formctl migrate on it first"), "\(unmigrated)")

        let pending = try old.formctl(["migrate", "--status"])
        let statusLines = pending.stdout.split(separator: "\n").dropFirst()
        #expect(pending.exitCode == 0 && statusLines.count == files.count, "\(pending)")
        let applied = statusLines.filter { $0.contains(" applied ") }.count
        #expect(applied >= 1 && applied < files.count, "the old formctl applied some, not all: \(pending)")

        let migrated = try old.formctl(["migrate"])
        let expected = files.dropFirst(applied).map { "applied \($0)\n" }.joined()
        #expect(migrated.exitCode == 0 && migrated.stdout.hasPrefix(expected), "\(migrated)")
        #expect(migrated.stdout.hasSuffix("is now up to date (\(files.count) migrations applied)\n"), "\(migrated)")
        let status = try old.formctl(["migrate", "--status"])
        let after = status.stdout.split(separator: "\n").dropFirst()
        #expect(after.count == files.count && after.allSatisfy { $0.contains(" applied ") }, "\(status)")
        #expect(Array(after.prefix(applied)) == Array(statusLines.prefix(applied)), "the old records are as they were")
        let again = try old.formctl(["migrate"])
        #expect(again.exitCode == 0 && again.stdout.hasSuffix("is up to date (\(files.count) migrations applied)\n"), "\(again)")

        let dump = try old.formctl(["dump", "--format", "json", "--status", "all"])
        #expect(dump.exitCode == 0, "\(dump)")
        let dumped = try Self.objects(dump.stdoutData)
        let keys: Set<String> = ["id", "uuid", "form", "version", "status", "created_at", "updated_at", "data"]
        #expect(dumped.map { Self.only(keys, $0) } == before.map { Self.only(keys, $0) })
        // Every old row is at its first revision, not yet reviewed, in every export format.
        #expect(dumped.allSatisfy { $0["revision"] as? Int == 1 && $0["review"] as? [String: String] == ["state": "received"] })
        for form in ["signup", "registration"] {
            let csv = try old.formctl(["dump", "--format", "csv", "--form", form])
            let table = try CSVTestParser.parse(csv.stdout)
            let header = try #require(table.first)
            let revision = try #require(header.firstIndex(of: "_revision"))
            let review = try #require(header.firstIndex(of: "_review_state"))
            let finals = before.filter { $0["form"] as? String == form && $0["status"] as? String == "final" }
            #expect(table.count == finals.count + 1, "\(csv)")
            #expect(table.dropFirst().allSatisfy { $0[revision] == "1" && $0[review] == "received" }, "\(csv)")
        }

        let list = try old.formctl(["list", "--json"])
        let forms = try Self.objects(list.stdoutData)
        for form in forms {
            let name = try #require(form["form"] as? String)
            let rows = before.filter { $0["form"] as? String == name }
            #expect(form["final"] as? Int == rows.filter { $0["status"] as? String == "final" }.count, "\(name)")
            #expect(form["draft"] as? Int == rows.filter { $0["status"] as? String == "draft" }.count, "\(name)")
        }
        #expect(forms.count == 2, "\(list)")
    }

    @Test(arguments: Backend.allCases) func anOldSubmissionIsEditedOverHTTPWithATokenMadeOnTheMigratedDatabase(_ backend: Backend) throws {
        let old = try OldDatabase(backend)
        let before = try old.submissions()
        let first = try #require(before.first { $0["form"] as? String == "signup" && $0["status"] as? String == "final" })
        let id = try #require(first["id"] as? Int)
        let oldValues = try #require(first["data"] as? [String: Any])
        #expect((oldValues["guests"] as? [Any])?.count == 3, "\(oldValues)")
        // The first command that writes migrates the database; the old formctl had no tokens.
        let made = try old.formctl(["token", "create", "--form", "signup", "--scope", "write", "--name", "editor"])
        let token = try #require(made.stdout.split(separator: "\n").last.map(String.init), "\(made)")
        #expect(made.exitCode == 0, "\(made)")
        // The last --db is the one serve takes.
        let server = try ServerProcess(old.scratch, extra: ["--db", old.address])
        defer { server.stop() }
        let authorized = ["Authorization": "Bearer \(token)"]

        let shown = try server.request("GET", "/submissions/\(id)", headers: authorized)
        #expect(shown.status == 200 && shown.headers["etag"] == #""1""#, "\(shown.text)")
        #expect(shown.object["uuid"] as? String == first["uuid"] as? String, "\(shown.text)")
        let change = #"{"guests":[{"email":"ann+tag@example.com"}],"_reason":"two guests cancelled"}"#
        let edited = try server.request("PUT", "/submissions/\(id)", body: change, headers: authorized.merging(["If-Match": #""1""#]) { a, _ in a })
        #expect(edited.status == 200 && edited.object["revision"] as? Int == 2, "\(edited.text)")

        let history = try server.request("GET", "/submissions/\(id)/history", headers: authorized)
        let revisions = history.object["revisions"] as? [[String: Any]] ?? []
        #expect(revisions.count == 2, "\(history.text)")
        let kept = try #require(revisions.first?["data"] as? [String: Any])
        #expect(NSDictionary(dictionary: kept) == NSDictionary(dictionary: oldValues), "revision 1 is what the old formctl stored")
        #expect(revisions.first?["actor"] is NSNull && revisions.last?["actor"] as? String == "editor", "\(history.text)")
        let changes = revisions.last?["changes"] as? [[String: Any]] ?? []
        #expect(changes.compactMap { $0["path"] as? String }.sorted() == ["guests.1.email", "guests.2.email"], "\(history.text)")
        #expect(server.stop() == 0)
    }

    @Test(arguments: Backend.allCases) func anOldSubmissionIsEditedReviewedDeletedAndPurgedOnTheCommandLine(_ backend: Backend) throws {
        let old = try OldDatabase(backend)
        let before = try old.submissions()
        let registrations = before.filter { $0["form"] as? String == "registration" && $0["status"] as? String == "final" }
        let edited = try #require(registrations.first { ($0["data"] as? [String: Any])?["workshops"] != nil })
        let editedID = try #require(edited["id"] as? Int)
        let gone = try #require(registrations.last { $0["id"] as? Int != editedID })
        let goneID = try #require(gone["id"] as? Int)

        let edit = try old.formctl(["edit", String(editedID), "--set", "workshops.0.title=COBOL tomorrow", "--reason", "renamed",
                                    "--actor", "clerk", "--no-input"])
        #expect(edit.exitCode == 0 && edit.stdout.hasPrefix("edited submission \(editedID): revision 2"), "\(edit)")
        let shown = try old.formctl(["show", String(editedID), "--history", "--json"])
        let history = try #require(try JSONSerialization.jsonObject(with: shown.stdoutData) as? [String: Any], "\(shown)")
        let revisions = try #require(history["revisions"] as? [[String: Any]], "\(shown)")
        #expect(revisions.count == 2, "\(shown)")
        let kept = try #require(revisions.first?["data"] as? [String: Any])
        #expect(NSDictionary(dictionary: kept) == NSDictionary(dictionary: try #require(edited["data"] as? [String: Any])),
                "revision 1 is what the old formctl stored")
        #expect(revisions.first?["at"] as? String == edited["updated_at"] as? String, "\(shown)")
        #expect(revisions.last?["actor"] as? String == "clerk" && revisions.last?["reason"] as? String == "renamed", "\(shown)")
        let changes = revisions.last?["changes"] as? [[String: Any]] ?? []
        #expect(changes.count == 1 && changes.first?["path"] as? String == "workshops.0.title", "\(shown)")

        let review = try old.formctl(["review", String(goneID), "approved", "--comment", "paid", "--actor", "desk"])
        #expect(review.exitCode == 0 && review.stdout == "submission \(goneID) (revision 1) is now approved\n", "\(review)")
        let delete = try old.formctl(["delete", String(goneID), "--yes", "--reason", "duplicate", "--actor", "desk"])
        #expect(delete.exitCode == 0, "\(delete)")
        let tombstone = try old.formctl(["show", String(goneID), "--history", "--json"])
        let deleted = try #require(try JSONSerialization.jsonObject(with: tombstone.stdoutData) as? [String: Any], "\(tombstone)")
        #expect((deleted["deleted"] as? [String: Any])?["reason"] as? String == "duplicate", "\(tombstone)")
        #expect((deleted["reviews"] as? [[String: Any]])?.first?["comment"] as? String == "paid", "\(tombstone)")
        let purge = try old.formctl(["purge", "--yes"])
        #expect(purge.exitCode == 0 && purge.stdout == "purged 1 deleted submission\n", "\(purge)")

        // What is left is every other old row as it was.
        let dump = try old.formctl(["dump", "--format", "json", "--status", "all"])
        let keys: Set<String> = ["id", "uuid", "form", "version", "status", "created_at", "updated_at", "data"]
        let untouched = before.filter { $0["id"] as? Int != editedID && $0["id"] as? Int != goneID }
        #expect(try Self.objects(dump.stdoutData).filter { $0["id"] as? Int != editedID }.map { Self.only(keys, $0) }
                == untouched.map { Self.only(keys, $0) })
    }

    @Test(arguments: Backend.allCases) func oldDraftsAreResumedWithFillResume(_ backend: Backend) throws {
        let old = try OldDatabase(backend)
        let drafts = try old.submissions().filter { $0["status"] as? String == "draft" }
        #expect(drafts.count == 3, "the fixture's drafts")
        for draft in drafts {
            let id = try #require(draft["id"] as? Int)
            let form = try #require(draft["form"] as? String)
            let version = try #require(draft["version"] as? Int)
            // The definition of the draft's own version, as the old formctl stored it, under
            // the form's name: what the person resuming it would have kept.
            let definition = try old.sql("""
                SELECT v.definition_json FROM form_versions v JOIN forms f ON f.id = v.form_id
                WHERE f.name = '\(form)' AND v.version = \(version)
                """)
            let folder = old.scratch.path("v\(version)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let file = "\(folder)/\(form).json"
            try definition.write(toFile: file, atomically: true, encoding: .utf8)
            let answers = #"{"email":"resumed@example.com","password":"resumed-later","passwordConfirmation":"resumed-later"}"#
            let resumed = try old.formctl(["fill", file, "--resume", String(id), "--answers", "-"], stdin: answers)
            #expect(resumed.exitCode == 0 && resumed.stdout == "saved submission \(id)\n", "\(resumed)")

            let shown = try old.formctl(["show", String(id)])
            let stored = try #require(try JSONSerialization.jsonObject(with: shown.stdoutData) as? [String: Any])
            #expect(stored["status"] as? String == "final" && stored["uuid"] as? String == draft["uuid"] as? String)
            #expect(stored["version"] as? Int == version && stored["created_at"] as? String == draft["created_at"] as? String)
            let values = try #require(stored["data"] as? [String: Any])
            let kept = try #require(draft["data"] as? [String: Any])
            #expect(values["name"] as? String == kept["name"] as? String && values["email"] as? String == "resumed@example.com")
            #expect(values["password"] == nil, "a secure field is never stored")
        }
        let left = try old.formctl(["list", "--drafts"])
        #expect(left.stderr.contains("no drafts"), "\(left)")
    }
}
