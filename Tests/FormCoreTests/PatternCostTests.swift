import Testing
@testable import FormCore

/// A pattern's cost per character is bounded when the form is checked, and matching stops at
/// a fill's time limit, naming the field.
@Suite struct PatternCostTests {
    @Test func aPatternPastTheStateBoundIsRefusedByCheckWithItsPath() throws {
        let definition = try FormDefinition(json: #"""
            {"sections": [{"elements": [
              {"type": "entry", "key": "slow", "pattern": "[\\s\\S]*(a{1,999}){9}"},
              {"type": "entry", "key": "wide", "pattern": ".{0,999}"},
              {"type": "label", "title": "@{wide.matches('(b{1,500}){3}') ? 'y' : 'n'}"}]}]}
            """#)
        let issues = DefinitionLint().lint(definition).filter { $0.code == .invalidPattern }
        #expect(issues.map(\.path) == ["sections[0].elements[0].pattern", "sections[0].elements[2].title"], "\(issues)")
        #expect(issues.allSatisfy { $0.isError && $0.message.contains("more than 2000 steps per character") }, "\(issues)")
        #expect(throws: DefinitionError.self) { try CompiledForm(definition: definition) }
    }

    @Test func theBoundIsOnTheAutomatonsSize() throws {
        #expect((try? LinearRegex(".{0,999}")) != nil)
        #expect(throws: PatternSyntaxError.self) { try LinearRegex(".{0,1000}") }
        #expect(throws: PatternSyntaxError.self) { try LinearRegex("(a{1,999}){2}") }
        #expect((try? LinearRegex("[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,255}\\.[A-Za-z]{2,63}")) != nil)
    }

    /// The largest program the bound allows, on a long value: seconds of work without a limit.
    static let costly = #"[\s\S]*(a{1,99}){9}"#

    @Test func matchingStopsAtTheFillsTimeLimitWithTheFieldsName() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"elements": [{"type": "entry", "key": "code", "pattern": "\(Self.costly.replacingOccurrences(of: "\\", with: "\\\\"))"},
              {"type": "entry", "key": "name", "required": true}]}]}
            """))
        let value = String(repeating: "a", count: 300_000) + "b"
        let clock = ContinuousClock()
        var filled: FilledForm?
        let elapsed = clock.measure { filled = form.fill(FormInput(answers: ["code": .string(value), "name": "Ann"], timeLimit: .milliseconds(100))) }
        let errors = try #require(filled?.errors)
        #expect(errors.map(\.path) == ["code"] && errors.map(\.rule) == ["timeLimit"], "\(errors)")
        #expect(errors.first?.message.contains("time limit") == true)
        #expect(elapsed < .seconds(2), "\(elapsed)")
        // Short values are matched as before under the same limit.
        let quick = form.fill(FormInput(answers: ["code": "aaab", "name": "Ann"], timeLimit: .milliseconds(100)))
        #expect(quick.errors.map(\.rule) == ["pattern"], "\(quick.errors)")
    }

    @Test func withoutADeadlineTheMatcherAlwaysAnswers() throws {
        let regex = try LinearRegex(Self.costly)
        #expect(regex.wholeMatch(String(repeating: "a", count: 2000) + "b", deadline: nil) == false)
        #expect(regex.wholeMatch(String(repeating: "a", count: 2000), deadline: .now + .seconds(60)) == true)
        #expect(regex.wholeMatch(String(repeating: "a", count: 300_000), deadline: .now - .seconds(1)) == nil)
    }
}

/// `matches()` in an expression stops at the fill's time limit too.
@Suite struct MatchesTimeLimitTests {
    @Test func matchesOnALongValueStopsAtTheTimeLimit() throws {
        let form = try CompiledForm(definition: FormDefinition(json: #"""
            {"sections": [{"elements": [{"type": "entry", "key": "code"},
              {"type": "entry", "key": "name", "required": "@{code.matches('[ab]*(a{1,99}){9}')}"}]}]}
            """#))
        let value = String(repeating: "a", count: 300_000) + "b"
        let clock = ContinuousClock()
        var filled: FilledForm?
        let elapsed = clock.measure { filled = form.fill(FormInput(answers: ["code": .string(value)], timeLimit: .milliseconds(100))) }
        #expect(filled?.errors.map(\.rule) == ["timeLimit"], "\(String(describing: filled?.errors))")
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }
}
