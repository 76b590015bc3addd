import FormEngine
import Foundation
import PostgresTestServer
import Testing

/// Corrections, review and deletion on PostgreSQL: the same commands give the same output as
/// on SQLite, times and UUIDs aside.
@Suite(.enabled(if: PostgresTestServer.unavailableReason == nil,
                "PostgreSQL tests skipped: \(PostgresTestServer.unavailableReason ?? "")"))
struct HistoryPostgresE2ETests {
    @Test func editReviewDeleteAndPurgeGiveTheSameOutputAsOnSQLite() throws {
        let scratch = try Scratch()
        let url = try PostgresTestServer.shared().createDatabase()
        let signup = EditReviewDeleteE2ETests.signup
        let more = try scratch.write("more.json", #"{"seats": 12, "guests": [{"email": "bo@example.com"}, {"email": "cy@example.com"}]}"#)
        let commands: [[String]] = [
            ["fill", signup, "--answers", "-"],
            ["fill", signup, "--answers", "-"],
            ["edit", "1", "--set", "email=ann@example.com", "--reason", "typo in email", "--actor", "carol"],
            ["edit", "1", "--answers", more, "--actor", "dana"],
            ["edit", "1", "--set", "email=not-an-email"],
            ["review", "1", "has-issues", "--comment", "12 seats?", "--actor", "rita"],
            ["list", "--review", "hasIssues"],
            ["dump", "--review", "received", "--format", "ndjson"],
            ["show", "1", "--history"],
            ["show", "1", "--history", "--json"],
            ["delete", "2", "--yes", "--reason", "sent twice", "--actor", "ann"],
            ["dump", "--format", "ndjson"],
            ["show", "2", "--history"],
            ["purge", "--yes"],
            ["show", "2", "--history"],
        ]
        for command in commands {
            let stdin = command.first == "fill" ? EditReviewDeleteE2ETests.ann : ""
            let onSQLite = try CommandRunner.run(command + ["--db", scratch.db], stdin: stdin, directory: scratch.directory)
            let onPostgres = try CommandRunner.run(command + ["--db", url], stdin: stdin, directory: scratch.directory)
            #expect(onPostgres.exitCode == onSQLite.exitCode, "\(command): \(onSQLite)\n\(onPostgres)")
            #expect(PostgresE2ETests.comparable(onPostgres.stdout) == PostgresE2ETests.comparable(onSQLite.stdout), "\(command)")
            let postgresName = FormEngine.displayName(ofDatabase: url)
            #expect(onPostgres.stderr.replacingOccurrences(of: postgresName, with: "DB") == onSQLite.stderr.replacingOccurrences(of: scratch.db, with: "DB"),
                    "\(command)")
        }
        let history = try CommandRunner.run(["show", "1", "--history", "--json", "--db", url], directory: scratch.directory)
        let object = try #require(try JSONSerialization.jsonObject(with: history.stdoutData) as? [String: Any])
        let revisions = try #require(object["revisions"] as? [[String: Any]])
        #expect(revisions.count == 3 && (revisions[0]["data"] as? [String: Any])?["email"] as? String == "ann@exmaple.com", "\(history)")
        #expect((object["review"] as? [String: Any])?["state"] as? String == "hasIssues")
        let gone = try CommandRunner.run(["show", "2", "--history", "--db", url], directory: scratch.directory)
        #expect(gone.exitCode == 1, "purged: \(gone)")
    }
}
