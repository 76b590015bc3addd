import FormStore
import Foundation
import StoreFixtures
import Testing

@Suite("formctl list, show, migrate")
struct ListShowMigrateE2ETests {
    @Test func listShowsFormsVersionsAndCounts() throws {
        let scratch = try Scratch()
        // list only reads: a missing (or misspelled) database is an error, not a new empty file.
        let missing = try scratch.formctl(["list"])
        #expect(missing.exitCode == 3 && missing.stderr.contains("no database at \(scratch.db)"), "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: scratch.db))
        #expect(try scratch.formctl(["migrate"]).exitCode == 0)
        let empty = try scratch.formctl(["list"])
        #expect(empty.exitCode == 0 && empty.stdout.isEmpty && empty.stderr.contains("no forms"), "\(empty)")

        let lines = (1...3).map { #"{"name":"P\#($0)","email":"p\#($0)@example.com"}"# }
        #expect(try scratch.importAll("contacts.json", lines).exitCode == 0)
        let store = try SubmissionStore(path: scratch.db)
        let version = try #require(try store.latestVersion(formName: "contacts"))
        _ = try store.saveDraft(formVersionID: version.id, valuesJSON: "{}")

        let table = try scratch.formctl(["list"])
        #expect(table.exitCode == 0, "\(table)")
        #expect(table.stdout == """
            FORM      VERSIONS  LATEST  FINAL  DRAFT
            contacts         1       1      3      1

            """, "\(table)")
        let json = try scratch.formctl(["list", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array.first?["form"] as? String == "contacts")
        #expect(array.first?["final"] as? Int == 3 && array.first?["draft"] as? Int == 1)
        #expect(array.first?["versions"] as? Int == 1 && array.first?["latest_version"] as? Int == 1)
    }

    @Test func showPrintsTheSameObjectAsDump() throws {
        let scratch = try Scratch()
        #expect(try scratch.importAll("contacts.json", DumpE2ETests.tricky).exitCode == 0)
        let dump = try scratch.formctl(["dump"])
        let dumped = try #require(try JSONSerialization.jsonObject(with: dump.stdoutData) as? [NSDictionary])
        for object in dumped {
            let id = try #require(object["id"] as? Int)
            let shown = try scratch.formctl(["show", String(id)])
            #expect(shown.exitCode == 0, "\(shown)")
            #expect(shown.stdout.contains("\n  \"uuid\": "), "pretty printed")
            #expect(try JSONSerialization.jsonObject(with: shown.stdoutData) as? NSDictionary == object)
        }
        let missing = try scratch.formctl(["show", "999"])
        #expect(missing.exitCode == 1 && missing.stderr.contains("999") && missing.stdout.isEmpty, "\(missing)")
        let notANumber = try scratch.formctl(["show", "abc"])
        #expect(notANumber.exitCode == 2, "\(notANumber)")
    }

    @Test func migrateAppliesOnceAndStatusChangesNothing() throws {
        let scratch = try Scratch()
        let missing = try scratch.formctl(["migrate", "--status"])
        #expect(missing.exitCode == 3 && missing.stderr.contains("no database at"), "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: scratch.db), "--status must not create the database")
        // A file with no tables yet (as sqlite3 leaves one) has every migration pending.
        #expect(FileManager.default.createFile(atPath: scratch.db, contents: nil))
        let pending = try scratch.formctl(["migrate", "--status"])
        #expect(pending.exitCode == 0, "\(pending)")
        let pendingRow = pending.stdout.split(separator: "\n").first { $0.contains("0001_init.sql") }
        #expect(pendingRow?.contains("pending") == true, "\(pending)")

        let first = try scratch.formctl(["migrate"])
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stdout.hasPrefix("applied 0001_init.sql\n") && first.stdout.contains("now up to date"), "\(first)")
        let again = try scratch.formctl(["migrate"])
        #expect(again.exitCode == 0 && !again.stdout.contains("applied 0001") && again.stdout.contains("is up to date"), "\(again)")

        let status = try scratch.formctl(["migrate", "--status"])
        let row = try #require(status.stdout.split(separator: "\n").first { $0.contains("0001_init.sql") })
        #expect(row.contains("applied") && row.contains("Z"), "\(status)")
    }

    @Test func everyCommandRefusesAFileThatIsNotADatabase() throws {
        let scratch = try Scratch()
        let junk = try scratch.write("junk.sqlite", String(repeating: "definitely not SQLite\n", count: 200))
        for arguments in [["list"], ["show", "1"], ["migrate"], ["migrate", "--status"], ["dump", "--format", "csv"]] {
            let result = try CommandRunner.run(arguments + ["--db", junk], directory: scratch.directory)
            #expect(result.exitCode == 3, "\(arguments): \(result)")
            #expect(result.stderr.contains(junk) && result.stderr.contains("not a database"), "\(arguments): \(result)")
        }
    }

    @Test func helpForEachCommand() throws {
        let scratch = try Scratch()
        for command in ["import", "dump", "list", "show", "migrate"] {
            let help = try CommandRunner.run([command, "--help"], directory: scratch.directory)
            #expect(help.exitCode == 0 && help.stdout.contains("USAGE: formctl \(command)") && help.stdout.contains("--db"), "\(command): \(help)")
        }
    }
}
