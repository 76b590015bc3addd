import Testing

@testable import FormCore

/// The fields a `matches` rule names, which a terminal checks as soon as both have a value.
@Suite struct MatchedFieldsTests {
    @Test func matchesRulesNameTheirFieldsAndOtherRulesNone() throws {
        let json = #"""
            {"sections": [{"elements": [
                {"type": "entry", "key": "email"},
                {"type": "entry", "key": "backup"},
                {"type": "entry", "key": "again", "validate": [
                    "email", {"rule": "matches", "field": "email", "message": "is not the email above"},
                    {"rule": "matches", "field": "backup"}]},
                {"type": "entry", "key": "plain", "validate": [{"rule": "email"}]}
            ]}]}
            """#
        let session = try CompiledForm(definition: try FormDefinition(json: json)).makeSession()
        let named = Dictionary(uniqueKeysWithValues: session.fields.compactMap { field in field.key.map { ($0, field.element.matchedFields) } })
        #expect(named["again"] == ["email", "backup"])
        #expect(named["email"] == [])
        #expect(named["plain"] == [])
    }
}
