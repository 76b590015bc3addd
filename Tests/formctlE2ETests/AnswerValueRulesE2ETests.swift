import Foundation
import Testing

/// The value rules FormCore owns, through every channel that reads answers as JSON: the same
/// answers given to `fill --answers`, to `import` and to serve's JSON body get the same verdict.
@Suite(.serialized) struct AnswerValueRulesE2ETests {
    static let form = """
        {"sections": [{"elements": [
          {"type": "decimal", "key": "seats"}, {"type": "entry", "key": "code", "pattern": "[A-Z]{3}"},
          {"type": "multiline", "key": "note", "minLength": 5}]}]}
        """

    /// Answers that must be refused, and what each channel must say about them.
    static let refused: [(answers: String, message: String)] = [
        (#"{"seats": "0x10"}"#, "seats: must be a number in decimal notation, like 12 or -3.5 (no hex, no exponent)"),
        (#"{"seats": "1e1"}"#, "seats: must be a number in decimal notation"),
        (#"{"seats": 2, "code": "ABC", "seats": 3}"#, #"the member name "seats" appears twice in this object; give each key once"#),
    ]

    @Test func fillAndImportRefuseTheSameAnswersWithTheSameMessage() throws {
        let scratch = try Scratch()
        let form = try scratch.write("form.json", Self.form)
        for (index, (answers, message)) in Self.refused.enumerated() {
            let file = try scratch.write("answers-\(index).json", answers)
            let filled = try scratch.formctl(["fill", form, "--answers", file])
            #expect(filled.exitCode == 1 && filled.stderr.contains(message), "\(answers): \(filled)")
            let lines = try scratch.write("lines-\(index).ndjson", answers + "\n" + #"{"seats": 1}"# + "\n")
            let imported = try scratch.formctl(["import", form, lines])
            #expect(imported.exitCode == 1 && imported.stderr.contains("line 1: ") && imported.stderr.contains(message), "\(answers): \(imported)")
        }
        // Only the good second line of each import was stored, never a refused one.
        let dumped = try scratch.formctl(["dump", "--format", "ndjson"]).stdout.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(dumped.compactMap { ($0["data"] as? [String: Any])?["seats"] as? Int } == Array(repeating: 1, count: Self.refused.count), "\(dumped)")
    }

    @Test func blankTextIsStoredAsNullByFillAndImportAlike() throws {
        let scratch = try Scratch()
        let form = try scratch.write("form.json", Self.form)
        let answers = #"{"seats": 2, "code": "   ", "note": " \n\t\n "}"#
        let filled = try scratch.formctl(["fill", form, "--answers", try scratch.write("a.json", answers)])
        #expect(filled.exitCode == 0, "\(filled)")
        let imported = try scratch.formctl(["import", form, try scratch.write("a.ndjson", answers + "\n")])
        #expect(imported.exitCode == 0, "\(imported)")
        let rows = try scratch.formctl(["dump", "--format", "ndjson"]).stdout.split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .compactMap { $0["data"] as? [String: Any] }
        #expect(rows.count == 2, "\(rows)")
        for row in rows {
            #expect(row["code"] is NSNull && row["note"] is NSNull && row["seats"] as? Int == 2, "\(row)")
        }
    }

    @Test func serveRefusesARepeatedKeyAndAHexNumberInAJSONBody() throws {
        let scratch = try Scratch()
        let forms = scratch.path("forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: false)
        _ = try scratch.write("forms/seats.json", Self.form)
        let server = try ServerProcess(scratch, formsDirectory: forms)
        defer { server.stop() }
        let repeated = try server.request("POST", "/forms/seats/submissions", body: Self.refused[2].answers)
        #expect(repeated.status == 400 && repeated.text.contains(#"the member name \"seats\" appears twice"#), "\(repeated.status) \(repeated.text)")
        let hex = try server.request("POST", "/forms/seats/submissions", body: Self.refused[0].answers)
        #expect(hex.status == 422 && hex.text.contains("must be a number in decimal notation"), "\(hex.status) \(hex.text)")
        let stored = try server.request("POST", "/forms/seats/submissions", body: #"{"seats": "12", "code": "  "}"#)
        #expect(stored.status == 201, "\(stored.status) \(stored.text)")
    }

    @Test func checkRefusesACostlyPatternAndImportStopsMatchingAtTheLineTimeLimit() throws {
        let scratch = try Scratch()
        let costly = try scratch.write("costly.json", #"{"sections": [{"elements": [{"type": "entry", "key": "code", "pattern": "[\\s\\S]*(a{1,999}){9}"}]}]}"#)
        let check = try CommandRunner.run(["check", costly], directory: scratch.directory)
        #expect(check.exitCode == 1 && check.stderr.contains("sections[0].elements[0].pattern: invalid pattern"), "\(check)")
        #expect(check.stderr.contains("more than 2000 steps per character"), "\(check)")
        // The largest program the bound allows, on a 300,000-character value: seconds of work.
        let form = try scratch.write("form.json", #"{"sections": [{"elements": [{"type": "entry", "key": "code", "pattern": "[\\s\\S]*(a{1,99}){9}"}]}]}"#)
        let lines = try scratch.write("lines.ndjson", #"{"code": "\#(String(repeating: "a", count: 300_000))b"}"# + "\n" + #"{"code": "aaaaaaaaa"}"# + "\n")
        let started = Date()
        let imported = try scratch.formctl(["import", form, lines, "--line-time-limit", "0.2"])
        #expect(imported.exitCode == 1, "\(imported)")
        #expect(imported.stderr.contains("line 1: code: could not be checked against its pattern within the time limit"), "\(imported)")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try scratch.formctl(["dump", "--format", "ndjson"]).stdout.split(separator: "\n").count == 1)
    }
}
