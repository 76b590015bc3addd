import Testing

@testable import FormCore

/// Expressions cannot build values past `ExpressionLimits`: a string of more than 1 MiB or an
/// array of more than 100,000 items is an evaluation error, raised before it is built.
@Suite struct ExpressionLimitTests {
    static let half = String(repeating: "x", count: ExpressionLimits.maximumStringBytes / 2 + 1)
    static let items = FormValue.array(Array(repeating: 1, count: ExpressionLimits.maximumArrayCount / 2 + 1))
    static let context = ExpressionContext(data: ["s": .string(half), "small": "ab", "items": items])

    @Test(arguments: ["s + s", "s + small + s", "'\\(s)\\(s)'", "s + 1 + s", "items + items"])
    func aValuePastTheLimitIsAnEvaluationError(_ source: String) throws {
        let error = #expect(throws: ExpressionError.self) { try FormExpression(parsing: source).evaluate(in: Self.context) }
        #expect(error?.kind == .evaluation)
        #expect(error?.message.contains("(the limit)") == true, "\(error?.message ?? "")")
    }

    @Test func templatesAreBoundedToo() throws {
        let property = try PropertyExpression(parsing: "@{s}-@{s}")
        let error = #expect(throws: ExpressionError.self) { try property.evaluate(in: Self.context) }
        #expect(error?.message.contains("at most 1 MiB (the limit)") == true)
    }

    @Test func valuesWithinTheLimitAreBuilt() throws {
        #expect(try FormExpression(parsing: "s + small").evaluate(in: Self.context).stringValue?.utf8.count == Self.half.utf8.count + 2)
        #expect(try FormExpression(parsing: "(items + [2]).count").evaluate(in: Self.context) == .int(ExpressionLimits.maximumArrayCount / 2 + 2))
    }

    /// Each field doubles the one before it: 24 levels asked for 268 MB and took minutes. Now
    /// the field that would pass 1 MiB fails at once, and so do those after it.
    @Test func aDoublingChainOfFieldsFailsFast() throws {
        var elements = [#"{"type": "entry", "key": "f0", "textValue": "abcdefghijklmnop"}"#]
        for level in 1...24 {
            elements.append(#"{"type": "entry", "key": "f\#(level)", "textValue": "@{f\#(level - 1) + f\#(level - 1)}"}"#)
        }
        let definition = try FormDefinition(json: #"{"sections": [{"elements": [\#(elements.joined(separator: ","))]}]}"#)
        let session = finishes(within: 10, "a session of 24 doubling fields") { try FormSession(definition: definition) }
        guard let session else { return }
        #expect(session.value(forKey: "f16")?.stringValue?.utf8.count == 16 << 16)
        let failed = session.evaluationErrors.filter { $0.value.contains("at most 1 MiB (the limit)") }
        #expect(failed.count == 1, "\(session.evaluationErrors)")
        #expect(failed.keys.first?.contains("elements[17]") == true, "\(failed)")
        #expect((session.value(forKey: "f24")?.stringValue?.utf8.count ?? 0) <= ExpressionLimits.maximumStringBytes)
    }

    /// A title reading a long answer in every item of a repeat held the answer once per item:
    /// 100 KB of answer in 1,000 items was 100 MB of titles, for a `/state` request anyone may
    /// send. The text a session's expressions hold is bounded as a whole; the titles past the
    /// bound are evaluation errors (shown as none), and the answers themselves are unaffected.
    @Test func theTextASessionsExpressionsHoldIsBoundedAsAWhole() throws {
        let session = try makeSession("""
            {"sections": [{"elements": [{"type": "entry", "key": "name"}]},
              {"bind": "iterate:items", "elementTemplate": {"type": "entry", "key": "a", "bind": "textValue:a", "title": "A @{name}"}}]}
            """)
        let name = String(repeating: "n", count: 100_000)
        let errors = session.apply(answers: ["name": .string(name), "items": .array(Array(repeating: [:], count: 1_000))])
        #expect(errors.isEmpty, "\(errors)")
        let titles = session.fields.filter { $0.key == "a" && !$0.isTemplate }.map { $0.title?.utf8.count ?? 0 }
        #expect(titles.count == 1_000)
        #expect(titles.reduce(0, +) <= ExpressionLimits.maximumComputedTextBytes, "\(titles.reduce(0, +)) bytes of titles")
        #expect(titles.first == name.utf8.count + 2 && titles.last == 0)
        #expect(session.values["name"] == .string(name) && session.validate().isEmpty)
    }
}
