import Foundation
import Testing

/// `formctl render` run as a process: the outline and the JSON of the samples bound to data.
@Suite struct RenderE2ETests {
    static let samplesWithData = [
        ("jsonadvancedsample.json", "advanced-data.json"),
        ("jsondatasample.json", "jsondatasample-data.json"),
        ("loginform.json", "login-data.json"),
    ]

    func render(_ form: String, data: String?, format: String) throws -> CommandRunner.Result {
        var arguments = ["render", try CommandRunner.fixture(form), "--format", format]
        if let data { arguments += ["--data", try CommandRunner.fixture(data)] }
        return try CommandRunner.run(arguments)
    }

    /// Asserts that the pieces appear in `text` in this order.
    func expectInOrder(_ pieces: [String], in text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var rest = text[...]
        for piece in pieces {
            guard let range = rest.range(of: piece) else {
                Issue.record("'\(piece)' missing (or out of order) in:\n\(text)", sourceLocation: sourceLocation)
                return
            }
            rest = rest[range.upperBound...]
        }
    }

    @Test func advancedSampleOutline() throws {
        let result = try render("jsonadvancedsample.json", data: "advanced-data.json", format: "text")
        #expect(result.exitCode == 0, "\(result)")
        expectInOrder([
            "Advanced", "JSON Data [bt1] (button) -> handleBindWithJsonData",
            "== Bind collection ==", "(repeats 2 × over cities)", "Paris (label): 2100000", "Lyon (label): 516000",
            "== Bind properties ==", "(repeats 3 × over teams)", "zebras (label): 3", "ants (label): 7", "lions (label): 1",
        ], in: result.stdout)
    }

    @Test func dataSampleOutline() throws {
        let result = try render("jsondatasample.json", data: "jsondatasample-data.json", format: "text")
        #expect(result.exitCode == 0, "\(result)")
        expectInOrder([
            "Json Data", "== Launch party ==", "When [date] (label): 2024-05-01", "At [time] (label): 18:30",
            "Boolean (boolean): yes", "Progress (float): 0.75", "Radio (radio): item 2", "Disabled Button [bt5] (button) disabled",
        ], in: result.stdout)
    }

    @Test func loginOutlineHidesThePassword() throws {
        let result = try render("loginform.json", data: "login-data.json", format: "text")
        #expect(result.exitCode == 0, "\(result)")
        expectInOrder(["Login Form", "== Awesome Login Form ==", "Login [login] (entry): ann@example.com",
                       "Password [password] (entry): ••••••", "-- Please type your credentials.", "Login [button] (button) -> onLogin"],
                      in: result.stdout)
        #expect(!result.stdout.contains("s3cret"))
    }

    @Test func withoutDataTheOutlineShowsPlaceholders() throws {
        let result = try render("loginform.json", data: nil, format: "text")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("Login [login] (entry): <Login or email>"), "\(result)")
    }

    @Test func advancedSampleJSONHasTheExpandedElements() throws {
        let result = try render("jsonadvancedsample.json", data: "advanced-data.json", format: "json")
        #expect(result.exitCode == 0, "\(result)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let sections = try #require(root["sections"] as? [[String: Any]])
        let cities = try #require(sections[1]["elements"] as? [[String: Any]])
        #expect(cities.map { $0["title"] as? String } == ["Paris", "Lyon"])
        #expect(cities.map { $0["bind"] as? String } == ["title:cities[0].name, value:cities[0].total", "title:cities[1].name, value:cities[1].total"])
        #expect(sections[1]["elementTemplate"] == nil)
        #expect(sections[1]["bind"] == nil)
        // Teams keep the data's order: checked on the text, since JSONSerialization's dictionaries have none.
        expectInOrder(["\"title\": \"zebras\"", "\"title\": \"ants\"", "\"title\": \"lions\""], in: result.stdout)
    }

    @Test(arguments: samplesWithData)
    func renderedJSONRendersAgainToTheSameOutput(form: String, data: String) throws {
        let first = try render(form, data: data, format: "json")
        #expect(first.exitCode == 0, "\(first)")
        let scratch = try Scratch()
        let rendered = URL(fileURLWithPath: scratch.path("rendered.json"))
        try first.stdout.write(to: rendered, atomically: true, encoding: .utf8)

        let check = try CommandRunner.run(["check", rendered.path])
        #expect(check.exitCode == 0, "the rendering is a valid definition: \(check)")
        let second = try CommandRunner.run(["render", rendered.path, "--format", "json", "--data", try CommandRunner.fixture(data)])
        #expect(second.exitCode == 0, "\(second)")
        #expect(second.stdout == first.stdout)
        let outline = try CommandRunner.run(["render", rendered.path, "--data", try CommandRunner.fixture(data)])
        let original = try render(form, data: data, format: "text")
        #expect(outline.stdout.replacingOccurrences(of: #"\s*\(repeats .*\n"#, with: "\n", options: .regularExpression)
                    == original.stdout.replacingOccurrences(of: #"\s*\(repeats .*\n"#, with: "\n", options: .regularExpression),
                "the outline of the rendering shows the same form, minus the repeat notes")
    }

    @Test func renderFailures() throws {
        let missing = try CommandRunner.run(["render", "/nonexistent/form.json"])
        #expect(missing.exitCode == 3, "\(missing)")
        let broken = try CommandRunner.run(["render", try CommandRunner.fixture("broken/unknown-type.json")])
        #expect(broken.exitCode == 1, "\(broken)")
        #expect(broken.stdout.isEmpty)
        let badFormat = try CommandRunner.run(["render", try CommandRunner.fixture("loginform.json"), "--format", "yaml"])
        #expect(badFormat.exitCode == 2, "\(badFormat)")
    }
}
