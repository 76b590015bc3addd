import Foundation
import Testing

/// `render --format json` writes a definition that, filled with the same data and answers,
/// stores what the original stores: templates expanded with their item expressions evaluated
/// and keys that say where each value goes, growable repeats kept as templates, and live
/// expressions outside templates kept live.
@Suite struct RenderRoundTripE2ETests {
    struct Case: CustomStringConvertible, Sendable {
        var form: String
        var data: String?
        var answers: String
        var description: String { "\(form) \(answers)" }
    }

    static let cases: [Case] = [
        Case(form: "signup.json", data: nil, answers: #"""
            {"name": "Ann", "email": "ann@x.io", "password": "secret12", "passwordConfirmation": "secret12",
             "plan": "team", "company": "ACME", "seats": 3, "guests": [{"email": "G@x.io "}, {"email": "h@x.io"}]}
            """#),
        Case(form: "signup.json", data: nil, answers: #"""
            {"name": "Bo", "email": "bo@x.io", "password": "secret12", "passwordConfirmation": "secret12", "plan": "free"}
            """#),
        Case(form: "survey.json", data: "survey-data.json", answers: #"""
            {"role": "designer", "years": 3, "topics": ["deploys"], "tools": {"Xcode": {"score": 5}},
             "followUp": true, "contact": "sam@x.io"}
            """#),
        Case(form: "survey.json", data: "survey-data.json", answers: #"{"tools.Docker.score": 1, "followUp": false}"#),
        Case(form: "loginform.json", data: "login-data.json", answers: #"{"login": "bea@x.io", "password": "pw"}"#),
        Case(form: "jsondatasample.json", data: "jsondatasample-data.json", answers: "{}"),
        Case(form: "jsonadvancedsample.json", data: "advanced-data.json", answers: "{}"),
        // A repeat over a list the data lacks, with elements before and after its items.
        Case(form: "guestlist.json", data: nil, answers: #"{"guests": [{"email": "g@x.io"}], "agree": true}"#),
        Case(form: "guestlist.json", data: "guestlist-data.json", answers: #"{"agree": true}"#),
    ]

    /// Every action a definition names, routed to `true`, so a fill may run.
    func actionArguments(_ definition: String) throws -> [String] {
        let text = try String(contentsOfFile: definition, encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #""controllerAction"\s*:\s*"([A-Za-z0-9_]+):?""#)
        let names = Set(regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        })
        return names.sorted().flatMap { ["--action", "\($0)=true"] }
    }

    /// Fills `definition` and returns what the database holds for it, or the errors.
    func stored(_ definition: String, data: String?, answers: String, scratch: Scratch, actions: [String]) throws -> String {
        let database = scratch.path("\(UUID().uuidString).sqlite")
        var arguments = ["fill", definition, "--answers", try scratch.write("answers.json", answers), "--db", database] + actions
        if let data { arguments += ["--data", data] }
        let fill = try CommandRunner.run(arguments)
        guard fill.exitCode == 0 else { return "exit \(fill.exitCode): \(fill.stderr)" }
        let dump = try CommandRunner.run(["dump", "--db", database, "--format", "ndjson"])
        let row = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let values = try JSONSerialization.data(withJSONObject: row["data"] ?? [:], options: [.sortedKeys])
        return String(decoding: values, as: UTF8.self)
    }

    @Test(arguments: cases)
    func fillingTheRenderingStoresWhatTheOriginalStores(_ test: Case) throws {
        let scratch = try Scratch()
        // A case without data fills a copy of the form, away from any NAME-data.json beside
        // the fixture, which every command would bind.
        let original = test.data == nil
            ? try scratch.write(test.form, try String(contentsOfFile: try CommandRunner.fixture(test.form), encoding: .utf8))
            : try CommandRunner.fixture(test.form)
        let data = try test.data.map { try CommandRunner.fixture($0) }
        var render = ["render", original, "--format", "json"]
        if let data { render += ["--data", data] }
        let first = try CommandRunner.run(render)
        try #require(first.exitCode == 0, "\(first)")
        let rendered = try scratch.write("rendered.json", first.stdout)
        #expect(!first.stdout.contains("@{key}") && !first.stdout.contains("@{value}"), "item expressions are evaluated")

        var again = ["render", rendered, "--format", "json"]
        if let data { again += ["--data", data] }
        #expect(try CommandRunner.run(again).stdout == first.stdout, "render is idempotent")

        let actions = try actionArguments(original)
        let expected = try stored(original, data: data, answers: test.answers, scratch: scratch, actions: actions)
        #expect(!expected.hasPrefix("exit"), "\(expected)")
        #expect(try stored(rendered, data: data, answers: test.answers, scratch: scratch, actions: actions) == expected)
    }

    @Test func expandedElementsHaveUniqueKeysThatSayWhereTheirValueGoes() throws {
        let result = try CommandRunner.run(["render", try CommandRunner.fixture("survey.json"), "--format", "json",
                                            "--data", try CommandRunner.fixture("survey-data.json")])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let sections = try #require(root["sections"] as? [[String: Any]])
        let tools = try #require(sections[1]["elements"] as? [[String: Any]])
        #expect(tools.map { $0["key"] as? String } == ["tools.Xcode.score", "tools.SwiftPM.score", "tools.Docker.score"])
        #expect(tools.map { $0["title"] as? String } == ["Xcode", "SwiftPM", "Docker"])
        #expect(tools.map { $0["valuePath"] as? String } == ["tools.Xcode.score", "tools.SwiftPM.score", "tools.Docker.score"])
        let contact = try #require((sections[3]["elements"] as? [[String: Any]])?.last)
        #expect(contact["hidden"] as? String == "@{!followUp}", "a live expression outside templates stays live")
    }
}
