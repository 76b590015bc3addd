import Testing

@testable import FormCore

/// A fill with a time limit stops evaluating when it passes it and fails with one error.
@Suite struct FillTimeLimitTests {
    @Test func aFillPastItsLimitStopsWithOneError() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"bind": "iterate:guests", "elementTemplate":
              {"type": "entry", "key": "email", "bind": "textValue:email", "required": "@{guests.@count > 0}"}}]}
            """))
        let guests = FormValue.array((0..<3000).map { ["email": .string("g\($0)@x.io")] })
        let clock = ContinuousClock()
        var filled: FilledForm?
        let elapsed = clock.measure { filled = form.fill(FormInput(answers: ["guests": guests], timeLimit: .milliseconds(50))) }
        let errors = try #require(filled?.errors)
        #expect(errors.map(\.rule) == ["timeLimit"])
        #expect(elapsed < .seconds(5))
        #expect(form.fill(FormInput(answers: ["guests": [["email": "a@x.io"]]], timeLimit: .seconds(30))).errors.isEmpty)
    }
}
