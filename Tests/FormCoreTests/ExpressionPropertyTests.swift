import Testing
@testable import FormCore

/// Property strings: literal, whole expression (typed), template (string), and error columns.
@Suite struct ExpressionPropertyTests {
    static let context = ExpressionFixture.context()

    static let values: [(String, FormValue)] = [
        ("plain text", "plain text"),
        ("an @ sign and a { brace }", "an @ sign and a { brace }"),
        ("@{count * 2}", 6),
        ("@{a}", true),
        ("@{nobody}", nil),
        ("Hello @{user.name}!", "Hello Ada Lovelace!"),
        ("@{count} items", "3 items"),
        ("[@{nobody}]", "[]"),
        ("@{name}@{name}", "BobBob"),
        ("@{ '}' + name }", "}Bob"),
        ("total @{items[0].price * 2} / @{pi}", "total 3 / 3.14159"),
        (" @{count}", " 3"),
        ("@{user.age >= 18 ? visible : gone}", "visible"),
    ]

    @Test(arguments: values)
    func evaluates(_ text: String, _ expected: FormValue) throws {
        let property = try PropertyExpression(parsing: text)
        #expect(try property.evaluate(in: Self.context) == expected)
        #expect(property.text == text)
        #expect(PropertyExpression.containsExpression(text) == text.contains("@{"))
    }

    @Test func shapes() throws {
        #expect(try PropertyExpression(parsing: "x") == .literal("x"))
        #expect(try PropertyExpression(parsing: "@{a}") == .expression(try FormExpression(parsing: "a")))
        let template = try PropertyExpression(parsing: "Hi @{name}!")
        #expect(template == .template([.text("Hi "), .expression(try FormExpression(parsing: "name")), .text("!")]))
    }

    static let failures: [(String, Int, String)] = [
        ("Hi @{name", 10, "missing '}' to close '@{' at column 4"),
        ("Hi @{'name}", 6, "unterminated string literal"),
        ("ab @{1 +} cd", 9, "expected a value, found '}'"),
        ("@{}", 3, "expected a value"),
        ("x @{a b}", 7, "unexpected 'b'"),
        ("@{name.nope()}", 8, "unknown method 'nope'"),
    ]

    @Test(arguments: failures)
    func syntaxErrorsCountColumnsInTheWholeString(_ text: String, _ column: Int, _ message: String) {
        do {
            _ = try PropertyExpression(parsing: text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.column == column)
            #expect(error.source == text)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    static let evaluationFailures: [(String, Int)] = [
        ("@{1 / zero}", 5),
        ("ab @{1} cd @{2 / 0} x", 16),
        ("é @{'a' * 2}", 9),
    ]

    @Test(arguments: evaluationFailures)
    func evaluationErrorsCountColumnsInTheWholeString(_ text: String, _ column: Int) throws {
        let property = try PropertyExpression(parsing: text)
        let error = #expect(throws: ExpressionError.self) { try property.evaluate(in: Self.context) }
        #expect(error?.kind == .evaluation)
        #expect(error?.column == column)
        #expect(error?.source == text)
    }
}
