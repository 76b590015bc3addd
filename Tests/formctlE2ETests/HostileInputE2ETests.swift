import FormStore
import Foundation
import StoreFixtures
import Testing

/// Inputs that used to crash, hang or be silently mangled: each must end quickly with a clear
/// message and the documented exit code.
@Suite struct HostileInputE2ETests {
    static let invalidUTF8 = Data([0xFF, 0xFE])

    func writeBytes(_ scratch: Scratch, _ name: String, _ parts: [Data]) -> String {
        let path = scratch.path(name)
        #expect(FileManager.default.createFile(atPath: path, contents: parts.reduce(Data(), +)))
        return path
    }

    @Test func invalidUTF8IsRefusedInEveryInput() throws {
        let scratch = try Scratch()
        let contacts = try CommandRunner.fixture("contacts.json")
        // A definition.
        let form = writeBytes(scratch, "form.json", [Data(#"{"title": "A"#.utf8), Self.invalidUTF8, Data(#"", "sections": []}"#.utf8)])
        let check = try CommandRunner.run(["check", form], directory: scratch.directory)
        #expect(check.exitCode == 1, "\(check)")
        #expect(check.stderr.contains("\(form):1:13: error: malformed JSON: invalid UTF-8: byte 0xff at byte offset 12"), "\(check)")
        // --answers and --data.
        let answers = writeBytes(scratch, "answers.json", [Data("{\n\"name\": \"A".utf8), Self.invalidUTF8, Data(#"", "email": "a@example.com"}"#.utf8)])
        let fill = try scratch.formctl(["fill", contacts, "--answers", answers, "--action", "sendToCRM=true"])
        #expect(fill.exitCode == 1, "\(fill)")
        #expect(fill.stderr.contains("\(answers):2:11: error: malformed JSON in answers: invalid UTF-8: byte 0xff at byte offset 12"), "\(fill)")
        let data = writeBytes(scratch, "data.json", [Data(#"{"x": ""#.utf8), Self.invalidUTF8, Data(#""}"#.utf8)])
        let render = try CommandRunner.run(["render", contacts, "--data", data], directory: scratch.directory)
        #expect(render.exitCode == 1 && render.stderr.contains("invalid UTF-8"), "\(render)")
        // An import line: refused with its line and byte, the other lines stored, nothing replaced.
        let lines = writeBytes(scratch, "in.ndjson", [
            Data(#"{"name":"Ann","email":"ann@example.com"}"#.utf8 + [0x0A]),
            Data(#"{"name":"B"#.utf8), Self.invalidUTF8, Data(#"","email":"b@example.com"}"#.utf8 + [0x0A]),
        ])
        let imported = try scratch.formctl(["import", contacts, lines])
        #expect(imported.exitCode == 1, "\(imported)")
        #expect(imported.stderr.contains("line 2: malformed JSON: column 11: invalid UTF-8: byte 0xff at byte offset 10"), "\(imported)")
        let stored = try SubmissionStore(path: scratch.db).submissions()
        #expect(stored.count == 1 && !stored.contains { $0.valuesJSON.contains("\u{FFFD}") })
    }

    @Test func includesThatWouldBlockOrLeakAreRefused() throws {
        let scratch = try Scratch()
        #expect(mkfifo(scratch.path("fifo.json"), 0o600) == 0)
        let secret = try scratch.write("outside-secret.json", #"{"type": "label", "title": "apiKey=SECRET-123"}"#)
        try FileManager.default.createDirectory(atPath: scratch.path("forms"), withIntermediateDirectories: false)
        let form = try scratch.write("forms/main.json", """
            {"sections": [{"elements": [
              {"include": "../fifo.json"}, {"include": "/dev/stdin"}, {"include": "../outside-secret.json"}, {"include": "/dev/zero"}
            ]}]}
            """)
        for command in ["check", "render"] {
            let result = try CommandRunner.run([command, form], stdin: #"{"type": "label", "title": "FROM-STDIN"}"#,
                                               directory: scratch.directory, timeout: 10)
            #expect(result.exitCode == 1, "\(command): \(result)")
            #expect(result.stderr.components(separatedBy: "refused").count == 5, "\(command): \(result)")
            #expect(!result.stdout.contains("SECRET") && !result.stderr.contains("SECRET") && !result.stdout.contains("FROM-STDIN"), "\(result)")
        }
        // Inside the form's tree, a FIFO is refused as one, without blocking.
        try FileManager.default.moveItem(atPath: scratch.path("fifo.json"), toPath: scratch.path("forms/fifo.json"))
        let fifo = try scratch.write("forms/fifo-main.json", #"{"sections": [{"include": "fifo.json"}]}"#)
        let refused = try CommandRunner.run(["check", fifo], directory: scratch.directory, timeout: 10)
        #expect(refused.exitCode == 1 && refused.stderr.contains("it is a FIFO (named pipe), not a regular file"), "\(refused)")
        // --include-root allows a directory; fill and render take it too.
        let allowed = try scratch.write("forms/allowed.json", #"{"sections": [{"elements": [{"include": "../outside-secret.json"}]}]}"#)
        for command in [["check", allowed], ["render", allowed]] {
            let result = try CommandRunner.run(command + ["--include-root", scratch.directory], directory: scratch.directory)
            #expect(result.exitCode == 0, "\(command): \(result)")
        }
        let filled = try scratch.formctl(["fill", allowed, "--include-root", scratch.directory, "--no-input"])
        #expect(filled.exitCode == 0, "\(filled)")
        let notAllowed = try scratch.formctl(["fill", allowed, "--no-input"])
        #expect(notAllowed.exitCode == 1 && notAllowed.stderr.contains("refused: it is outside"), "\(notAllowed)")
        #expect(notAllowed.stderr.contains("allow another directory with --include-root") && !notAllowed.stderr.contains("includeRoots"),
                "\(notAllowed)")
        #expect(!secret.isEmpty)
    }

    @Test func runawayIncludesEndWithAnErrorNotACrash() throws {
        let scratch = try Scratch()
        for index in 0..<5_000 {
            guard let file = fopen(scratch.path("c\(index).json"), "w") else { Issue.record("cannot write"); return }
            fputs(#"{"include": "c\#(index + 1).json"}"#, file)
            fclose(file)
        }
        try _ = scratch.write("c5000.json", #"{"type": "entry", "key": "end"}"#)
        let chain = try scratch.write("chain.json", #"{"sections": [{"elements": [{"include": "c0.json"}]}]}"#)
        for level in 0..<24 {
            try _ = scratch.write("d\(level).json", #"{"sections": [{"include": "d\#(level + 1).json"}, {"include": "d\#(level + 1).json"}]}"#)
        }
        try _ = scratch.write("d24.json", #"{"sections": [{"elements": [{"type": "label"}]}]}"#)
        let doubling = try scratch.write("doubling.json", #"{"sections": [{"include": "d0.json"}]}"#)
        for (form, limit) in [(chain, "at most 32 files deep (the limit)"), (doubling, "at most 1000 files (the limit")] {
            for command in [["check", form], ["render", form], ["fill", form, "--no-input", "--db", scratch.db]] {
                let result = try CommandRunner.run(command, directory: scratch.directory)
                #expect(result.exitCode == 1, "\(command): \(result)")
                #expect(result.stderr.contains(limit), "\(command): \(result)")
            }
        }
    }

    @Test func aBacktrackingPatternCannotStallFillOrImport() throws {
        let scratch = try Scratch()
        let form = try scratch.write("form.json", #"{"sections": [{"elements": [{"type": "entry", "key": "v", "pattern": "(a+)+$"}]}]}"#)
        let text = String(repeating: "a", count: 10_000) + "!"
        let fill = try CommandRunner.run(["fill", form, "--answers", "-", "--db", scratch.db], stdin: #"{"v": "\#(text)"}"#,
                                         directory: scratch.directory, timeout: 10)
        #expect(fill.exitCode == 1 && fill.stderr.contains("v: does not have the expected format"), "\(fill)")
        let lines = [#"{"v": "aaa"}"#, #"{"v": "\#(String(repeating: "a", count: 20))!"}"#, #"{"v": "a"}"#].joined(separator: "\n")
        let imported = try CommandRunner.run(["import", form, "-", "--db", scratch.db], stdin: lines, directory: scratch.directory, timeout: 10)
        #expect(imported.exitCode == 1 && imported.stderr.contains("imported 2 of 3 lines (1 refused)"), "\(imported)")
        let unsupported = try scratch.write("backref.json", #"{"sections": [{"elements": [{"type": "entry", "key": "v", "pattern": "(a)\\1"}]}]}"#)
        let check = try CommandRunner.run(["check", unsupported], directory: scratch.directory)
        #expect(check.exitCode == 1, "\(check)")
        #expect(check.stderr.contains("error: sections[0].elements[0].pattern: invalid pattern '(a)\\1': backreferences"), "\(check)")
    }

    @Test func aDoublingChainOfFieldsIsFoundByCheckAndStaysSmall() throws {
        let scratch = try Scratch()
        var elements = [#"{"type": "entry", "key": "f0", "textValue": "abcdefghijklmnop"}"#]
        for level in 1...24 { elements.append(#"{"type": "entry", "key": "f\#(level)", "textValue": "@{f\#(level - 1) + f\#(level - 1)}"}"#) }
        let form = try scratch.write("doubling.json", #"{"sections": [{"elements": [\#(elements.joined(separator: ","))]}]}"#)
        let check = try CommandRunner.run(["check", form], directory: scratch.directory, timeout: 10)
        #expect(check.exitCode == 1, "\(check)")
        #expect(check.stderr.contains("sections[0].elements[17].textValue: evaluation error"), "\(check)")
        #expect(check.stderr.contains("at most 1 MiB (the limit)"), "\(check)")
        let fill = try CommandRunner.run(["fill", form, "--no-input", "--db", scratch.db], directory: scratch.directory, timeout: 20)
        let largest = try SubmissionStore(path: scratch.db).submissions().map(\.valuesJSON.utf8.count).max() ?? 0
        #expect(largest < 4 << 20, "a row of \(largest) bytes; fill: \(fill)")
    }

    @Test func longKeyPathsAndExpressionsAreQuotedInPart() throws {
        let scratch = try Scratch()
        let path = Array(repeating: "a", count: 100_000).joined(separator: ".")
        let form = try scratch.write("path.json", #"{"title": "@{\#(path)}", "sections": []}"#)
        let check = try CommandRunner.run(["check", form], directory: scratch.directory, timeout: 10)
        #expect(check.exitCode == 1 && check.stderr.contains("more than 64 components (the limit)"), "\(check.exitCode)")
        #expect(check.stderr.utf8.count < 1_000, "\(check.stderr.utf8.count) bytes of message")
    }
}
