import Foundation
import PostgresTestServer
import Testing

/// Files through the command line on PostgreSQL: `fill --attach`, an answers file and an
/// import line, read back by `file`, `show` and `dump --files` byte for byte, with the same
/// output as on SQLite.
@Suite(.enabled(if: PostgresTestServer.unavailableReason == nil,
                "PostgreSQL tests skipped: \(PostgresTestServer.unavailableReason ?? "")"))
struct AttachmentsPostgresE2ETests {
    @Test func everyChannelStoresTheSameBytesAsOnSQLite() throws {
        let scratch = try Scratch()
        let url = try PostgresTestServer.shared().createDatabase()
        let form = try CommandRunner.fixture("attachments/proposal.json")
        let slides = try CommandRunner.fixture("attachments/slides.pdf")
        let photo = try CommandRunner.fixture("attachments/photo.png")
        try FileManager.default.createDirectory(atPath: scratch.path("in"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: slides, toPath: scratch.path("in/slides.pdf"))
        try FileManager.default.copyItem(atPath: photo, toPath: scratch.path("in/photo.png"))
        let answers = try scratch.write("in/answers.json", #"{"title": "Answers", "slides": {"file": "slides.pdf"}, "handouts": [{"file": "photo.png"}]}"#)
        let lines = try scratch.write("in/lines.ndjson", #"{"title": "Line", "slides": {"file": "slides.pdf"}}"# + "\n")
        let commands: [[String]] = [
            ["fill", form, "--set", "title=Attached", "--attach", "slides=\(slides)", "--attach", "photo=\(photo)"],
            ["fill", form, "--answers", answers],
            ["import", form, lines],
            ["fill", form, "--set", "title=Refused", "--attach", "slides=\(photo)"],
            ["file", "1"], ["file", "2"], ["file", "3"],
        ]
        for command in commands {
            let onSQLite = try CommandRunner.run(command + ["--db", scratch.db], directory: scratch.directory)
            let onPostgres = try CommandRunner.run(command, directory: scratch.directory, environment: ["FORMCTL_DB": url])
            #expect(onPostgres.exitCode == onSQLite.exitCode, "\(command): \(onPostgres)")
            #expect(onPostgres.stdout == onSQLite.stdout, "\(command)")
            #expect(onPostgres.stderr == onSQLite.stderr, "\(command)")
        }
        let show = try CommandRunner.run(["show", "2"], directory: scratch.directory, environment: ["FORMCTL_DB": url])
        #expect(show.stdout.contains(#""key" : "handouts""#) || show.stdout.contains(#""key": "handouts""#), "\(show)")

        let dump = try CommandRunner.run(["dump", "--files", "out"], directory: scratch.directory, environment: ["FORMCTL_DB": url])
        #expect(dump.exitCode == 0, "\(dump)")
        #expect(dump.stderr == "wrote 5 files under out\n", "\(dump)")
        let rows = try #require(try JSONSerialization.jsonObject(with: dump.stdoutData) as? [[String: Any]])
        for row in rows {
            let data = try #require(row["data"] as? [String: Any])
            let values = [data["slides"], data["photo"]].compactMap { $0 as? [String: Any] } + ((data["handouts"] as? [[String: Any]]) ?? [])
            for value in values {
                let path = try #require(value["path"] as? String)
                let original = path.hasSuffix(".pdf") ? slides : photo
                #expect(FileManager.default.contents(atPath: scratch.path("out/" + path)) == FileManager.default.contents(atPath: original), "\(path)")
            }
        }
    }
}
