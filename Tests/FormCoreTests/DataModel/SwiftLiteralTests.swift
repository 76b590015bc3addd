import Testing

@testable import FormCore

/// `defaultValue` is read as a Swift literal, as SwiftJsonUI writes it, and nothing else.
@Suite struct SwiftLiteralTests {
    /// SwiftJsonUI's class table: each row's default, as its documentation writes it.
    @Test(arguments: [
        ("\"Guest\"", FormValue.string("Guest")),
        ("\"\"", .string("")),
        ("false", .bool(false)),
        ("true", .bool(true)),
        ("0", .int(0)),
        ("0.0", .double(0)),
        ("[1, 2, 3]", .array([1, 2, 3])),
        ("[\"key\": \"value\"]", .object(["key": "value"])),
        ("nil", .null),
    ])
    func classTableDefaultsAreRead(literal: String, expected: FormValue) throws {
        #expect(try SwiftLiteral.parse(literal) == expected)
    }

    @Test(arguments: [
        ("\"a\\nb\\tc\\rd\\0e\"", FormValue.string("a\nb\tc\rd\0e")),
        ("\"quote \\\" backslash \\\\ apostrophe \\'\"", .string("quote \" backslash \\ apostrophe '")),
        ("\"\\u{1F600} \\u{E9}\"", .string("\u{1F600} \u{E9}")),
        ("\"café 😀\"", .string("café 😀")),
        ("#\"raw \\n \"quoted\"\"#", .string("raw \\n \"quoted\"")),
        ("#\"escaped \\#n\"#", .string("escaped \n")),
        ("\"\"\"\n    line one\n      indented \\\"\"\"\n    \"\"\"", .string("line one\n  indented \"\"\"")),
        ("\"\"\"\n  joined \\\n  here\n  \"\"\"", .string("joined here")),
        ("\"\"\"\n\"\"\"", .string("")),
        // Read as Swift's lexer reads source, by Unicode scalars: a combining mark after an
        // escaped quote is text, and CRLF line breaks are line breaks.
        ("\"\\\"\u{301}\"", .string("\"\u{301}")),
        ("\"\"\"\r\n  a\r\n  b\r\n  \"\"\"", .string("a\nb")),
    ])
    func stringsTakeSwiftsEscapes(literal: String, expected: FormValue) throws {
        #expect(try SwiftLiteral.parse(literal) == expected)
    }

    @Test(arguments: [
        ("-3", FormValue.int(-3)),
        ("1_000_000", .int(1_000_000)),
        ("0x1F", .int(31)),
        ("0xff_ff", .int(65535)),
        ("0o17", .int(15)),
        ("0b1010", .int(10)),
        ("-0b1", .int(-1)),
        ("2.5", .double(2.5)),
        ("1e3", .double(1000)),
        ("1_0.2_5E-1", .double(1.025)),
        ("0x1p4", .double(16)),
        ("0x1.8p1", .double(3)),
        ("007", .int(7)),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
    ])
    func numbersAreReadAsSwiftReadsThem(literal: String, expected: FormValue) throws {
        #expect(try SwiftLiteral.parse(literal) == expected)
    }

    @Test func collectionsNestAndTakeTrailingCommas() throws {
        #expect(try SwiftLiteral.parse("[]") == [])
        #expect(try SwiftLiteral.parse("[:]") == .emptyObject)
        #expect(try SwiftLiteral.parse("[ [1, 2,], [\"a\": [nil, true]], ]") == [[1, 2], ["a": [nil, true]]])
        #expect(try SwiftLiteral.parse("[1: \"one\", 2.5: \"half\", true: \"yes\"]") == ["1": "one", "2.5": "half", "true": "yes"])
        #expect(try SwiftLiteral.parse("  [\n  \"b\": 2,\n  \"a\": 1\n]  ") == .object(["b": 2, "a": 1]))
    }

    /// Anything that would need running code is refused, naming it and saying only literals are taken.
    @Test(arguments: [
        ("Date()", "Date() is a call"),
        ("User(name: \"John\")", "User(name: \"John\") is a call"),
        ("CGRect(x: 0, y: 0, width: 1, height: 1)", "CGRect(x: 0, y: 0, width: 1, height: 1) is a call"),
        ("\"x\".uppercased()", "\"x\".uppercased() is a call"),
        ("\"\\(n)\"", "\"\\(n)\" is string interpolation"),
        ("#\"\\#(n)\"#", "#\"\\#(n)\"# is string interpolation"),
        ("\"\"\"\n  a \\(n)\n  \"\"\"", "is string interpolation"),
        ("CGFloat.pi", "CGFloat.pi is a member access"),
        (".zero", ".zero is a member access"),
        ("1 + 1", "1 + 1 uses an operator"),
        ("-x", "-x uses an operator"),
        ("!true", "!true uses an operator"),
        ("[1, 2][0]", "[1, 2][0] is a subscript"),
        ("[1, f()]", "f() is a call"),
        ("[\"k\": Date()]", "Date() is a call"),
        ("{ 1 }", "{ 1 } is a closure"),
        ("(1)", "(1) is a parenthesized expression"),
        ("#file", "#file is a compiler directive"),
        ("Guest", "Guest is a name"),
    ])
    func codeIsRefused(literal: String, start: String) {
        #expect {
            _ = try SwiftLiteral.parse(literal)
        } throws: { error in
            let message = (error as? SwiftLiteralError)?.message ?? ""
            return message.contains(start) && message.contains(": only literals are taken (strings, numbers, true, false, nil, and arrays and dictionaries of them)")
        }
    }

    @Test func aBareWordSaysHowToWriteText() throws {
        let error = try #require(throws: SwiftLiteralError.self) { try SwiftLiteral.parse("Guest") }
        #expect(error.message == "Guest is a name: only literals are taken (strings, numbers, true, false, nil, and arrays and dictionaries of them); text is written in quotes (\"\\\"Guest\\\"\")")
        #expect(error.offset == 0)
    }

    @Test func theErrorSaysWhere() throws {
        let call = try #require(throws: SwiftLiteralError.self) { try SwiftLiteral.parse("[1, 2, Date()]") }
        #expect(call.offset == 7)
        let multiline = try #require(throws: SwiftLiteralError.self) { try SwiftLiteral.parse("[\n  1,\n  x\n]") }
        #expect(multiline.description.hasSuffix("(line 3, column 3 of the literal)"))
    }

    /// Mistakes that are no code still get a clear message.
    @Test(arguments: [
        ("", "no literal"),
        ("[,]", "expected a literal, found ','"),
        ("[\"a\": ]", "expected a literal, found ']'"),
        ("   ", "no literal"),
        ("\"open", "the string literal is not closed on its line"),
        ("\"a\nb\"", "the string literal is not closed on its line"),
        ("\"\\q\"", "'\\q' is no escape Swift knows"),
        ("\"\\u{110000}\"", "\\u{110000} is no Unicode scalar"),
        ("\"\\u{}\"", "\\u is written \\u{...}"),
        ("[1, 2", "the '[' is never closed"),
        ("[1 2]", "expected ',' or ']' in the array literal, found '2'"),
        ("[\"a\": 1, 2]", "expected ':' after a key"),
        ("[1, \"a\": 2]", "unexpected ':' in an array literal"),
        ("[\"a\": 1, \"a\": 2]", "the key \"a\" is written twice"),
        ("[nil: 1]", "nil is no dictionary key"),
        ("[[1]: 1]", "an array is no dictionary key"),
        ("0x", "0x is no number"),
        ("0b102", "0b102 is no number"),
        ("12abc", "12abc is no number"),
        ("0x1.8", "a hexadecimal fraction needs an exponent"),
        ("1e999", "1e999 is too large for a Double"),
        ("1 2", "unexpected '2' after the literal"),
        ("1 as Double", "1 as Double is no literal"),
        ("\"\"\" a\n\"\"\"", "starts on the line after its opening"),
        ("\"\"\"\n  a\n b\n  \"\"\"", "line 2 of the multi-line string literal is indented less"),
        ("\"\"\"\n  a \"\"\"", "stands on its own line"),
    ])
    func malformedLiteralsAreRefusedClearly(literal: String, expected: String) {
        #expect {
            _ = try SwiftLiteral.parse(literal)
        } throws: { error in
            ((error as? SwiftLiteralError)?.message ?? "").contains(expected)
        }
    }

    /// A literal costs time in proportion to its length, escapes and all.
    @Test func longLiteralsAreReadInLinearTime() {
        let escapes = "\"\"\"\n" + String(repeating: "\\n", count: 32_000) + "\n\"\"\""
        let items = "[" + String(repeating: "\"\\u{1F600}\", ", count: 4_000) + "]"
        let read = finishes(within: 5, "reading long literals") {
            (try SwiftLiteral.parse(escapes), try SwiftLiteral.parse(items))
        }
        #expect(read?.0 == .string(String(repeating: "\n", count: 32_000)))
        #expect(read?.1.arrayValue?.count == 4_000)
    }

    @Test func sizeAndNestingAreBounded() throws {
        let deep = String(repeating: "[", count: SwiftLiteral.maximumNesting + 1) + String(repeating: "]", count: SwiftLiteral.maximumNesting + 1)
        let deepError = try #require(throws: SwiftLiteralError.self) { try SwiftLiteral.parse(deep) }
        #expect(deepError.message.contains("nests more than 32 levels"))
        let fits = String(repeating: "[", count: SwiftLiteral.maximumNesting) + String(repeating: "]", count: SwiftLiteral.maximumNesting)
        #expect(throws: Never.self) { try SwiftLiteral.parse(fits) }
        let long = "\"" + String(repeating: "a", count: SwiftLiteral.maximumLength) + "\""
        let longError = try #require(throws: SwiftLiteralError.self) { try SwiftLiteral.parse(long) }
        #expect(longError.message.contains("longer than 65536 characters"))
    }
}
