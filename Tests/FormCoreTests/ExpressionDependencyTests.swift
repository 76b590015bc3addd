import Testing
@testable import FormCore

/// What the dependency graph is told an expression reads.
@Suite struct ExpressionDependencyTests {
    static let cases: [(String, [String])] = [
        ("1 + 2", []),
        ("user?.name.count", ["user.name"]),
        ("a + b * a", ["a", "b"]),
        ("items[0].title", ["items[0].title"]),
        ("items[i].title", ["items", "i"]),
        ("(a ?? b).name", ["a", "b"]),
        ("c ? x : y", ["c", "x", "y"]),
        (#"'\(count) items from \(user.name)'"#, ["count", "user.name"]),
        ("name.lowercased().hasPrefix(prefix)", ["name", "prefix"]),
        ("String(format: fmt, price, qty)", ["fmt", "price", "qty"]),
        ("double(total) + [extra].count", ["total", "extra"]),
        ("items.@sum.price > limit", ["items.@sum.price", "limit"]),
        ("user['name'] == user.name", ["user.name"]),
        ("!hidden && -amount < 0", ["hidden", "amount"]),
        ("self.name + self", ["name", "self"]),
    ]

    @Test(arguments: cases)
    func reports(_ source: String, _ expected: [String]) throws {
        let paths = try FormExpression(parsing: source).dependencies
        let expectedPaths = try expected.map { text throws in try ValuePath(parsing: text) }
        #expect(paths == expectedPaths, "\(source): \(paths.map(\.description))")
    }

    @Test func propertyTemplateUnitesItsExpressions() throws {
        let property = try PropertyExpression(parsing: "@{first} @{last} (@{first.count})")
        #expect(property.dependencies.map(\.description) == ["first", "last"])
        #expect(try PropertyExpression(parsing: "plain").dependencies.isEmpty)
    }
}
