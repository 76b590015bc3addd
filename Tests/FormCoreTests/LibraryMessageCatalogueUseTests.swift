import Testing

@testable import FormCore

/// The library's messages come from its catalogue: English reads as it always did, with the
/// plural a number needs, and an author's messages are patterns with the field's titles.
struct LibraryMessageCatalogueUseTests {
    /// A name of at least `minLength` characters and a repeat of at least `minimumItems` talks.
    static func form(minLength: Int = 3, minimumItems: Int = 2, language: String? = nil) -> String {
        let declared = language.map { #""language": "\#($0)", "# } ?? ""
        return #"""
            {\#(declared)"sections": [
              {"elements": [{"type": "entry", "key": "name", "title": "Name", "required": true, "minLength": \#(minLength)}]},
              {"bind": "iterate:talks", "minimumItems": \#(minimumItems),
               "elementTemplate": {"type": "entry", "key": "title", "title": "Talk", "bind": "textValue:title"}}
            ]}
            """#
    }

    static func session(_ json: String, language: String) throws -> FormSession {
        try CompiledForm(definition: FormDefinition(json: json), language: LanguageTag(language)).makeSession()
    }

    static func messages(_ errors: [FieldError]) -> [String: String] {
        Dictionary(errors.map { ($0.path, $0.message) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func englishKeepsItsWordsAndPlurals() throws {
        let session = try Self.session(Self.form(minLength: 1, minimumItems: 2), language: "en")
        session.apply(answers: ["talks": [["title": "Keynote"]]])
        let messages = Self.messages(session.validate())
        #expect(messages["name"] == "is required")
        #expect(messages["talks"] == "must have at least 2 items (has 1)")
        let single = try Self.session(Self.form(minLength: 3, minimumItems: 1), language: "en")
        single.apply(answers: ["name": "Al"])
        #expect(Self.messages(single.validate())["talks"] == "must have at least 1 item (has 0)")
        #expect(Self.messages(single.validate())["name"] == "must be at least 3 characters (has 2)")
    }

    @Test func authorMessagesArePatternsWithTheFieldsTitles() throws {
        let json = #"""
            {"sections": [{"elements": [
              {"type": "entry", "key": "name", "title": "Ihr Name", "required": true, "requiredMessage": "{title} fehlt noch"},
              {"type": "entry", "key": "code", "title": "Code", "pattern": "[0-9]+", "patternMessage": "{title} passt nicht zu {pattern}"},
              {"type": "entry", "key": "password", "title": "Passwort"},
              {"type": "entry", "key": "again", "title": "Passwort (noch einmal)",
               "validate": [{"rule": "matches", "field": "password", "message": "{title} muss wie {field} lauten"}]},
              {"type": "entry", "key": "plain", "title": "Plain", "required": true, "requiredMessage": "can't be left empty, '{title}' says so"}
            ]}]}
            """#
        let session = try Self.session(json, language: "en")
        session.apply(answers: ["code": "abc", "password": "a", "again": "b"])
        let messages = Self.messages(session.validate())
        #expect(messages["name"] == "Ihr Name fehlt noch")
        #expect(messages["code"] == "Code passt nicht zu [0-9]+")
        #expect(messages["again"] == "Passwort (noch einmal) muss wie Passwort lauten")
        // A lone apostrophe is text, as authors write it; quoted braces are braces (a message
        // that does not parse as a pattern is refused when the form is compiled).
        #expect(messages["plain"] == "can't be left empty, {title} says so")
    }
}
