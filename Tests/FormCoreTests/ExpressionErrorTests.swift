import Testing
@testable import FormCore

/// Expressions that fail, with the kind, the 1-based column and a piece of the message.
@Suite struct ExpressionErrorTests {
    struct Failure: Sendable, CustomTestStringConvertible {
        var source: String
        var kind: ExpressionError.Kind
        var column: Int?
        var message: String
        var stepLimit = ExpressionContext.defaultStepLimit
        var testDescription: String { source.count > 40 ? String(source.prefix(40)) + "…" : source }
    }

    static func syntax(_ source: String, _ column: Int, _ message: String) -> Failure {
        Failure(source: source, kind: .syntax, column: column, message: message)
    }

    static func evaluation(_ source: String, _ column: Int?, _ message: String, steps: Int = 10_000) -> Failure {
        Failure(source: source, kind: .evaluation, column: column, message: message, stepLimit: steps)
    }

    static let nestedParens = String(repeating: "(", count: 70) + "1" + String(repeating: ")", count: 70)
    static let longChain = "1" + String(repeating: "+1", count: 70)
    static let manyNots = String(repeating: "!", count: 70) + "a"
    static let deepInterpolation = String(repeating: #"'\("#, count: 70) + "1" + String(repeating: #")'"#, count: 70)

    static let failures: [Failure] = [
        syntax("'abc", 1, "unterminated string literal"),
        syntax("1 + 'abc", 5, "unterminated string literal"),
        syntax(#"'a\'"#, 1, "unterminated string literal"),
        syntax("1 +", 4, "expected a value, found the end"),
        syntax("1 2", 3, "unexpected '2' after the expression"),
        syntax("(1 + 2", 7, "expected ')' to close '(' at column 1"),
        syntax("double(1, 2", 12, "expected ',' or ')' in the arguments of double"),
        syntax("[1, 2", 6, "expected ',' or ']'"),
        syntax("items[0", 8, "expected ']' to close '['"),
        syntax("name.reverse()", 6, "unknown method 'reverse'"),
        syntax("name.count()", 6, "count is a property"),
        syntax("name.lowercased(1)", 6, "lowercased() takes 0 arguments"),
        syntax("name.contains()", 6, "contains() takes 1 argument"),
        syntax("name.contains(x: 1)", 15, "takes no argument labels"),
        syntax("1 < 2 < 3", 7, "cannot be chained"),
        syntax("a = b", 3, "unexpected character '='"),
        syntax("a & b", 3, "did you mean '&&'"),
        syntax("a ? 1", 6, "expected ':'"),
        syntax(#"'\q'"#, 2, "unknown escape"),
        syntax(#"'\u{zz}'"#, 2, "invalid unicode escape"),
        syntax(#"'\(1 + 2'"#, 9, "unterminated string literal"),
        syntax(#"'\(1 + 2"#, 9, "missing ')' to close '\\(' at column 2"),
        syntax(#"'\(})'"#, 4, "unexpected '}'"),
        syntax("String(1)", 1, "String(format:"),
        syntax("a }", 3, "unexpected '}'"),
        syntax("", 1, "expected a value"),
        syntax("user.", 6, "expected a member name"),
        syntax("items.@bogus", 7, "unknown collection operator"),
        syntax("99999999999999999999", 1, "too large"),
        syntax("a # b", 3, "unexpected character '#'"),
        syntax(nestedParens, 65, "nested too deeply"),
        syntax(longChain, 128, "nested too deeply"),
        syntax(manyNots, 65, "nested too deeply"),
        syntax(deepInterpolation, 191, "nested too deeply"),
        evaluation("1 / 0", 3, "division by zero"),
        evaluation("1.5 % 0", 5, "division by zero"),
        evaluation("count / zero", 7, "division by zero"),
        evaluation("'a' * 2", 5, "cannot apply '*' to a string and a number"),
        evaluation("user - 1", 6, "cannot apply '-'"),
        evaluation("-name", 1, "cannot negate a string"),
        evaluation("'a' < 1", 5, "cannot compare a string with a number"),
        evaluation("unknownFn(1)", 1, "unknown function 'unknownFn'"),
        evaluation("fail()", 1, "fail(): boom"),
        evaluation("name.matches('(')", 6, "invalid regular expression"),
        evaluation("String(format: '%d', name)", 1, "needs a number"),
        evaluation("String(format: '%d %d', 1)", 1, "more placeholders"),
        evaluation("String(format: '%d', 1, 2)", 1, "1 placeholder(s) but 2"),
        evaluation("String(format: '%n', 1)", 1, "does not support '%n'"),
        evaluation("String(format: '%999d', 1)", 1, "at most 100"),
        evaluation("String(format: 5)", 1, "needs a string format"),
        evaluation("count.lowercased()", 7, "needs a string, found a number"),
        evaluation("name.contains(1)", 6, "needs a string argument"),
        evaluation("zero.count", 6, "count needs a string"),
        evaluation("9223372036854775807 + 1", 21, "integer overflow"),
        evaluation("items[name]", 6, "must be an integer"),
        evaluation("count[i]", 6, "cannot index a number"),
        evaluation("1 + 2 + 3 + 4", 7, "more than 5 evaluation steps", steps: 5),
        evaluation("[1, 2, 3]", nil, "more than 3 evaluation steps", steps: 3),
        evaluation("a ? 1 / 0 : 2", 7, "division by zero"),
    ]

    @Test(arguments: failures)
    func fails(_ failure: Failure) {
        do {
            let value = try ExpressionFixture.run(failure.source, stepLimit: failure.stepLimit)
            Issue.record("\(failure.source) gave \(value), expected an error")
        } catch {
            #expect(error.kind == failure.kind)
            #expect(error.column == failure.column)
            #expect(error.message.contains(failure.message), "\(error.message)")
            #expect(error.source == failure.source)
        }
    }

    @Test func descriptionNamesKindColumnAndSource() {
        let error = #expect(throws: ExpressionError.self) { try FormExpression(parsing: "1 +* 2") }
        #expect(error?.description == "syntax error at column 4 in '1 +* 2': expected a value, found '*'")
    }
}
