import Foundation
import Testing

/// The value rules every source shares, through the command line: control characters refused
/// with where they are, choices by value, label or number, dates stored in one form per mode.
@Suite struct FillValueRulesE2ETests {
    static let survey = CommandRunner.exampleForm("survey.json")
    static let surveyData = CommandRunner.exampleForm("survey-data.json")
    static let signup = CommandRunner.exampleForm("signup.json")

    @Test func controlCharactersAreRefusedFromSetAndAnswersAndNothingIsStored() throws {
        let scratch = try Scratch()
        let typed = try scratch.formctl(["fill", Self.signup, "--draft", "--set", "name=Ada Lovelac\u{1B}[DX"])
        #expect(typed.exitCode == 1, "\(typed)")
        #expect(typed.stderr.contains("name: contains a control character (U+001B) at character 12"), "\(typed)")
        let answers = try scratch.write("a.json", #"{"name": "two\nlines"}"#)
        let answered = try scratch.formctl(["fill", Self.signup, "--draft", "--answers", answers])
        #expect(answered.exitCode == 1 && answered.stderr.contains("name: contains a line break at character 4; this field is one line"), "\(answered)")
        let drafts = try scratch.formctl(["list", "--drafts"])
        #expect(drafts.stderr.contains("no drafts") || drafts.stderr.contains("no database"), "\(drafts)")
    }

    @Test func everyChoiceFieldTakesAValueALabelOrANumber() throws {
        let scratch = try Scratch()
        for (role, topics) in [("designer", "deploys"), ("Designer", "Deploys,Code review"), ("2", "1, 3")] {
            let result = try scratch.formctl([
                "fill", Self.survey, "--data", Self.surveyData, "--set", "name=Sam", "--set", "role=\(role)", "--set", "topics=\(topics)", "--json",
            ])
            #expect(result.exitCode == 0, "\(role) \(topics): \(result)")
        }
        let dumped = try scratch.formctl(["dump", "--format", "ndjson"])
        let rows = dumped.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let data = rows.compactMap { $0["data"] as? [String: Any] }
        #expect(data.map { $0["role"] as? String } == ["designer", "designer", "designer"])
        #expect(data.map { $0["topics"] as? [String] } == [["deploys"], ["deploys", "review"], ["deploys", "review"]])
    }

    @Test func datesAreStoredInTheirModesCanonicalForm() throws {
        let scratch = try Scratch()
        let form = try scratch.write("when.json", """
            {"sections": [{"elements": [
              {"type": "date", "key": "day", "mode": "Date"}, {"type": "date", "key": "at", "mode": "Time"},
              {"type": "date", "key": "when", "mode": "DateAndTime"}]}]}
            """)
        for (day, at, when) in [("2026-11-22", "10:00", "2026-11-22T10:00"), ("2026/11/22", "10:00:00", "2026-11-22 12:00+02:00"),
                                ("2026-11-22T10:00:00Z", "10:00 am", "2026-11-22T10:00:00Z")] {
            let result = try scratch.formctl(["fill", form, "--set", "day=\(day)", "--set", "at=\(at)", "--set", "when=\(when)"])
            #expect(result.exitCode == 0, "\(result)")
        }
        let csv = try scratch.formctl(["dump", "--format", "csv"]).stdout
        let cells = csv.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",").suffix(3).joined(separator: ",") }
        #expect(cells == Array(repeating: "2026-11-22,10:00:00,2026-11-22T10:00:00Z", count: 3), "\(csv)")
    }
}
