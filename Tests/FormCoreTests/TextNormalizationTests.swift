import OrderedCollections
import Testing

@testable import FormCore

/// Free text is stored by one rule wherever it is written: line breaks as LF, a one-line field
/// trimmed, a multi-line one without blank lines around its text, blank text as null, a secure
/// field as typed.
@Suite struct TextNormalizationTests {
    static let form = #"""
        {"sections": [{"elements": [
            {"type": "entry", "key": "name", "required": true},
            {"type": "entry", "key": "nickname"},
            {"type": "multiline", "key": "notes"},
            {"type": "entry", "key": "pin", "secureTextEntry": true}
        ]}]}
        """#

    static let given: KeyValuePairs<String, String> = [
        "name": "  Ann Lee \u{A0}",
        "nickname": "   ",
        "notes": "\r\n \r\n  First line\r\nsecond  \rthird\r\n\r\n  ",
        "pin": " 12 34 ",
    ]

    static let stored: FormValue = ["name": "Ann Lee", "nickname": .null, "notes": "  First line\nsecond  \nthird", "pin": " 12 34 "]

    static func compiled() throws -> CompiledForm { try CompiledForm(definition: try FormDefinition(json: form)) }

    @Test func answersTypedTextAndTheLibrarysSetStoreTheSameValues() throws {
        let answers = FormValue.object(OrderedDictionary(uniqueKeysWithValues: Self.given.map { ($0.key, FormValue.string($0.value)) }))
        let answered = try Self.compiled().fill(FormInput(answers: answers))
        #expect(answered.errors.isEmpty, "\(answered.errors)")
        #expect(answered.values == Self.stored, "\(answered.values)")

        // Overrides (`--set`) are typed text; a secure field cannot be one, so it comes as an answer.
        let overrides = Self.given.filter { $0.key != "pin" }.map { FieldOverride(key: $0.key, text: $0.value) }
        let typed = try Self.compiled().fill(FormInput(answers: ["pin": " 12 34 "], overrides: overrides))
        #expect(typed.values == Self.stored, "\(typed.values)")

        let session = try Self.compiled().makeSession()
        for (key, text) in Self.given { try session.set(.string(text), forKey: key) }
        #expect(session.values == Self.stored, "\(session.values)")
        let other = try Self.compiled().makeSession()
        for (key, text) in Self.given { try other.setText(text, forKey: key) }
        #expect(other.values == Self.stored, "\(other.values)")
    }

    @Test func blankTextIsNoAnswerSoRequiredRefusesItWhateverItHolds() throws {
        for blank in ["", "   ", " \u{A0}\u{3000} "] {
            let filled = try Self.compiled().fill(FormInput(answers: ["name": .string(blank)]))
            #expect(filled.values["name"] == .null, "\(blank.debugDescription): \(filled.values)")
            #expect(filled.errors.map(\.rule) == ["required"], "\(blank.debugDescription): \(filled.errors)")
        }
        let absent = try Self.compiled().fill(FormInput(answers: .emptyObject))
        #expect(absent.errors.map(\.rule) == ["required"])
    }

    @Test func theRulesOnTheirOwn() {
        #expect("a\r\nb\rc\n\rd".normalizedLineBreaks == "a\nb\nc\n\nd")
        #expect("\n\n  indented\n  kept \n\n".normalizedMultilineText == "  indented\n  kept")
        #expect("plain".normalizedMultilineText == "plain")
        #expect(" \n\t\n ".normalizedMultilineText == "")
        #expect(FormValue.string(" x ").normalizedText(multiline: false) == "x")
        #expect(FormValue.int(1).normalizedText(multiline: false) == .int(1))
    }
}
