import Testing
@testable import FormCore

/// Hostile or random input must give a value or an error, never a crash or a hang.
@Suite struct ExpressionRobustnessTests {
    /// A small deterministic generator, so that a failure can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let pieces = [
        "1", "2.5", "'s'", "\"t\"", "'\\(", ")", "(", "[", "]", ",", ".", "?.", "?", ":", "!", "-", "+", "*",
        "/", "%", "??", "<", "==", "&&", "||", "name", "items", "count", "lowercased()", "matches('[a')",
        "String(format: '%d'", "double(", "nil", "true", "}", "@{", " ", "\\", "'", "0",
    ]

    @Test func randomTokenSoupNeverCrashes() {
        var random = SplitMix(state: 42)
        let context = ExpressionFixture.context(stepLimit: 500)
        var parsed = 0
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...12, using: &random)
            let text = (0..<length).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
            if let expression = try? FormExpression(parsing: text) {
                parsed += 1
                _ = try? expression.evaluate(in: context)
            }
            if let property = try? PropertyExpression(parsing: "x @{" + text + "} y") {
                _ = try? property.evaluate(in: context)
            }
        }
        #expect(parsed > 50)
    }

    @Test func hugeInputIsRefusedOrBudgeted() throws {
        // Wide rather than deep: parses, then runs out of steps at the default budget.
        let wide = "[" + Array(repeating: "1", count: 10_001).joined(separator: ",") + "]"
        let error = #expect(throws: ExpressionError.self) { try ExpressionFixture.run(wide) }
        #expect(error?.message.contains("10000 evaluation steps") == true)
        // Deep in every way a parser recurses: refused with a syntax error, not a stack overflow.
        for deep in ["(", "[", "!", "-", "a ?? ", "a ? 1 : ", "double(", "x.lowercased().", #"'\("#] {
            let text = String(repeating: deep, count: 20_000) + "1"
            let error = #expect(throws: ExpressionError.self) { try FormExpression(parsing: text) }
            #expect(error?.message.contains("nested too deeply") == true, "\(deep): \(error?.message ?? "")")
        }
    }

    @Test func evaluatesConcurrently() async throws {
        let expression = try FormExpression(parsing: "items.@sum.price * count + name.count")
        let context = ExpressionFixture.context()
        let results = await withTaskGroup(of: FormValue?.self) { group in
            for _ in 0..<8 { group.addTask { try? expression.evaluate(in: context) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: .double(13.5), count: 8))
    }

    /// 5,000 parsed expressions re-evaluated: the cost a session pays after a change that
    /// touches everything. Printed, and bounded loosely so that a debug build on a slow machine passes.
    @Test func fiveThousandEvaluationsAreCheap() throws {
        let sources = [
            "user.age >= 18 && !empty", "'\\(count) items'", "price * count + 1", "name.lowercased() == 'bob'",
            "items[0].title ?? 'none'",
        ]
        let expressions = try (0..<5_000).map { i throws in try FormExpression(parsing: sources[i % sources.count]) }
        let context = ExpressionFixture.context()
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for expression in expressions { _ = try expression.evaluate(in: context) }
        }
        print("5,000 expression evaluations: \(elapsed)")
        #expect(elapsed < .seconds(2))
    }
}
