import Foundation
import Testing

/// `fill --action NAME=PROGRAM`: the program runs without a shell, with a small environment,
/// within a time limit that stops everything it started, and neither it nor its children can
/// hang or flood formctl through its pipes.
@Suite struct ActionProgramE2ETests {
    static let answers = #"{"login": "ann", "password": "pw"}"#

    func fill(_ scratch: Scratch, _ action: String, _ extra: [String] = [], stdin: String = answers,
              environment: [String: String] = [:], timeout: TimeInterval = 10) throws -> CommandRunner.Result {
        try CommandRunner.run(["fill", try CommandRunner.fixture("loginform.json"), "--db", scratch.db, "--answers", "-",
                               "--action", action] + extra,
                              stdin: stdin, directory: scratch.directory, timeout: timeout, environment: environment)
    }

    /// An executable shell script in the scratch directory, at a path with a space in it.
    func script(_ scratch: Scratch, _ body: String) throws -> String {
        let path = try scratch.write("my action.sh", "#!/bin/sh\n" + body + "\n")
        #expect(chmod(path, 0o755) == 0)
        return path
    }

    @Test func theProgramRunsWithoutAShell() throws {
        let scratch = try Scratch()
        let result = try fill(scratch, "onLogin=echo hi; touch PWNED $(touch PWNED2)")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("hi; touch PWNED $(touch PWNED2)"), "echo got the words as they are: \(result)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("PWNED")) && !FileManager.default.fileExists(atPath: scratch.path("PWNED2")))
    }

    @Test func quotedWordsAndAPathWithSpaces() throws {
        let scratch = try Scratch()
        let program = try script(scratch, #"for a in "$@"; do echo "[$a]"; done > args.txt; cat > stdin.json"#)
        let result = try fill(scratch, #"onLogin='\#(program)' --flag "two words" it\'s"#)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try String(contentsOfFile: scratch.path("args.txt"), encoding: .utf8) == "[--flag]\n[two words]\n[it's]\n")
        #expect(try String(contentsOfFile: scratch.path("stdin.json"), encoding: .utf8).contains(#""password":"pw""#))
        let unbalanced = try fill(scratch, #"onLogin=echo "open"#)
        #expect(unbalanced.exitCode == 2 && unbalanced.stderr.contains("unclosed"), "\(unbalanced)")
    }

    @Test func theEnvironmentIsSmallAndSaysWhatRuns() throws {
        let scratch = try Scratch()
        let program = try script(scratch, "env > env.txt")
        let result = try fill(scratch, "onLogin='\(program)'", environment: ["SECRET_TOKEN": "hunter2", "LANG": "C.UTF-8"])
        #expect(result.exitCode == 0, "\(result)")
        let names = Set(try String(contentsOfFile: scratch.path("env.txt"), encoding: .utf8)
            .split(separator: "\n").compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
        #expect(names.isSubset(of: ["PATH", "HOME", "LANG", "FORMCTL_ACTION", "FORMCTL_FORM", "FORMCTL_ELEMENT", "PWD", "SHLVL", "_", "OLDPWD"]), "\(names)")
        #expect(!names.contains("SECRET_TOKEN") && names.contains("FORMCTL_ACTION") && names.contains("FORMCTL_FORM"))
        let env = try String(contentsOfFile: scratch.path("env.txt"), encoding: .utf8)
        #expect(env.contains("FORMCTL_ACTION=onLogin\n") && env.contains("FORMCTL_FORM=loginform\n") && env.contains("LANG=C.UTF-8\n"), "\(env)")
        // The element that fired by its JSON path in the form, as `check` names places: the
        // Login button is the first element of the second section (its key is `button`).
        #expect(env.contains("FORMCTL_ELEMENT=sections[1].elements[0]\n"), "\(env)")
    }

    @Test func aProgramThatRunsTooLongIsStoppedWithWhatItStarted() throws {
        let scratch = try Scratch()
        let marker = try scratch.write("alive", "")
        // A child of the program keeps running (and would touch the marker) unless its group is killed.
        let program = try script(scratch, "(sleep 3; rm -f '\(marker)') & sleep 1000")
        let started = Date()
        let result = try fill(scratch, "onLogin='\(program)'", ["--action-timeout", "1"])
        #expect(Date().timeIntervalSince(started) < 8)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("did not finish within 1.0 seconds") && result.stderr.contains("--action-timeout"), "\(result)")
        Thread.sleep(forTimeInterval: 3.5)
        #expect(FileManager.default.fileExists(atPath: marker), "the program's child was stopped too")
    }

    @Test func aGrandchildHoldingStderrDoesNotHoldUpFill() throws {
        let scratch = try Scratch()
        let program = try script(scratch, "sleep 20 & exit 0")
        let result = try fill(scratch, "onLogin='\(program)'")
        #expect(result.exitCode == 0 && result.stdout.contains("saved submission"), "\(result)")
    }

    @Test func stderrAndStdinFlowTogetherAndStderrIsCapped() throws {
        let scratch = try Scratch()
        // 200 KB on stderr before reading a 1 MB stdin: both pipes fill unless both are served.
        let big = #"{"login": "\#(String(repeating: "a", count: 1 << 20))", "password": "pw"}"#
        let talker = try script(scratch, "head -c 200000 /dev/zero | tr '\\0' e >&2; wc -c > size.txt; exit 0")
        let talked = try fill(scratch, "onLogin='\(talker)'", stdin: big, timeout: 20)
        #expect(talked.exitCode == 0, "\(talked.exitCode) \(talked.stderr.suffix(300))")
        let size = Int((try? String(contentsOfFile: scratch.path("size.txt"), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        #expect(size > 1 << 20, "the program read all of stdin")
        // 100 MB on stderr: read to the end, the message is its last 4 KB.
        let flood = try script(scratch, "head -c 100000000 /dev/zero | tr '\\0' x >&2; echo ' LAST-WORDS' >&2; exit 1")
        let flooded = try fill(scratch, "onLogin='\(flood)'", timeout: 60)
        #expect(flooded.exitCode == 1, "\(flooded.exitCode)")
        #expect(flooded.stderr.hasSuffix("LAST-WORDS\n") && flooded.stderr.utf8.count < 4_200, "\(flooded.stderr.utf8.count) bytes")
    }

    @Test func helpDocumentsHowProgramsRun() throws {
        let help = try CommandRunner.run(["fill", "--help"])
        #expect(help.stdout.contains("never run by a shell") && help.stdout.contains("--action-timeout"), "\(help)")
    }
}
