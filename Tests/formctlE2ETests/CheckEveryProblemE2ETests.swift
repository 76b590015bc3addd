import Foundation
import Testing

/// `formctl check` on a definition with one of every problem it knows: each is reported in the
/// same run, once, with its JSON path and the line and column of the offending value.
@Suite struct CheckEveryProblemE2ETests {
    /// One expected report: its severity, JSON path, a piece of its message, and where the value
    /// stands in the fixture (the line holding `line`, the column where `value` starts in it).
    struct Expected: CustomStringConvertible {
        var severity: String
        var path: String
        var message: String
        var line: String
        var value: String

        var description: String { "\(severity): \(path): \(message)" }
    }

    static let expected: [Expected] = [
        Expected(severity: "error", path: "sections[0].elements[0].pattern", message: "invalid pattern '[A-Z'", line: #""title": "Name", "pattern""#, value: #""[A-Z""#),
        Expected(severity: "error", path: "sections[0].elements[1].pattern", message: "backreferences", line: #""key": "code""#, value: #""(a)"#),
        Expected(severity: "error", path: "sections[0].elements[2].hidden", message: "invalid regular expression in matches() 'a{5,3}'", line: #""Shout""#, value: #""@{name.matches"#),
        Expected(severity: "error", path: "sections[0].elements[3].title", message: "syntax error at column 9", line: "@{name +}", value: #""@{name +}""#),
        Expected(severity: "warning", path: "sections[0].elements[4].value", message: "fails on the form's default values: evaluation error at column 5 in '@{1 / 0}': division by zero", line: #""Ratio""#, value: #""@{1 / 0}""#),
        Expected(severity: "warning", path: "sections[0].elements[5].value", message: "fails on the form's default values", line: #""Padded""#, value: #""@{String"#),
        Expected(severity: "warning", path: "sections[0].elements[6].value", message: "reads 'nmae', which is no field or item field; only the data can supply it; did you mean 'name'?", line: #""Greeting""#, value: #""@{nmae}""#),
        Expected(severity: "error", path: "sections[0].elements[7].textValue", message: "computed values form a cycle: loop -> loop", line: #""key": "loop""#, value: #""@{loop"#),
        Expected(severity: "error", path: "sections[1].elements[0].values", message: "values has 2 entries but items has 3", line: #""key": "size""#, value: #"["s""#),
        Expected(severity: "warning", path: "sections[1].elements[1].selected", message: "7 is outside the choices", line: #""key": "color""#, value: "7 }"),
        Expected(severity: "warning", path: "sections[1].elements[2].selectedValue", message: "is none of the values, so nothing is selected", line: #""key": "shape""#, value: #""square""#),
        Expected(severity: "error", path: "sections[1].elements[3].dateValue", message: "must be a date as YYYY-MM-DD", line: #""key": "start""#, value: #""2024-13-01""#),
        Expected(severity: "error", path: "sections[2].values", message: "values has 3 entries but items has 2", line: #""key": "topics""#, value: #"["a", "b", "c"]"#),
        Expected(severity: "error", path: "sections[3].elements[0].validate[0].field", message: "the matches rule names 'passwordConfirm', which is no field of the form", line: #""key": "password""#, value: #""passwordConfirm""#),
        Expected(severity: "error", path: "sections[3].elements[1].validate[0]", message: #"the matches rule needs a "field""#, line: #""key": "email""#, value: #"{ "rule": "matches" }"#),
        Expected(severity: "warning", path: "sections[3].elements[2].validate[0]", message: "unknown validation rule 'isPhone'", line: #""key": "phone""#, value: #"{ "rule": "isPhone""#),
        Expected(severity: "warning", path: "sections[3].elements[3].transform[1]", message: "unknown transform 'snakeCase'", line: #""key": "nick""#, value: #""snakeCase""#),
        Expected(severity: "warning", path: "sections[3].elements[4].key", message: "the key 'name' is also used at sections[0].elements[0]", line: #""Name again""#, value: #""name""#),
        Expected(severity: "error", path: "sections[3].elements[5].maxLength", message: "maxLength 5 is less than minLength 10", line: #""key": "bio""#, value: "5 }"),
        Expected(severity: "error", path: "sections[4].elements[0].maximumValue", message: "maximumValue 0 is less than minimumValue 120", line: #""key": "age""#, value: "0 }"),
        Expected(severity: "error", path: "sections[4].elements[1].numberValue", message: "the default 9.999 has 3 digits after the decimal point, more than fractionDigits 2 allows", line: #""key": "price""#, value: "9.999"),
        Expected(severity: "error", path: "sections[4].elements[2].numberValue", message: "the default 1 is less than minimumValue 2", line: #""key": "seats""#, value: "1 }"),
        Expected(severity: "error", path: "sections[4].elements[3].minimumDate", message: "'0000-01-01' is outside the years 0001 to 9999", line: #""key": "born""#, value: #""0000-01-01""#),
        Expected(severity: "error", path: "sections[4].elements[4].maximumDate", message: "'next week' is not a date as YYYY-MM-DD: the bound would be ignored", line: #""key": "due""#, value: #""next week""#),
        Expected(severity: "error", path: "sections[4].elements[5].maximumDate", message: "maximumDate is before minimumDate", line: #""key": "trip""#, value: #""2025-01-01""#),
        Expected(severity: "error", path: "sections[4].elements[6].type", message: "unknown element type 'QEntryElemnt'; did you mean 'QEntryElement'?", line: "QEntryElemnt", value: #""QEntryElemnt""#),
        Expected(severity: "error", path: "sections[5].maximumItems", message: "maximumItems -5 is negative", line: "iterate:guests", value: "-5"),
        Expected(severity: "error", path: "sections[6].maximumItems", message: "maximumItems 1 is less than minimumItems 3", line: "iterate:rooms", value: "1,"),
        Expected(severity: "error", path: "sections[7].include", message: "cannot read included file 'no-such-part.json'", line: "no-such-part", value: #""no-such-part.json""#),
    ]

    /// `file:LINE:COLUMN` of `expected`'s value in the fixture's text.
    static func place(of expected: Expected, in text: String, file: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let number = try #require(lines.firstIndex { $0.contains(expected.line) }, "no line holds \(expected.line)")
        let line = lines[number]
        let start = try #require(line.range(of: expected.value), "line \(number + 1) has no \(expected.value)")
        return "\(file):\(number + 1):\(line.distance(from: line.startIndex, to: start.lowerBound) + 1)"
    }

    @Test func everyProblemIsReportedOnceWithItsPathLineAndColumn() throws {
        let path = try CommandRunner.fixture("broken/every-check.json")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let result = try CommandRunner.run(["check", path])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty, "an invalid form is not ok")
        for expected in Self.expected {
            let prefix = "\(try Self.place(of: expected, in: text, file: path)): \(expected.severity): \(expected.path): "
            let matching = result.stderrLines.filter { $0.hasPrefix(prefix) && $0.contains(expected.message) }
            #expect(matching.count == 1, "\(expected) at \(prefix) reported \(matching.count) times in:\n\(result.stderr)")
        }
        #expect(result.stderrLines.count == Self.expected.count, "nothing else, nothing twice:\n\(result.stderr)")
    }

    /// Warnings alone do not fail a check; the same problems in a form of their own each say ok.
    @Test func warningsAloneExitZero() throws {
        let scratch = try Scratch()
        let form = try scratch.write("warnings.json", #"""
            {"sections": [{"elements": [
              {"type": "radio", "key": "color", "items": ["Red", "Blue"], "selected": 7},
              {"type": "label", "title": "@{1 / 0}"},
              {"type": "label", "value": "@{nmae}"}]}]}
            """#)
        let result = try CommandRunner.run(["check", form])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "\(form): ok (3 warnings)\n")
    }

    /// A name no field supplies is a warning while the data may still supply it, and an error
    /// once the data the form is bound to is given and lacks it; `??` says it may be missing.
    @Test func namesTheDataLacksAreErrorsWithTheData() throws {
        let scratch = try Scratch()
        let form = try scratch.write("names.json", #"""
            {"sections": [{"elements": [
              {"type": "entry", "key": "name", "title": "@{labels.name}"},
              {"type": "label", "title": "@{greting}"},
              {"type": "label", "title": "@{nickname ?? name}"}]},
              {"bind": "iterate:guests", "elementTemplate": {"type": "entry", "key": "email", "title": "@{first} @{email} @{lastt}"}}]}
            """#)
        let data = try scratch.write("data.json", #"{"labels": {"name": "Name"}, "guests": [{"first": "Bo", "last": "Li"}]}"#)

        let withoutData = try CommandRunner.run(["check", form])
        #expect(withoutData.exitCode == 0, "\(withoutData)")
        #expect(withoutData.stderr.contains("3:30: warning: sections[0].elements[1].title: reads 'greting', which is no field or item field; only the data can supply it"), "\(withoutData)")

        let withData = try CommandRunner.run(["check", form, "--data", data])
        #expect(withData.exitCode == 1, "\(withData)")
        let errors = withData.stderrLines.filter { $0.contains(": error: ") }
        #expect(errors.count == 2, "\(withData)")
        #expect(errors.contains { $0.hasSuffix("3:30: error: sections[0].elements[1].title: reads 'greting', which is no field, item field or path of the data") })
        #expect(errors.contains { $0.hasSuffix("5:92: error: sections[1].elementTemplate.title: reads 'lastt', which is no field, item field or path of the data; did you mean 'last'?") })
        #expect(withData.stderr.contains("warning: sections[0].elements[2].title: reads 'nickname'"), "guarded by ??: \(withData)")
    }
}
