import Testing
@testable import FormCore

/// A rule's `message` may be written with `@{...}`: it is evaluated as the field's other
/// expressions are, checked when the form is, and never evaluated when it comes from the data.
@Suite struct RuleMessageExpressionTests {
    @Test func aMessageExpressionIsEvaluatedWhenTheRuleFails() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"elements": [
              {"type": "decimal", "key": "limit"},
              {"type": "decimal", "key": "age", "validate": [
                {"rule": "expression", "test": "@{age >= limit}", "message": "must be at least @{limit} (you wrote @{age})"},
                {"rule": "expression", "test": "@{age < 200}", "message": "@{age > 250 ? 'far too old' : 'too old'}"}]},
              {"type": "entry", "key": "mail", "validate": [{"rule": "email", "message": "'@{mail}' is not an address"}]}]}]}
            """))
        let filled = form.fill(FormInput(answers: ["limit": 18, "age": 300, "mail": "nope"]))
        #expect(filled.errors.map(\.message).sorted() == ["'nope' is not an address", "far too old"], "\(filled.errors)")
        let young = form.fill(FormInput(answers: ["limit": 18, "age": 12]))
        #expect(young.errors.map(\.message) == ["must be at least 18 (you wrote 12)"], "\(young.errors)")
    }

    @Test func aMessageThatDoesNotParseIsRefusedAtItsPath() throws {
        let definition = try FormDefinition(json: """
            {"sections": [{"elements": [{"type": "entry", "key": "mail", "validate": [{"rule": "email", "message": "bad @{mail +}"}]}]}]}
            """)
        let issues = DefinitionLint().lint(definition)
        #expect(issues.contains { $0.isError && $0.path == "sections[0].elements[0].validate[0].message" }, "\(issues)")
    }

    @Test func aMessageBoundFromTheDataIsNeverEvaluated() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"elements": [{"type": "entry", "key": "mail", "bind": "validate:rules"}]}]}
            """), data: ["rules": [["rule": "email", "message": "@{mail}"]]])
        let filled = form.fill(FormInput(answers: ["mail": "nope"]))
        #expect(filled.errors.map(\.message) == ["@{mail}"], "\(filled.errors)")
    }
}
