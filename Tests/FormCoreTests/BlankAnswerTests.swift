import Testing
@testable import FormCore

/// Text made only of white space is no answer: stored as null, refused by `required`, and never
/// stored as typed past the rules a real value must pass.
@Suite struct BlankAnswerTests {
    static let form = """
        {"sections": [{"elements": [
          {"type": "entry", "key": "code", "pattern": "[A-Z]{3}"},
          {"type": "entry", "key": "nick", "minLength": 3},
          {"type": "entry", "key": "mail", "validate": ["email"]},
          {"type": "multiline", "key": "notes"},
          {"type": "entry", "key": "name", "required": true}]}]}
        """

    /// One-line fields refuse a tab or a line break as they refuse any control character.
    static let blanks = ["", " ", "   ", "\u{3000}", " \u{A0} "]

    @Test(arguments: blanks)
    func blankTextIsStoredAsNull(_ blank: String) throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        let answers: FormValue = ["code": .string(blank), "nick": .string(blank), "mail": .string(blank),
                                  "notes": .string(blank + "\t\n\r\n\t" + blank), "name": "Ada"]
        let filled = form.fill(FormInput(answers: answers))
        #expect(filled.errors.isEmpty, "\(filled.errors)")
        for key in ["code", "nick", "mail", "notes"] {
            #expect(filled.valuesToStore[key] == .null, "\(key): \(String(describing: filled.valuesToStore[key]))")
        }
    }

    @Test func requiredRefusesBlankTextFromAnswersAndOverrides() throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        let answered = form.fill(FormInput(answers: ["name": "  "]))
        #expect(answered.errors.map(\.rule) == ["required"], "\(answered.errors)")
        let typed = form.fill(FormInput(overrides: [FieldOverride(key: "name", text: "   ")]))
        #expect(typed.errors.map(\.rule) == ["required"], "\(typed.errors)")
    }

    /// A one-line field is trimmed before it is checked, so padding counts toward no rule
    /// (`" a "` is one character, short of `minLength` 3) and is never stored.
    @Test func textWithSomethingBesidesWhiteSpaceIsTrimmedThenChecked() throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        let filled = form.fill(FormInput(answers: ["code": " AB ", "nick": " a ", "mail": " x ", "name": " Ada "]))
        #expect(Set(filled.errors.map(\.rule)) == ["pattern", "minLength", "email"], "\(filled.errors)")
        let kept = form.fill(FormInput(answers: ["code": " ABC ", "nick": " abc ", "name": " Ada "]))
        #expect(kept.errors.isEmpty, "\(kept.errors)")
        #expect(kept.valuesToStore["code"] == "ABC" && kept.valuesToStore["nick"] == "abc" && kept.valuesToStore["name"] == "Ada")
    }

    @Test func aSessionSetsBlankTextAsNull() throws {
        let session = try makeSession(Self.form)
        try session.set(.string("  \n"), forKey: "notes")
        #expect(session.values["notes"] == .null)
    }
}
