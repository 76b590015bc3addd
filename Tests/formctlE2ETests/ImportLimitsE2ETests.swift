import Foundation
import Testing

/// An import stops cleanly when asked to (SIGINT, SIGTERM), and one slow line cannot hold up
/// the others.
@Suite struct ImportLimitsE2ETests {
    static let line = #"{"name":"Ada","email":"ada@example.com"}"#

    /// Starts `formctl import` on many lines, signals it once rows are committed, and checks
    /// that it exits 130 having stored exactly the lines it says, all of them whole.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsTheImportAfterStoringWhatItRead(_ signal: Int32) throws {
        let scratch = try Scratch()
        let input = try scratch.write("many.ndjson", String(repeating: Self.line + "\n", count: 400_000))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try CommandRunner.binaryPath())
        process.arguments = ["import", try CommandRunner.fixture("contacts.json"), input, "--db", scratch.db, "--batch-size", "500"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until something is committed (or the import is done), at most 20 s.
        let start = Date()
        while process.isRunning, Date().timeIntervalSince(start) < 20 {
            if let count = Int((try? SQLiteShell.run(scratch.db, "SELECT count(*) FROM submissions;"))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""), count > 0 { break }
            usleep(20_000)
        }
        try #require(process.isRunning, "the import finished before it could be interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130, "\(stderr)")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        let summary = try #require(stderr.split(separator: "\n").last.map(String.init))
        let pattern = #/imported (\d+) of (\d+) lines \(interrupted by (SIG[A-Z]+) after line (\d+)\)/#
        let match = try #require(summary.wholeMatch(of: pattern), "\(stderr)")
        #expect(String(match.3) == name)
        let stored = try SQLiteShell.run(scratch.db, "SELECT count(*), count(DISTINCT uuid) FROM submissions;")
        #expect(stored.trimmingCharacters(in: .whitespacesAndNewlines) == "\(match.1)|\(match.1)", "\(stderr)")
        #expect(match.1 == match.2 && match.2 == match.4, "every line read is stored: \(summary)")
        #expect(Int(match.1) ?? 0 < 400_000)
    }

    @Test func aLineOverItsTimeLimitIsRefusedAndTheOthersAreStored() throws {
        let scratch = try Scratch()
        // Every guest's `required` reads the whole repeat: thousands of guests cost seconds.
        let form = try scratch.write("slow.json", #"""
            {"sections": [
              {"elements": [{"type": "entry", "key": "host"}]},
              {"title": "Guests", "bind": "iterate:guests", "elementTemplate":
                {"type": "entry", "key": "email", "bind": "textValue:email", "required": "@{guests.@count > 0 && host != ''}"}}]}
            """#)
        let guests = (0..<4000).map { #"{"email":"g\#($0)@x.io"}"# }.joined(separator: ",")
        let input = try scratch.write("in.ndjson", #"{"host":"a"}"# + "\n" + #"{"host":"b","guests":["# + guests + "]}\n" + #"{"host":"c"}"# + "\n")
        let start = Date()
        let result = try CommandRunner.run(["import", form, input, "--db", scratch.db, "--line-time-limit", "0.3"], timeout: 60)
        #expect(Date().timeIntervalSince(start) < 10, "the slow line was stopped")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderrLines.contains { $0.hasPrefix("line 2: filling the form took longer than its time limit of 0.3 seconds") }, "\(result)")
        #expect(result.stderrLines.last == "imported 2 of 3 lines (1 refused)", "\(result)")
        #expect(try SQLiteShell.run(scratch.db, "SELECT count(*) FROM submissions;").trimmingCharacters(in: .whitespacesAndNewlines) == "2")
    }
}
