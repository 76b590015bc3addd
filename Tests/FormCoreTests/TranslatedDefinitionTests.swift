import TestSupport
import Testing

@testable import FormCore

/// forms/feedback.json in English, German and Arabic (and French, which it lacks): every text
/// in the language asked for, `localized('key')` reading its strings file, and the same stored
/// values in every language.
@Suite struct TranslatedDefinitionTests {
    struct LanguageTagError: Error { var tag: String }

    static func feedback() throws -> FormDefinition {
        try DefinitionLoader().load(path: RepositoryFiles.path("forms/feedback.json")).definition
    }

    static func session(_ tag: String) throws -> FormSession {
        guard let language = LanguageTag(tag) else { throw LanguageTagError(tag: tag) }
        return try CompiledForm(definition: feedback(), language: language).makeSession()
    }

    static let de = LanguageTag("de")!
    static let ar = LanguageTag("ar")!
    static let en = LanguageTag.english

    /// The title alone, as a list of forms reads it, is the title of the localized definition:
    /// for the feedback form in each of its languages and one it lacks, a title written as a
    /// plain string, a map missing the default language, and no title.
    @Test func theTitleAloneIsTheLocalizedDefinitionsTitle() throws {
        let definitions = try [Self.feedback()] + [
            #"{"title": "Plain", "sections": []}"#,
            #"{"language": "de", "title": {"fr": "Bonjour", "en": "Hello"}, "sections": []}"#,
            #"{"sections": []}"#,
        ].map { try FormDefinition(json: $0) }
        for definition in definitions {
            for tag in ["en", "de", "ar", "fr", "fr-CA", "ja"] {
                let language = try #require(LanguageTag(tag))
                #expect(definition.title(in: language) == definition.localized(to: language).title, "\(tag) \(definition.title ?? "no title")")
            }
        }
        #expect(try Self.feedback().title(in: Self.de) == "Feedback zur Konferenz")
    }

    @Test func languagesAreTheDefaultFirstThenEveryTagInOrder() throws {
        let definition = try Self.feedback()
        #expect(definition.languages == [Self.en, Self.de, Self.ar])
        #expect(definition.language(for: LanguagePreferences(acceptLanguage: "de-CH, en;q=0.5")) == Self.de)
        #expect(definition.language(for: LanguagePreferences(acceptLanguage: "fr")) == Self.en)
        let german = try FormDefinition(json: #"{"language": "de", "title": {"fr": "Bonjour", "de": "Hallo"}, "strings": {"it": {}}}"#)
        #expect(german.languages.map(\.description) == ["de", "fr", "it"])
    }

    @Test(arguments: [
        ("en", "Conference feedback", "About you", "Name", "Ada Lovelace", "In person", "We use your answers only to plan the next conference.",
         "Thank you for your feedback!", "Add a talk", "Send feedback"),
        ("de", "Feedback zur Konferenz", "Über Sie", "Name", "Erika Mustermann", "Vor Ort",
         "Wir verwenden Ihre Antworten nur, um die nächste Konferenz zu planen.", "Vielen Dank für Ihr Feedback!", "Vortrag hinzufügen",
         "Feedback senden"),
        ("ar", "ملاحظات حول المؤتمر", "عنك", "الاسم", "ليلى أحمد", "حضوريًا", "نستخدم إجاباتك فقط للتخطيط للمؤتمر القادم.",
         "شكرًا لك على ملاحظاتك!", "أضف محاضرة", "أرسل الملاحظات"),
        // The form has no French: its default language, English.
        ("fr", "Conference feedback", "About you", "Name", "Ada Lovelace", "In person", "We use your answers only to plan the next conference.",
         "Thank you for your feedback!", "Add a talk", "Send feedback"),
        // A regional tag falls back to its language.
        ("de-AT", "Feedback zur Konferenz", "Über Sie", "Name", "Erika Mustermann", "Vor Ort",
         "Wir verwenden Ihre Antworten nur, um die nächste Konferenz zu planen.", "Vielen Dank für Ihr Feedback!", "Vortrag hinzufügen",
         "Feedback senden"),
    ])
    func everyTextIsInTheLanguage(
        tag: String, title: String, section: String, name: String, placeholder: String, inPerson: String, footer: String, thanks: String,
        addTitle: String, send: String
    ) throws {
        let session = try Self.session(tag)
        #expect(session.form.definition.title == title)
        #expect(session.sections.first?.title == section)
        #expect(session.sections.first?.footer == footer)
        let fields = session.fields
        let nameField = try #require(fields.first { $0.key == "name" })
        #expect(nameField.title == name)
        #expect(nameField.element.placeholder == placeholder)
        #expect(fields.first { $0.key == "attended" }?.element.items.first == inPerson)
        #expect(fields.first { $0.element.kind == .label }?.title == thanks)
        #expect(fields.first { $0.key == "send" }?.title == send)
        #expect(session.repeats.first?.addTitle == addTitle)
        // Everything a person sees comes from one language: the outline too.
        let outline = OutlineRenderer().render(session.form)
        #expect(outline.hasPrefix(title + "\n"))
        #expect(outline.contains("== \(section) =="))
        #expect(outline.contains("(none of \(inPerson) |"))
    }

    @Test func authorMessagesAreInTheLanguage() throws {
        for (tag, email, consent) in [
            ("en", "must be an address like ada@example.com", "must be switched on to send the form"),
            ("de", "muss eine Adresse wie erika@example.com sein", "muss eingeschaltet sein, um das Formular zu senden"),
            ("ar", "يجب أن يكون عنوانًا مثل layla@example.com", "يجب تفعيله لإرسال النموذج"),
        ] {
            let session = try Self.session(tag)
            try session.set("not an address", forKey: "email")
            let errors = session.validate()
            #expect(errors.first { $0.path == "email" }?.message == email, "\(tag)")
            #expect(errors.first { $0.path == "consent" }?.message == consent, "\(tag)")
        }
    }

    @Test func storedValuesAreTheSameInEveryLanguage() throws {
        var stored: [FormValue] = []
        for tag in ["en", "de", "ar", "fr"] {
            let session = try Self.session(tag)
            try session.set("Ada", forKey: "name")
            try session.set("ada@example.com", forKey: "email")
            try session.set("online", forKey: "attended")
            try session.set(true, forKey: "consent")
            _ = try session.appendItems(to: "talks", count: 2)
            try session.set("Keynote", forKey: "talks.0.title")
            try session.set("Closing", forKey: "talks.1.title")
            #expect(session.validate().isEmpty, "\(tag)")
            stored.append(session.valuesToStore)
        }
        #expect(stored[0]["attended"] == "online")
        #expect(Set(stored).count == 1)
    }

    @Test func localizedReadsTheStringsInTheLanguageElseTheKey() throws {
        let json = #"""
            {"language": "en", "strings": {"en": {"hi": "Hello", "only": "English only"}, "de": {"hi": "Hallo"}},
             "sections": [{"elements": [
               {"type": "entry", "key": "greeting", "bind": "textValue:greeting"},
               {"type": "label", "key": "a", "title": "@{localized('hi')}"},
               {"type": "label", "key": "b", "title": "@{'hi'.localized()}"},
               {"type": "label", "key": "c", "title": "@{greeting.localized()}"},
               {"type": "label", "key": "d", "title": "@{localized('only')}"},
               {"type": "label", "key": "e", "title": "@{localized('nowhere')}"}
             ]}]}
            """#
        let definition = try FormDefinition(json: json)
        let german = try CompiledForm(definition: definition, data: ["greeting": "hi"], language: Self.de).makeSession()
        let titles = Dictionary(uniqueKeysWithValues: german.fields.compactMap { field in field.key.map { ($0, field.title) } })
        #expect(titles["a"] == "Hallo")
        #expect(titles["b"] == "Hallo")
        #expect(titles["c"] == "Hallo")
        #expect(titles["d"] == "English only")
        #expect(titles["e"] == "nowhere")
        #expect(definition.strings(for: LanguageTag("de-CH")!) == ["hi": "Hallo", "only": "English only"])
        // A host cannot take the name over: the form's strings are what it reads.
        var functions = ExpressionFunctions()
        functions.register("localized") { _ in "host" }
        #expect(functions.lookup("localized") == nil)
        #expect(throws: ExpressionError.self) { try FormExpression(parsing: "localized('a', 'b')") }
    }

    @Test func mapsAreResolvedEverywhereAndTheRestIsUntouched() throws {
        let json = #"""
            {"title": {"en": "Shop", "de": "Laden"}, "emptyMessage": {"en": "None", "de": "Keine"}, "strings": {"de": {"k": "v"}},
             "sections": [
               {"type": "select", "key": "size", "items": [{"en": "Small", "de": "Klein"}, "XL"], "values": ["s", "xl"]},
               {"title": {"de": "Gäste"}, "bind": "iterate:guests",
                "beforeTemplateElements": [{"type": "text", "text": {"en": "Before", "de": "Vorher"}}],
                "elementTemplate": {"type": "entry", "key": "name", "placeholder": {"en": "Name", "de": "Name?"},
                                    "validate": [{"rule": "email", "message": {"en": "bad", "de": "schlecht"}}],
                                    "requiredMessage": {"en": "needed", "de": "nötig"}},
                "afterTemplateElements": [{"type": "label", "value": {"en": "After", "de": "Nachher"}}]},
               {"elements": [{"type": "picker", "key": "p", "items": [["a", "b"]]},
                             {"type": "entry", "key": "code", "patternMessage": {"en": "{title} looks wrong", "de": "{title} stimmt nicht"},
                              "pattern": "[0-9]+"}]}
             ]}
            """#
        let definition = try FormDefinition(json: json)
        let german = definition.localized(to: Self.de)
        #expect(german.root.properties["title"] == "Laden")
        #expect(german.root.properties["strings"] == definition.root.properties["strings"])
        let sections = german.sections
        #expect(sections[0].properties["items"] == ["Klein", "XL"])
        #expect(sections[0].properties["values"] == ["s", "xl"])
        #expect(sections[1].properties["title"] == "Gäste")
        #expect(german.root.properties["emptyMessage"] == "Keine")
        #expect(sections[1].beforeTemplateElements?.first?.properties["text"] == "Vorher")
        let template = try #require(sections[1].elementTemplate)
        #expect(template.properties["placeholder"] == "Name?")
        #expect(template.properties["validate"] == [["rule": "email", "message": "schlecht"]])
        #expect(template.properties["requiredMessage"] == "nötig")
        #expect(sections[1].afterTemplateElements?.first?.properties["value"] == "Nachher")
        #expect(sections[2].elements?[0].properties["items"] == [["a", "b"]])
        #expect(sections[2].elements?[1].properties["patternMessage"] == "{title} stimmt nicht")
        // A language the map lacks: the default's text, else the first.
        let english = definition.localized(to: Self.en)
        #expect(english.sections[1].properties["title"] == "Gäste")
        #expect(english.root.properties["title"] == "Shop")
        // Keys, binds and values are the source's.
        #expect(german.sections[1].properties["bind"] == "iterate:guests")
        #expect(definition.languages == [Self.en, Self.de])
    }

    @Test func includedFormsAreLocalizedAndTheirStringsMerge() throws {
        let dir = try TemporaryDirectory()
        try dir.write("part.json", #"""
            {"strings": {"de": {"part": "Teil", "shared": "vom Teil"}, "fr": {"part": "Partie"}},
             "sections": [{"title": {"en": "Part", "de": "Teil", "fr": "Partie"},
                           "elements": [{"type": "label", "title": "@{localized('shared')}"}]}]}
            """#)
        try dir.write("field.json", #"{"type": "entry", "key": "city", "title": {"en": "City", "de": "Stadt"}}"#)
        let main = try dir.write("main.json", #"""
            {"strings": {"de": {"shared": "vom Formular"}},
             "sections": [{"include": "part.json"}, {"elements": [{"include": "field.json"}]}]}
            """#)
        let loaded = try DefinitionLoader().load(path: main)
        let definition = loaded.definition
        #expect(loaded.warnings.isEmpty)
        #expect(definition.languages.map(\.description) == ["en", "de", "fr"])
        #expect(definition.strings(for: Self.de) == ["shared": "vom Formular", "part": "Teil"])
        let session = try CompiledForm(definition: definition, language: Self.de).makeSession()
        #expect(session.sections.first?.title == "Teil")
        #expect(session.fields.first { $0.element.kind == .label }?.title == "vom Formular")
        #expect(session.fields.first { $0.key == "city" }?.title == "Stadt")
        // The stored form carries the merged strings and decodes on its own.
        let stored = try FormDefinition(json: definition.resolvedCanonicalJSON)
        #expect(stored.strings(for: LanguageTag("fr")!)["part"] == "Partie")
    }

    @Test func theStringsFileBesideTheFormIsMergedTheFormsOwnWinning() throws {
        let dir = try TemporaryDirectory()
        try dir.write("form.strings.json", #"{"de": {"hi": "Hallo", "bye": "Tschüss"}, "en": {"hi": "Hi"}}"#)
        let form = try dir.write("form.json", #"{"strings": {"de": {"bye": "Servus"}}, "sections": []}"#)
        let loaded = try DefinitionLoader().load(path: form)
        #expect(loaded.definition.strings(for: Self.de) == ["hi": "Hallo", "bye": "Servus"])
        #expect(loaded.definition.canonicalJSON.contains("Hallo"))
        let clash = try #require(loaded.warnings.first)
        #expect(loaded.warnings.count == 1)
        #expect(clash.file == dir.path("form.strings.json"))
        #expect(clash.path == "de.bye")
        #expect(clash.location?.line == 1)
    }

    @Test func aBrokenStringsFileIsAnErrorWithItsPlace() throws {
        let dir = try TemporaryDirectory()
        let form = try dir.write("form.json", #"{"sections": []}"#)
        try dir.write("form.strings.json", "{\n  \"de\": {\"hi\": \"Hallo\",}\n}")
        let malformed = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: form) }
        #expect(malformed.issues.map(\.code) == [.malformedJSON])
        #expect(malformed.issues.first?.file == dir.path("form.strings.json"))
        #expect(malformed.issues.first?.location?.line == 2)

        try dir.write("form.strings.json", #"{"de": {"hi": 3}, "not a tag": {}}"#)
        let wrong = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: form) }
        #expect(wrong.issues.map(\.path) == ["de.hi", "not a tag"])
        #expect(wrong.issues.map(\.code) == [.invalidText, .invalidLanguageTag])

        var limits = DefinitionLoader.Limits()
        limits.maximumFileBytes = 40
        try dir.write("form.strings.json", #"{"de": {"long": "\#(String(repeating: "x", count: 64))"}}"#)
        let large = try #require(throws: DefinitionError.self) { try DefinitionLoader(limits: limits).load(path: form) }
        #expect(large.issues.map(\.code) == [.limitExceeded])
    }
}
