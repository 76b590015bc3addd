import Foundation
import Testing

/// `NAME-data.json` beside `NAME.json` is bound by every command that takes `--data`, as serve
/// binds it; `--data` wins; without any data, check and import say what data-built sections lack.
@Suite struct DataBesideFormE2ETests {
    /// A copy of the survey in a scratch directory, with its data beside it when `withData`.
    static func survey(in scratch: Scratch, withData: Bool) throws -> String {
        let form = try scratch.write("survey.json", try String(contentsOfFile: CommandRunner.exampleForm("survey.json"), encoding: .utf8))
        if withData {
            _ = try scratch.write("survey-data.json", try String(contentsOfFile: CommandRunner.exampleForm("survey-data.json"), encoding: .utf8))
        }
        return form
    }

    static func storedData(_ scratch: Scratch) throws -> [[String: Any]] {
        let dumped = try scratch.formctl(["dump", "--format", "ndjson"])
        return dumped.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["data"] as? [String: Any]
        }
    }

    @Test func fillAndImportBindTheDataBesideTheForm() throws {
        let scratch = try Scratch()
        let form = try Self.survey(in: scratch, withData: true)
        let filled = try scratch.formctl(["fill", form, "--set", "name=Sam", "--set", "role=engineer", "--set", "tools.Xcode.score=5", "--json"])
        #expect(filled.exitCode == 0, "\(filled)")
        let imported = try scratch.formctl(["import", form, "-"], stdin: #"{"name": "Ann", "role": "designer", "tools": {"Docker": {"score": 1}}}"# + "\n")
        #expect(imported.exitCode == 0, "\(imported)")
        let rows = try Self.storedData(scratch)
        let tools = rows.map { $0["tools"] as? [String: [String: Int]] }
        #expect(tools.map { $0?["Xcode"]?["score"] } == [5, 3], "\(rows)")
        #expect(tools.map { $0?["Docker"]?["score"] } == [2, 1], "\(rows)")
        // The name bound from the data is the default a fill starts from.
        #expect(rows.count == 2)
    }

    @Test func dataGivenWinsOverTheFileBeside() throws {
        let scratch = try Scratch()
        let form = try Self.survey(in: scratch, withData: true)
        let other = try scratch.write("other.json", #"{"tools": {"Vim": 4}}"#)
        let vim = try scratch.formctl(["fill", form, "--data", other, "--set", "name=Sam", "--set", "role=engineer", "--set", "tools.Vim.score=1", "--json"])
        #expect(vim.exitCode == 0, "\(vim)")
        let xcode = try scratch.formctl(["fill", form, "--data", other, "--set", "name=Sam", "--set", "role=engineer", "--set", "tools.Xcode.score=1"])
        #expect(xcode.exitCode == 1, "\(xcode)")
        let rows = try Self.storedData(scratch)
        #expect(rows.count == 1)
        #expect((rows.first?["tools"] as? [String: Any])?.keys.sorted() == ["Vim"], "\(rows)")
    }

    @Test func renderBindsTheDataBeside() throws {
        let scratch = try Scratch()
        let form = try Self.survey(in: scratch, withData: true)
        let rendered = try CommandRunner.run(["render", form], directory: scratch.directory)
        #expect(rendered.exitCode == 0, "\(rendered)")
        for tool in ["Xcode", "SwiftPM", "Docker"] { #expect(rendered.stdout.contains(tool), "\(rendered)") }
    }

    @Test func importWithoutDataSaysWhyALineFails() throws {
        let scratch = try Scratch()
        let form = try Self.survey(in: scratch, withData: false)
        let imported = try scratch.formctl(["import", form, "-"], stdin: #"{"name": "Ann", "role": "designer", "tools": {"Docker": {"score": 1}}}"# + "\n")
        #expect(imported.exitCode == 1, "\(imported)")
        #expect(imported.stderrLines.first == "line 1: tools: no field has this key (its fields are built from the data's 'tools', "
            + "and no data was given: --data FILE, or \(scratch.path("survey-data.json")))", "\(imported)")
    }

    @Test func checkWarnsAboutADataBuiltSectionWithoutData() throws {
        let scratch = try Scratch()
        let form = try Self.survey(in: scratch, withData: false)
        let bare = try CommandRunner.run(["check", form], directory: scratch.directory)
        #expect(bare.exitCode == 0, "\(bare)")
        #expect(bare.stdout == "\(form): ok (1 warning)\n", "\(bare)")
        #expect(bare.stderrLines.contains { $0.hasPrefix("\(form):18:") && $0.hasSuffix(
            "warning: sections[1].bind: no data is given, so what is built from 'tools' has no fields; check with the data it will be bound to") },
            "\(bare)")
        _ = try Self.survey(in: scratch, withData: true)
        let beside = try CommandRunner.run(["check", form], directory: scratch.directory)
        #expect(beside.exitCode == 0 && beside.stdout == "\(form): ok\n" && beside.stderr.isEmpty, "\(beside)")
    }

    /// A repeat a person fills starts empty when the data has no list for it: not worth a warning.
    @Test func checkIsQuietAboutAGrowableRepeatsMissingList() throws {
        let scratch = try Scratch()
        let data = try scratch.write("user.json", #"{"user": {"name": "Ann", "email": "ann@example.com"}}"#)
        let checked = try CommandRunner.run(["check", CommandRunner.exampleForm("signup.json"), "--data", data], directory: scratch.directory)
        #expect(checked.exitCode == 0, "\(checked)")
        #expect(!checked.stderr.contains("guests"), "\(checked)")
        #expect(checked.stdout == "\(CommandRunner.exampleForm("signup.json")): ok\n", "\(checked)")
    }

    @Test func everyCommandTakingDataSaysSoInItsHelp() throws {
        for command in ["fill", "import", "check", "render"] {
            let help = try CommandRunner.run([command, "--help"])
            let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(flat.contains("NAME-data.json beside"), "\(command): \(help)")
        }
    }
}
