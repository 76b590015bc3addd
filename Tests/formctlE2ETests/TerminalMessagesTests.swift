import FormCore
import Testing

@testable import formctl

/// The terminal's words: every shipped language has every key, each pattern parses and uses
/// the English one's arguments, and yes/no take the language's words beside English's.
@Suite struct TerminalMessagesTests {
    static let shipped = ["en", "de", "fr", "es"].compactMap { LanguageTag($0) }

    @Test func everyLanguageHasEveryKeyWithTheEnglishArguments() throws {
        #expect(Set(TerminalMessages.table.languages.keys) == Set(Self.shipped))
        for language in Self.shipped {
            let patterns = try #require(TerminalMessages.table.languages[language])
            for key in TerminalMessage.allCases {
                let written = try #require(Self.written[language.description]?[key], "\(language) lacks \(key)")
                let pattern = try MessagePattern(parsing: written)
                let english = try MessagePattern(parsing: try #require(TerminalMessages.english[key]))
                #expect(pattern.argumentNames == english.argumentNames, "\(language) \(key): \(written)")
                #expect(patterns[key] != nil)
            }
        }
    }

    static let written: [String: [TerminalMessage: String]] = [
        "en": TerminalMessages.english, "de": TerminalMessages.german, "fr": TerminalMessages.french, "es": TerminalMessages.spanish,
    ]

    @Test func theWordsFollowTheTaskLanguageAndFallBackAlongTheTag() {
        let german = MessageLanguage.with(LanguageTag("de-CH")!) { TerminalMessages.text(.summary) }
        #expect(german == "Zusammenfassung")
        // A language formctl has no words for: the form's default, then English.
        let arabic = MessageLanguage.with(LanguageTag("ar")!, formDefault: LanguageTag("fr")!) { TerminalMessages.text(.summary) }
        #expect(arabic == "Récapitulatif")
        #expect(MessageLanguage.with(LanguageTag("ar")!) { TerminalMessages.text(.empty) } == "(empty)")
    }

    @Test func germanYesIsJOrJaAndEnglishStillWorks() {
        MessageLanguage.with(LanguageTag("de")!) {
            #expect(TerminalMessages.text(.yesNoDefaultNo) == "[j/N]")
            for yes in ["j", "J", "ja", " Ja ", "y", "yes"] { #expect(TerminalMessages.yesOrNo(yes) == true, "\(yes)") }
            for no in ["n", "nein", "NEIN", "no"] { #expect(TerminalMessages.yesOrNo(no) == false, "\(no)") }
            for other in ["", "vielleicht", "o", "s"] { #expect(TerminalMessages.yesOrNo(other) == nil, "\(other)") }
        }
        MessageLanguage.with(LanguageTag("es")!) {
            #expect(TerminalMessages.yesOrNo("sí") == true)
            #expect(TerminalMessages.yesOrNo("si") == true)
            #expect(TerminalMessages.yesOrNo("no") == false)
        }
        MessageLanguage.with(LanguageTag("fr")!) { #expect(TerminalMessages.yesOrNo("oui") == true) }
        // English does not take another language's words: `j` is no answer there.
        #expect(TerminalMessages.yesOrNo("j") == nil)
        #expect(TerminalMessages.yesOrNo("Y") == true)
    }

    @Test func questionsAreShapedByTheLanguage() {
        #expect(MessageLanguage.with(LanguageTag("es")!) { TerminalMessages.question("Añadir una charla") } == "¿Añadir una charla?")
        #expect(MessageLanguage.with(LanguageTag("fr")!) { TerminalMessages.question("Ajouter") } == "Ajouter\u{00A0}?")
        #expect(FormPrompter.another("Add a guest", number: 2) == "Add another guest?")
        #expect(FormPrompter.another("Invite someone", number: 3) == "Invite someone (#3)?")
        #expect(MessageLanguage.with(LanguageTag("de")!) { FormPrompter.another("Vortrag hinzufügen", number: 2) } == "Vortrag hinzufügen (Nr. 2)?")
    }

    @Test func pluralsInTheFileHints() {
        let hint = MessageLanguage.with(LanguageTag("de")!) {
            TerminalMessages.text(.fileHintFiles, ["count": 3, "size": "10 MiB"])
        }
        #expect(hint == "bis zu 3 Dateien, je bis 10 MiB")
        #expect(TerminalMessages.text(.fileHintFiles, ["count": 3, "size": "10 MiB"]) == "up to 3 files, each up to 10 MiB")
    }
}

/// `--lang` and the locale variables, as the commands read them.
@Suite struct LanguageOptionsTests {
    static func preferences(lang: String? = nil, _ environment: [String: String]) -> [String] {
        LanguageOptions.preferences(lang: lang.flatMap(LanguageTag.init), environment: environment).tags.map(\.description)
    }

    @Test func langWinsOverTheEnvironment() {
        #expect(Self.preferences(lang: "fr-CA", ["LC_ALL": "de_DE.UTF-8"]) == ["fr-CA"])
    }

    @Test func theFirstSetVariableDecides() {
        #expect(Self.preferences(["LC_ALL": "de_CH.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "es_ES"]) == ["de-CH"])
        #expect(Self.preferences(["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"]) == ["fr-FR"])
        #expect(Self.preferences(["LC_ALL": "", "LANG": "es_ES.UTF-8"]) == ["es-ES"])
        #expect(Self.preferences(["LANG": "sr_RS@latin"]) == ["sr-RS"])
    }

    @Test func cStopsTheLookup() {
        // LC_ALL=C says C: no preference, the form's own language, even with LANG set.
        #expect(Self.preferences(["LC_ALL": "C", "LANG": "de_DE.UTF-8"]) == [])
        #expect(Self.preferences(["LANG": "C.UTF-8"]) == [])
        #expect(Self.preferences(["LC_MESSAGES": "POSIX", "LANG": "de_DE.UTF-8"]) == [])
        #expect(Self.preferences([:]) == [])
    }
}
