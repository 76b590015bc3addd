import Foundation
import Testing

/// `--lang` and the locale variables on the commands that show a form or validate answers:
/// render's text in the language chosen, import, fill and edit recording it with the same
/// values, and a bad `--lang` refused as a usage error.
@Suite struct LanguageE2ETests {
    static let feedback = CommandRunner.exampleForm("feedback.json")

    func render(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandRunner.Result {
        try CommandRunner.run(["render", Self.feedback] + arguments, environment: environment)
    }

    @Test func renderShowsTheFormInTheLanguageOfLang() throws {
        let german = try render(["--lang", "de"])
        #expect(german.exitCode == 0, "\(german)")
        for text in ["Feedback zur Konferenz", "== Über Sie ==", "Wie haben Sie teilgenommen?", "Vor Ort", "<Erika Mustermann>",
                     "Vielen Dank für Ihr Feedback! (label)"] {
            #expect(german.stdout.contains(text), "\(text) in \(german)")
        }
        #expect(!german.stdout.contains("Conference feedback"))
        // A region the form lacks finds its language; a locale name as LANG holds it is taken too.
        #expect(try render(["--lang", "de-AT"]).stdout.contains("Feedback zur Konferenz"))
        #expect(try render(["--lang", "de_CH.UTF-8"]).stdout.contains("Feedback zur Konferenz"))
        let arabic = try render(["--lang", "ar"])
        #expect(arabic.stdout.contains("ملاحظات حول المؤتمر"), "\(arabic)")
        // A language the form does not have: its own, English.
        #expect(try render(["--lang", "ja"]).stdout.contains("Conference feedback"))
    }

    @Test func theOutlineFollowsTheLocaleVariablesAndCStopsThem() throws {
        let fromLang = try render([], environment: ["LANG": "de_DE.UTF-8"])
        #expect(fromLang.stdout.contains("Feedback zur Konferenz"), "\(fromLang)")
        let messagesFirst = try render([], environment: ["LC_MESSAGES": "ar_EG.UTF-8", "LANG": "de_DE.UTF-8"])
        #expect(messagesFirst.stdout.contains("ملاحظات حول المؤتمر"), "\(messagesFirst)")
        // LC_ALL=C is set and says C: no preference, even though LANG names German.
        let c = try render([], environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"])
        #expect(c.stdout.contains("Conference feedback"), "\(c)")
        // --lang wins over every variable.
        #expect(try render(["--lang", "ar"], environment: ["LC_ALL": "de_DE.UTF-8"]).stdout.contains("ملاحظات حول المؤتمر"))
    }

    @Test func renderedJSONIgnoresTheLocaleButTakesLang() throws {
        let fromLocale = try render(["--format", "json"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(fromLocale.exitCode == 0, "\(fromLocale)")
        #expect(fromLocale.stdout.contains("\"Conference feedback\""), "\(fromLocale)")
        #expect(fromLocale.stdout.contains("\"language\": \"en\""), "\(fromLocale)")
        let german = try render(["--format", "json", "--lang", "de"])
        #expect(german.stdout.contains("\"Feedback zur Konferenz\""), "\(german)")
        #expect(!german.stdout.contains("\"Conference feedback\""), "\(german)")
        // The text is German only now, and the root says so.
        #expect(german.stdout.contains("\"language\": \"de\""), "\(german)")
        #expect(!german.stdout.contains("\"language\": \"en\""), "\(german)")
    }

    static let answers = #"{"name":"Erika Muster","email":"erika@example.com","attended":"in-person","city":"Berlin","talks":[{"title":"Swift"},{"title":"Forms"}],"consent":true}"#

    @Test func importAndFillRecordTheLanguageAndStoreTheSameValues() throws {
        let scratch = try Scratch()
        let lines = try scratch.write("in.ndjson", Self.answers + "\n")
        let answers = try scratch.write("answers.json", Self.answers)
        func formctl(_ arguments: [String], _ environment: [String: String] = [:]) throws -> CommandRunner.Result {
            try CommandRunner.run(arguments + ["--db", scratch.db], directory: scratch.directory, environment: environment)
        }
        for (arguments, environment) in [
            (["import", Self.feedback, lines, "--lang", "de"], [:]),
            (["import", Self.feedback, lines], ["LANG": "ar_EG.UTF-8"]),
            (["import", Self.feedback, lines], ["LC_ALL": "C", "LANG": "de_DE.UTF-8"]),
            (["fill", Self.feedback, "--answers", answers, "--lang", "de-CH"], ["LANG": "ar_EG.UTF-8"]),
            (["fill", Self.feedback, "--answers", answers], ["LC_MESSAGES": "de_AT.UTF-8", "LANG": "ar_EG.UTF-8"]),
        ] {
            let result = try formctl(arguments, environment)
            #expect(result.exitCode == 0, "\(arguments) \(environment): \(result)")
        }
        // de, ar, the form's own (LC_ALL=C), de-CH and de-AT found as de.
        #expect(try scratch.rows("select group_concat(language, ',') from (select language from submissions order by id)") == "de,ar,en,de,de\n")
        #expect(try scratch.rows("select count(distinct values_json || form_version_id) from submissions") == "1\n")
    }

    @Test func errorsOfValuesAreInTheLanguageAndStatusLinesStayEnglish() throws {
        let scratch = try Scratch()
        let short = #"{"name":"E","email":"erika@example.com","attended":"online","talks":[{"title":"Swift"}],"consent":true}"#
        let answers = try scratch.write("short.json", short)
        let lines = try scratch.write("short.ndjson", short + "\n")
        let fill = try CommandRunner.run(["fill", Self.feedback, "--answers", answers, "--db", scratch.db], directory: scratch.directory,
                                         environment: ["LANG": "de_DE.UTF-8"])
        #expect(fill.exitCode == 1, "\(fill)")
        #expect(fill.stderrLines.contains("name: muss mindestens 3 Zeichen lang sein (hat 1)"), "\(fill)")
        #expect(fill.stderrLines.contains("talks: muss mindestens 2 Einträge haben (hat 1)"), "\(fill)")
        let imported = try CommandRunner.run(["import", Self.feedback, lines, "--lang", "de", "--db", scratch.db], directory: scratch.directory)
        #expect(imported.exitCode == 1, "\(imported)")
        #expect(imported.stderrLines.contains("line 1: talks: muss mindestens 2 Einträge haben (hat 1)"), "\(imported)")
        #expect(imported.stderrLines.last == "imported 0 of 1 line (1 refused)", "\(imported)")
    }

    @Test func anEditValidatesInLangAndRecordsIt() throws {
        let scratch = try Scratch()
        let answers = try scratch.write("answers.json", Self.answers)
        let filled = try CommandRunner.run(["fill", Self.feedback, "--answers", answers, "--db", scratch.db], directory: scratch.directory)
        #expect(filled.exitCode == 0, "\(filled)")
        let edited = try CommandRunner.run(["edit", "1", "--set", "city=Wien", "--lang", "de", "--db", scratch.db], directory: scratch.directory)
        #expect(edited.exitCode == 0, "\(edited)")
        #expect(try scratch.rows("select language || ',' || json_extract(values_json, '$.city') from submissions") == "de,Wien\n")
    }

    @Test func aBadLangIsAUsageError() throws {
        for command in [["render", Self.feedback], ["fill", Self.feedback, "--no-input"], ["import", Self.feedback, "-"],
                        ["edit", "1", "--set", "name=Ada"]] {
            let result = try CommandRunner.run(command + ["--lang", "not a tag"])
            #expect(result.exitCode == 2, "\(result)")
            #expect(result.stderr.contains("--lang takes a language tag such as de, fr-CA or pt-BR, got 'not a tag'"), "\(result)")
        }
    }
}
