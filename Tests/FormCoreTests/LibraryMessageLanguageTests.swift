import Testing

@testable import FormCore

/// The library's messages speak the session's language: German sessions get German errors with
/// the plural forms their numbers need, a regional tag falls back to its language, a language
/// the messages do not ship in falls back to the form's default, and English stays as it was.
struct LibraryMessageLanguageTests {
    static func session(_ json: String, language: String) throws -> FormSession {
        let form = try CompiledForm(definition: FormDefinition(json: json), language: LanguageTag(language))
        return form.makeSession()
    }

    static func messages(_ errors: [FieldError]) -> [String: String] {
        Dictionary(errors.map { ($0.path, $0.message) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func aGermanSessionGivesGermanErrorsWithPlurals() throws {
        let session = try Self.session(LibraryMessageCatalogueUseTests.form(), language: "de")
        session.apply(answers: ["name": "A", "talks": [["title": "Keynote"]]])
        let messages = Self.messages(session.validate())
        #expect(messages["name"] == "muss mindestens 3 Zeichen lang sein (hat 1)")
        #expect(messages["talks"] == "muss mindestens 2 Einträge haben (hat 1)")
    }

    @Test func germanUsesTheSingularForOne() throws {
        let session = try Self.session(LibraryMessageCatalogueUseTests.form(minLength: 4, minimumItems: 1), language: "de")
        let messages = Self.messages(session.validate())
        #expect(messages["name"] == "muss ausgefüllt werden")
        #expect(messages["talks"] == "muss mindestens 1 Eintrag haben (hat 0)")
    }

    @Test func aRegionalTagFallsBackToItsLanguage() throws {
        let session = try Self.session(LibraryMessageCatalogueUseTests.form(), language: "de-CH")
        session.apply(answers: ["name": "Al"])
        #expect(Self.messages(session.validate())["name"] == "muss mindestens 3 Zeichen lang sein (hat 2)")
    }

    @Test func anUnshippedLanguageFallsBackToTheFormsDefault() throws {
        let german = try Self.session(LibraryMessageCatalogueUseTests.form(language: "de"), language: "tlh")
        #expect(Self.messages(german.validate())["name"] == "muss ausgefüllt werden")
        let english = try Self.session(LibraryMessageCatalogueUseTests.form(), language: "tlh")
        #expect(Self.messages(english.validate())["name"] == "is required")
    }

    @Test func sessionErrorsSpeakTheSessionsLanguage() throws {
        let session = try Self.session(LibraryMessageCatalogueUseTests.form(), language: "de")
        #expect(throws: SessionError(path: "nmae", message: "kein Feld hat diesen Schlüssel; meinten Sie 'name'?")) {
            try session.setText("x", forKey: "nmae")
        }
        let errors = session.apply(answers: ["talks": "none"])
        #expect(errors.map(\.message) == ["muss eine Liste von Einträgen sein (ein JSON-Array), gefunden: ein Text"])
    }

    @Test func aFillSpeaksItsFormsLanguage() throws {
        let form = try CompiledForm(definition: FormDefinition(json: LibraryMessageCatalogueUseTests.form()), language: LanguageTag("de"))
        let filled = form.fill(FormInput(answers: ["name": "A", "talks": [["title": "Keynote"]]]))
        #expect(Self.messages(filled.errors) == [
            "name": "muss mindestens 3 Zeichen lang sein (hat 1)",
            "talks": "muss mindestens 2 Einträge haben (hat 1)",
        ])
        // What the caller set around the fill does not leak in, nor the fill's language out.
        let english = try CompiledForm(definition: FormDefinition(json: LibraryMessageCatalogueUseTests.form()))
        let inEnglishContext = MessageLanguage.with(LanguageTag.english) { form.fill(FormInput(answers: ["name": "A"])) }
        #expect(Self.messages(inEnglishContext.errors)["name"] == "muss mindestens 3 Zeichen lang sein (hat 1)")
        #expect(MessageLanguage.chain == [.english])
        #expect(Self.messages(english.fill(FormInput(answers: ["name": "A"])).errors)["name"] == "must be at least 3 characters (has 1)")
    }

    /// What a message says is never read back to decide a rule: a German session's overrides
    /// and starting values are told apart as an English one's are.
    @Test func rulesDoNotDependOnTheMessagesLanguage() throws {
        let json = #"""
            {"sections": [
              {"elements": [{"type": "entry", "key": "name"}, {"type": "entry", "key": "shout", "textValue": "@{name}"}]},
              {"bind": "iterate:talks", "maximumItems": 1, "elementTemplate": {"type": "entry", "key": "title", "bind": "textValue:title"}}
            ]}
            """#
        let session = try Self.session(json, language: "de")
        let computed = try #require(session.apply(override: "shout", text: "x"))
        #expect(computed.rule == "answers" && computed.message == "wird vom Formular berechnet und kann nicht gesetzt werden")
        #expect(session.apply(override: "talks.1.title", text: "Keynote") == nil)
        let full = try #require(session.apply(override: "talks.2.title", text: "Panel"))
        #expect(full.rule == "maximumItems" && full.message == "talks hat 1 Eintrag; höchstens 1 ist erlaubt")
        let notices = try Self.session(json, language: "de").apply(startingValues: ["gone": "x", "name": ["a list"]])
        #expect(Self.messages(notices) == [
            "gone": "hat in dieser Version des Formulars kein Feld; sein Wert wird verworfen",
            "name": "passt nicht mehr zu dieser Version des Formulars (muss Text sein (ein JSON-String), gefunden: ein Array); sein Wert wird verworfen",
        ])
    }

    @Test func everyMessageHasAGermanPatternWithTheEnglishArguments() throws {
        let german = try #require(LanguageTag("de").flatMap { LibraryMessages.table.languages[$0] })
        let english = try #require(LibraryMessages.table.languages[.english])
        for key in LibraryMessage.allCases {
            let pattern = try #require(german[key], "no German for \(key)")
            #expect(pattern.argumentNames == english[key]?.argumentNames, "\(key)")
        }
    }
}
