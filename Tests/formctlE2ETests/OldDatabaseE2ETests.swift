import Foundation
import Testing

/// Today's formctl on a database that formctl f42e323 filled (Tests/Fixtures/migration), on
/// SQLite and on PostgreSQL: `migrate` says what it applies, every old row is dumped as it
/// was (revision 1, received), and the old drafts are resumed with `fill --resume`.
@Suite struct OldDatabaseE2ETests {
    @Test(arguments: OldDatabaseBackend.allCases)
    func migrateAppliesWhatIsMissingAndKeepsEveryRow(_ backend: OldDatabaseBackend) throws {
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
        let dumped = try OldDatabase.objects(dump.stdoutData)
        let keys: Set<String> = ["id", "uuid", "form", "version", "status", "created_at", "updated_at", "data"]
        #expect(dumped.map { OldDatabase.only(keys, $0) } == before.map { OldDatabase.only(keys, $0) })
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
        let forms = try OldDatabase.objects(list.stdoutData)
        for form in forms {
            let name = try #require(form["form"] as? String)
            let rows = before.filter { $0["form"] as? String == name }
            #expect(form["final"] as? Int == rows.filter { $0["status"] as? String == "final" }.count, "\(name)")
            #expect(form["draft"] as? Int == rows.filter { $0["status"] as? String == "draft" }.count, "\(name)")
        }
        #expect(forms.count == 2, "\(list)")
    }

    @Test(arguments: OldDatabaseBackend.allCases)
    func oldDraftsAreResumedWithFillResume(_ backend: OldDatabaseBackend) throws {
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
