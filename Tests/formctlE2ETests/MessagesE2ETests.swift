import Foundation
import Testing

/// Every error from loading and checking says which file, where in it (JSON path, and line and
/// column where there is one), and through which includes it was reached.
@Suite struct MessagesE2ETests {
    @Test func lintErrorsHaveLineAndColumn() throws {
        let scratch = try Scratch()
        let form = try scratch.write("form.json", """
            {"sections": [{"elements": [
              {"type": "entry", "key": "a"},
              {"type": "label", "title": "@{a +}"}
            ]}]}
            """)
        let result = try CommandRunner.run(["check", form], directory: scratch.directory)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.hasPrefix("\(form):3:30: error: sections[0].elements[1].title: syntax error"), "\(result)")
    }

    @Test func anErrorInAnIncludedFileShowsTheWayThere() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("forms"), withIntermediateDirectories: false)
        let form = try scratch.write("forms/a.json", #"{"sections": [{"elements": [{"type": "label"}, {"include": "b.json"}]}]}"#)
        try _ = scratch.write("forms/b.json", "{\"elements\": [\n  {\"type\": \"label\"},\n    {\"type\": \"label\", \"title\": \"@{1 +}\"}\n]}")
        let result = try CommandRunner.run(["check", "forms/a.json"], directory: scratch.directory)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.hasPrefix("forms/a.json: sections[0].elements[1] (include 'b.json') -> forms/b.json:3:32: error: elements[1].title: syntax error"), "\(result)")
        #expect(!form.isEmpty)
    }

    @Test func renderNamesTheFileOfAnEvaluationProblem() throws {
        let scratch = try Scratch()
        let form = try scratch.write("cycle.json", """
            {"sections": [{"elements": [
              {"type": "entry", "key": "a", "textValue": "@{b}"},
              {"type": "entry", "key": "b", "textValue": "@{a}"}
            ]}]}
            """)
        let result = try CommandRunner.run(["render", form], directory: scratch.directory)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.hasPrefix("\(form):"), "\(result)")
    }
}
