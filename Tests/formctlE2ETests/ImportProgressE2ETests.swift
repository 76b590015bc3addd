import Foundation
import Testing

/// The import progress bar: on a terminal, the lines done of the file's lines with the rate and
/// the time left; from a pipe, the lines done and the rate; never in a log.
@Suite struct ImportProgressE2ETests {
    /// `shell` run on a pseudo-terminal by script(1), with what the terminal got.
    static func onTerminal(_ shell: String, in scratch: Scratch) throws -> String {
        try CommandRunner.run(["-qec", shell, "/dev/null"], directory: scratch.directory, timeout: 120, executable: "/usr/bin/script").stdout
    }

    static func input(_ scratch: Scratch, lines count: Int) throws -> String {
        // A blank line is not counted: it is neither validated nor stored.
        let lines = (0..<count).map { #"{"name":"n\#($0)","email":"e\#($0)@example.com","notes":"\#(String(repeating: "x", count: 200))"}"# }
        return try scratch.write("in.ndjson", (lines + ["  "]).joined(separator: "\n") + "\n")
    }

    @Test func aTerminalSeesLinesDoneOfTheFilesLinesWithRateAndTimeLeft() throws {
        let scratch = try Scratch()
        let file = try Self.input(scratch, lines: 40_000)
        let command = [try CommandRunner.binaryPath(), "import", try CommandRunner.fixture("contacts.json"), file, "--db", scratch.db]
        let shown = try Self.onTerminal(command.map { "'\($0)'" }.joined(separator: " "), in: scratch)
        let frames = shown.components(separatedBy: "\r").filter { $0.contains(" lines") && !$0.contains("imported") }
        #expect(!frames.isEmpty, "\(shown.debugDescription)")
        #expect(frames.allSatisfy { $0.contains(" of 40,000 lines") }, "\(frames)")
        // The bar moves: it does not start at 100%.
        #expect(frames.first.map { !$0.contains("100%") } == true, "\(frames)")
        #expect(frames.contains { $0.contains(" lines/s  ETA ") }, "\(frames)")
        #expect(shown.contains("imported 40000 of 40000 lines"), "\(shown.debugDescription)")
    }

    @Test func aPipeShowsLinesAndRateAndALogShowsNoBar() throws {
        let scratch = try Scratch()
        let file = try Self.input(scratch, lines: 3_000)
        let formctl = try CommandRunner.binaryPath()
        let form = try CommandRunner.fixture("contacts.json")
        let shown = try Self.onTerminal("cat '\(file)' | '\(formctl)' import '\(form)' - --db '\(scratch.db)'", in: scratch)
        let frames = shown.components(separatedBy: "\r").filter { $0.contains(" lines") && !$0.contains("imported") }
        #expect(!frames.isEmpty && frames.allSatisfy { !$0.contains(" of ") && !$0.contains("%") }, "\(shown.debugDescription)")
        #expect(shown.contains("imported 3000 of 3000 lines"), "\(shown.debugDescription)")

        let logged = try scratch.formctl(["import", form, file])
        #expect(logged.exitCode == 0 && logged.stderr == "imported 3000 of 3000 lines\n", "\(logged)")
    }
}
