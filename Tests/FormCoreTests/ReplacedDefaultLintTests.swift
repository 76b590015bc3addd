import Testing

@testable import FormCore

/// A default that a `bind` replaces is never what a fill starts from: a lint does not judge it.
@Suite struct ReplacedDefaultLintTests {
    @Test func aDecimalDefaultThatABindReplacesIsNotJudged() throws {
        let bound = try FormDefinition(json: """
            {"sections": [{"elements": [{"type": "decimal", "key": "price", "numberValue": 2.555, "fractionDigits": 2,
                                         "minimumValue": 5, "bind": "numberValue:price"}]}]}
            """)
        #expect(DefinitionLint().lint(bound).filter(\.isError).isEmpty)
        let form = try CompiledForm(definition: bound, data: ["price": 7.5])
        #expect(form.fill(FormInput()).values["price"] == 7.5)
        // Through the derived property too.
        let derived = try FormDefinition(json: """
            {"sections": [{"elements": [{"type": "decimal", "key": "p", "numberValue": 2.555, "fractionDigits": 2, "bind": "floatValue:p"}]}]}
            """)
        #expect(DefinitionLint().lint(derived).filter(\.isError).isEmpty)

        let unbound = try FormDefinition(json: """
            {"sections": [{"elements": [{"type": "decimal", "key": "price", "numberValue": 2.555, "fractionDigits": 2,
                                         "bind": "title:label"}]}]}
            """)
        let issues = DefinitionLint().lint(unbound).filter(\.isError)
        #expect(issues.map(\.path) == ["sections[0].elements[0].numberValue"], "a bind of another property leaves the default in use")
    }

}
