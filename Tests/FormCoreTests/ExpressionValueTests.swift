import Testing
@testable import FormCore

/// Expressions and the exact values they give (type included: 3 is not 3.0).
@Suite struct ExpressionValueTests {
    static let cases: [(String, FormValue)] = [
        // Precedence and associativity.
        ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 4 - 3", 3), ("2 * 3 % 4", 2), ("-2 * 3", -6),
        ("-(-2)", 2), ("7 / 2", 3), ("7.0 / 2", 3.5), ("7 % 3", 1), ("1 + 2.5", 3.5), ("7.5 % 2", 1.5),
        ("!a && b || c", true), ("!(a && b)", true), ("a || b && false", true), ("b && fail()", false),
        ("a || fail()", true), ("true ? 1 : false ? 2 : 3", 1), ("false ? 1 : false ? 2 : 3", 3),
        ("false ? 1 : true ? 2 : 3", 2), ("zero ?? 5 > 4", false), ("missing ?? 5 > 4", true),
        ("missing ?? nothing ?? 'last'", "last"), ("1 + 2 == 3", true), ("a ? 'yes' : 'no'", "yes"),
        // Key paths, optional chaining, count.
        ("user?.name", "Ada Lovelace"), ("nobody?.name", nil), ("nobody.name.first", nil),
        ("nobody?.name ?? 'anon'", "anon"), ("nobody?.name.count", 0), ("items[0].title", "Pen"),
        ("items.1.title", "Ink"), ("items[5].title", nil), ("items.count", 2), ("name.count", 3),
        ("user.count", 3), ("items[i].title", "Ink"), ("user['name']", "Ada Lovelace"),
        ("items.@sum.price", 3.5), ("(nobody ?? user).name", "Ada Lovelace"),
        // Comparisons across types.
        ("1 == 1.0", true), ("2 > 1.5", true), ("1 != 1.0", false), ("'a' < 'b'", true), ("'a' == 1", false),
        ("nil == nil", true), ("nobody == nil", true), ("nobody > 3", false), ("[1, 2] == [1.0, 2]", true),
        ("3 >= 3", true), ("2 <= 1", false), ("user.age >= 18", true), ("true == 1", false),
        // Strings, concatenation and interpolation.
        ("'Hello, ' + user.name", "Hello, Ada Lovelace"), ("'n=' + 5", "n=5"), ("1.5 + 'x'", "1.5x"),
        ("'x' + nobody", "x"), ("[1] + [2]", [1, 2]), (#"'\(count) items'"#, "3 items"),
        (#""total: \(items[0].price * 2)""#, "total: 3"), (#"'nested \('in \(1 + 1)')'"#, "nested in 2"),
        (#"'it\'s'"#, "it's"), (#""tab\tend""#, "tab\tend"), (#"'\u{41}'"#, "A"), (#"'a\\b'"#, #"a\b"#),
        ("'}' + '{'", "}{"),
        // The method library.
        ("user.name.lowercased()", "ada lovelace"), ("name.uppercased()", "BOB"),
        ("user.email.trimmed()", "ADA@Example.com"), ("user.name.contains('Love')", true),
        ("tags.contains('y')", true), ("[1, 2].contains(2.0)", true), ("user.name.hasPrefix('Ada')", true),
        ("user.name.hasSuffix('Ada')", false), ("user.email.trimmed().matches('[a-z]+@.*')", false),
        (#"user.email.trimmed().matches('[^@ ]+@[^@ ]+\\.[A-Za-z]+')"#, true), ("name.matches('B.b')", true),
        ("name.matches('o')", false), ("nobody.lowercased()", nil), ("user.name.lowercased().hasPrefix('ada')", true),
        // String(format:).
        ("String(format: '%.2f', pi)", "3.14"), ("String(format: '%.2f', price)", "2.67"),
        ("String(format: '%d items', count)", "3 items"), ("String(format: '%05d|%-4s|%x', 42, 'ab', 255)", "00042|ab  |ff"),
        ("String(format: '%s is %@%%', name, 50)", "Bob is 50%"), ("String(format: '%+.1f', 2)", "+2.0"),
        ("String(format: '%f', 1.0 / 3)", "0.333333"), ("String(format: '%.0f', 0.5)", "0"),
        ("String(format: '%.0f', 1.5)", "2"), ("String(format: '%.3f', -1e-10)", "-0.000"),
        ("String(format: '%.1f', 1e20)", "100000000000000000000.0"), ("String(format: '%8.3f', -3.14159)", "  -3.142"),
        ("String(format: '%ld/%i/%X', 7, 8.9, 255)", "7/8/FF"), ("String(format: '%.2s', 'abc')", "ab"),
        // Host functions, arrays, constants, truthiness.
        ("double(21)", 42), ("join(name, '!')", "Bob!"), ("[1, 'a', nil]", [1, "a", nil]), ("[]", []),
        ("[1, 2].count", 2), ("visible", "visible"), ("gone", "gone"), ("user.age >= 18 ? visible : gone", "visible"),
        ("nil", nil), ("null", nil), ("!empty", true), ("tags ? 'has' : 'none'", "has"), ("zero || 'x'", true),
        ("!zero", true), ("!user", false), ("1e3", 1000.0), ("2.5e-1", 0.25), ("items[1]['price']", 2), ("items.title", ["Pen", "Ink"]),
        ("self.name", "Bob"), ("self.count", 13),
    ]

    @Test(arguments: cases)
    func evaluates(_ source: String, _ expected: FormValue) throws {
        let value = try ExpressionFixture.run(source)
        #expect(value == expected, "\(source)")
    }

    @Test func tableIsLargeEnough() {
        #expect(Self.cases.count >= 60)
    }
}
