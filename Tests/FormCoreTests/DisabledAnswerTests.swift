import Testing
@testable import FormCore

/// A field the form shows as disabled (`enabled: false`, or an expression that is false once
/// every answer is in) keeps the value the form gives it: an answer that would change it is
/// refused by its path with the rule `enabled`, from JSON answers, flat keys, overrides and a
/// live session alike, and nothing holding it is stored. Before, `{"price": 0}` was stored.
@Suite struct DisabledAnswerTests {
    static let form = """
        {"sections": [{"elements": [
          {"type": "entry", "key": "item", "required": true},
          {"type": "decimal", "key": "price", "numberValue": 10, "enabled": false},
          {"type": "boolean", "key": "gift", "boolValue": false},
          {"type": "entry", "key": "note", "enabled": "@{gift}"},
          {"type": "entry", "key": "comment", "enabled": true}
        ]}, {"bind": "iterate:lines", "elementTemplate":
          {"type": "entry", "key": "code", "bind": "textValue:code", "enabled": "@{false}"}}]}
        """

    static func compiled() throws -> CompiledForm { try CompiledForm(definition: FormDefinition(json: Self.form)) }

    @Test func answersThatChangeADisabledFieldAreRefused() throws {
        let form = try Self.compiled()
        let filled = form.fill(FormInput(answers: ["item": "mug", "price": 0, "note": "hi"]))
        #expect(filled.errors.map(\.path).sorted() == ["note", "price"], "\(filled.errors)")
        #expect(filled.errors.allSatisfy { $0.rule == "enabled" && $0.message.contains("is not enabled") }, "\(filled.errors)")
        let flat = form.fill(FormInput(answers: ["item": "mug", "lines.0.code": "X1"]))
        #expect(flat.errors.map(\.path) == ["lines.0.code"] && flat.errors.first?.rule == "enabled", "\(flat.errors)")
        let nested = form.fill(FormInput(answers: ["item": "mug", "lines": [["code": "X1"]]]))
        #expect(nested.errors.map(\.path) == ["lines.0.code"], "\(nested.errors)")
    }

    @Test func theFormsOwnValueAndAFieldEnabledByAnotherAnswerPass() throws {
        let form = try Self.compiled()
        // A client posting back what it was shown sends the disabled field's value unchanged.
        let echoed = form.fill(FormInput(answers: ["item": "mug", "price": 10, "comment": "ok"]))
        #expect(echoed.errors.isEmpty, "\(echoed.errors)")
        #expect(echoed.valuesToStore["price"] == 10)
        // `gift` enables `note`, whichever comes first in the object.
        for answers: FormValue in [["item": "mug", "note": "hi", "gift": true], ["item": "mug", "gift": true, "note": "hi"]] {
            let filled = form.fill(FormInput(answers: answers))
            #expect(filled.errors.isEmpty, "\(answers): \(filled.errors)")
            #expect(filled.valuesToStore["note"] == "hi")
        }
        // An override may enable it too; an override may not change a disabled field.
        let overridden = form.fill(FormInput(answers: ["item": "mug", "note": "hi"], overrides: [FieldOverride(key: "gift", text: "yes")]))
        #expect(overridden.errors.isEmpty, "\(overridden.errors)")
        let priced = form.fill(FormInput(answers: ["item": "mug"], overrides: [FieldOverride(key: "price", text: "1")]))
        #expect(priced.errors.map(\.path) == ["price"] && priced.errors.first?.rule == "enabled", "\(priced.errors)")
    }

    /// A draft's or an edited submission's values are where the form starts, not answers: a
    /// value held by a field that is disabled now is kept, as it was stored.
    @Test func startingValuesAreNotAnswers() throws {
        let form = try Self.compiled()
        let filled = form.fill(FormInput(answers: ["gift": false], startingValues: ["item": "mug", "gift": true, "note": "hi"]))
        #expect(filled.errors.isEmpty, "\(filled.errors)")
        #expect(filled.valuesToStore["note"] == "hi")
    }

    @Test func aSessionRefusesThemAndKeepsTheErrorUntilTheFieldIsAnswered() throws {
        let session = try makeSession(Self.form)
        let errors = session.apply(answers: ["item": "mug", "note": "hi"])
        #expect(errors.map(\.path) == ["note"] && errors.first?.rule == "enabled", "\(errors)")
        #expect(session.answerErrors.map(\.path) == ["note"])
        #expect(session.validate().contains { $0.path == "note" && $0.rule == "enabled" })
        #expect(session.apply(answers: ["gift": true, "note": "hello"]).isEmpty)
        #expect(session.answerErrors.isEmpty && session.validate().isEmpty, "\(session.validate())")
    }

    /// The form's own number, sent back in another notation, is no change: `numberValue: 10`
    /// in a field with fraction digits (which holds answers as doubles) refused 10, 10.0 and
    /// "10" alike. The field keeps the number as the form wrote it.
    @Test func theFormsOwnNumberInAnyNotationPasses() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"elements": [
              {"type": "decimal", "key": "amount", "fractionDigits": 2, "numberValue": 10, "enabled": false},
              {"type": "decimal", "key": "whole", "numberValue": 7.0, "enabled": false}]}]}
            """))
        for answers: FormValue in [["amount": 10], ["amount": 10.0], ["amount": "10"], ["amount": "10.00"], ["whole": 7], ["whole": "7"]] {
            let filled = form.fill(FormInput(answers: answers))
            #expect(filled.errors.isEmpty, "\(answers): \(filled.errors)")
            #expect(filled.valuesToStore["amount"] == .int(10) && filled.valuesToStore["whole"] == .double(7))
        }
        let overridden = form.fill(FormInput(overrides: [FieldOverride(key: "amount", text: "10.0")]))
        #expect(overridden.errors.isEmpty, "\(overridden.errors)")
        #expect(form.fill(FormInput(answers: ["amount": 10.5])).errors.map(\.rule) == ["enabled"])
    }

    /// A section that is not enabled disables its fields, a choice section included; an
    /// `enabled` expression that gives null (`@{other}` while other is empty) is false.
    @Test func aDisabledSectionAndANullExpressionDisable() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [
              {"enabled": false, "elements": [{"type": "entry", "key": "code", "textValue": "X1"}]},
              {"type": "QSelectSection", "key": "tags", "items": ["A", "B", "C"], "multipleAllowed": true, "selectedIndexes": [0, 2],
               "enabled": false},
              {"elements": [{"type": "entry", "key": "other"}, {"type": "entry", "key": "a", "enabled": "@{other}"},
                            {"type": "entry", "key": "b", "enabled": "@{!other}"}]}]}
            """))
        let refused = form.fill(FormInput(answers: ["code": "HACK", "tags": [1], "a": "x"]))
        #expect(refused.errors.map(\.path).sorted() == ["a", "code", "tags"] && refused.errors.allSatisfy { $0.rule == "enabled" },
                "\(refused.errors)")
        let passed = form.fill(FormInput(answers: ["code": "X1", "other": "z", "a": "x"]))
        #expect(passed.errors.isEmpty, "\(passed.errors)")
        let session = try makeSession(#"{"sections": [{"enabled": false, "elements": [{"type": "entry", "key": "code"}]}]}"#)
        #expect(session.fields.first { $0.key == "code" }?.isEnabled == false)
    }

    /// An answer to a disabled secure field is refused even when it equals the value the form
    /// holds: passing it would tell a guesser the secret.
    @Test func aDisabledSecretRefusesEvenItsOwnValue() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"elements": [{"type": "entry", "key": "pin", "secureTextEntry": true, "textValue": "4711", "enabled": false}]}]}
            """))
        for guess: FormValue in ["4711", "0000"] {
            let filled = form.fill(FormInput(answers: ["pin": guess]))
            #expect(filled.errors.map(\.rule) == ["enabled"], "\(guess): \(filled.errors)")
        }
    }

    /// An edit starts without what its answers replace; the stored values are what a disabled
    /// field keeps: the stored value sent back passes, another (null included) is refused, and
    /// one a repeat given whole again left out gets its stored value back.
    @Test func anEditKeepsTheStoredValueOfADisabledField() throws {
        let form = try Self.compiled()
        let stored: FormValue = ["item": "mug", "price": 10, "gift": false, "note": "for Ada", "lines": [["code": "K9"]]]
        func edit(_ answers: FormValue) -> FilledForm {
            var input = FormInput(answers: answers, startingValues: ["item": "mug", "price": 10, "gift": false])
            input.keptValues = stored
            return form.fill(input)
        }
        let same = edit(["note": "for Ada", "lines": [["code": "K9"]]])
        #expect(same.errors.isEmpty, "\(same.errors)")
        #expect(same.valuesToStore["note"] == "for Ada" && same.valuesToStore.value(atPath: "lines.0.code") == "K9")
        for answers: FormValue in [["note": .null], ["note": "other"], ["lines": [["code": "Z"]]]] {
            #expect(!edit(answers).errors.isEmpty, "\(answers)")
        }
        let untouched = edit(["item": "cup"])
        #expect(untouched.errors.isEmpty && untouched.valuesToStore["note"] == "for Ada", "\(untouched.errors) \(untouched.valuesToStore)")
    }
}
