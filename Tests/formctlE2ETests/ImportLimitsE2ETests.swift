import Foundation
import Glibc
import Testing

/// An import stops cleanly when asked to (SIGINT, SIGTERM), even on an idle pipe, and one
/// slow or huge line cannot hold up the others.
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

    /// `formctl import` reading its standard input from a pipe this test writes to.
    static func importFromPipe(_ scratch: Scratch, arguments: [String] = [], under wrapper: [String] = []) throws
        -> (process: Process, input: FileHandle, errors: Pipe)
    {
        let process = Process()
        let binary = try CommandRunner.binaryPath()
        process.executableURL = URL(fileURLWithPath: wrapper.isEmpty ? binary : "/usr/bin/env")
        process.arguments = wrapper + (wrapper.isEmpty ? [] : [binary])
            + ["import", try CommandRunner.fixture("contacts.json"), "-", "--db", scratch.db] + arguments
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, input.fileHandleForWriting, errors)
    }

    static func storedCount(_ scratch: Scratch) throws -> String {
        try SQLiteShell.run(scratch.db, "SELECT count(*) FROM submissions;").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A pipe that stays open and sends nothing (as `tail -f` does) must not keep the import
    /// from its signal: it stops within a second, storing the lines it has read.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsTheImportWhileItsInputIsIdle(_ signal: Int32) throws {
        let scratch = try Scratch()
        let (process, input, errors) = try Self.importFromPipe(scratch)
        defer { try? input.close() }
        input.write(Data((Self.line + "\n" + Self.line + "\n").utf8))
        // Time to read both lines and start waiting for a third.
        Thread.sleep(forTimeInterval: 1)
        try #require(process.isRunning)
        let signalled = Date()
        kill(process.processIdentifier, signal)
        while process.isRunning, Date().timeIntervalSince(signalled) < 15 { usleep(5_000) }
        let took = Date().timeIntervalSince(signalled)
        // Still running: its input's end is the only way left to stop it.
        try? input.close()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(took < 1, "stopped \(took) s after the signal")
        #expect(process.terminationStatus == 130, "\(stderr)")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(stderr.hasSuffix("imported 2 of 2 lines (interrupted by \(name) after line 2)\n"), "\(stderr)")
        #expect(try Self.storedCount(scratch) == "2")
    }

    /// A 200 MB line piped in under a 900 MB address-space limit (formctl idles at about 550 MB
    /// of it): refused alone by number, never read into memory, and the valid lines of its
    /// batch are stored.
    @Test func aLineOverMaxLineBytesIsRefusedAloneWithoutBeingHeld() throws {
        let scratch = try Scratch()
        let (process, input, errors) = try Self.importFromPipe(scratch, under: ["prlimit", "--as=900000000"])
        // A process that dies of the limit closes the pipe: a failed write ends the writing,
        // not the test process (SIGPIPE).
        signal(SIGPIPE, SIG_IGN)
        let writer = Thread {
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            let parts = [Array((Self.line + "\n" + #"{"name":""#).utf8)] + Array(repeating: chunk, count: 200)
                + [Array(("\"}\n" + Self.line + "\n").utf8)]
            writing: for part in parts {
                var offset = 0
                while offset < part.count {
                    let written = part[offset...].withUnsafeBytes { Glibc.write(input.fileDescriptor, $0.baseAddress, $0.count) }
                    if written <= 0 { break writing }
                    offset += written
                }
            }
            try? input.close()
        }
        writer.start()
        let stderrData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: stderrData, as: UTF8.self)
        #expect(process.terminationStatus == 1, "\(stderr)")
        #expect(stderr == "line 2: longer than --max-line-bytes (1048576 bytes); not read\nimported 2 of 3 lines (1 refused)\n")
        #expect(try Self.storedCount(scratch) == "2")
    }

    @Test func maxLineBytesCountsTheBytesBeforeTheNewline() throws {
        let scratch = try Scratch()
        // 40 bytes, then 41 (a longer name), then 40 again with a CRLF ending.
        let lines = [Self.line, #"{"name":"Adam","email":"ada@example.com"}"#, Self.line + "\r"]
        #expect(lines.map(\.utf8.count) == [40, 41, 41])
        let file = try scratch.write("in.ndjson", lines.joined(separator: "\n") + "\n")
        let result = try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), file, "--max-line-bytes", "40"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderrLines == ["line 2: longer than --max-line-bytes (40 bytes); not read",
                                       "imported 2 of 3 lines (1 refused)"], "\(result)")
        // The same lines without a newline after the last, and a limit one byte higher.
        let unended = try scratch.write("unended.ndjson", lines.joined(separator: "\n"))
        let last = try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), unended, "--max-line-bytes", "41"])
        #expect(last.stderrLines == ["imported 3 of 3 lines"], "\(last)")
        let short = try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), unended, "--max-line-bytes", "39"])
        #expect(short.stderrLines.last == "imported 0 of 3 lines (3 refused)", "\(short)")
        #expect(try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), file, "--max-line-bytes", "0"]).exitCode == 2)
    }
}
