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
}
