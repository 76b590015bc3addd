import Testing

@testable import FormCore

/// Every syntax error names the line and column a person must look at, and says what was wrong.
@Suite struct JSONSyntaxErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { "\(message) in \(text.debugDescription)" }
    }

    static let cases: [Case] = [
        Case(text: #"{"a":1,}"#, line: 1, column: 8, message: "trailing comma before '}'"),
        Case(text: "[1,2,]", line: 1, column: 6, message: "trailing comma before ']'"),
        Case(text: #"{"a" 1}"#, line: 1, column: 6, message: #"expected ':' after the member name "a""#),
        Case(text: "{a:1}", line: 1, column: 2, message: "expected a member name in double quotes"),
        Case(text: "[1 2]", line: 1, column: 4, message: "expected ',' or ']' after an array element"),
        Case(text: #"{"a":1 "b":2}"#, line: 1, column: 8, message: "expected ',' or '}' after an object member"),
        Case(text: #""abc"#, line: 1, column: 5, message: "unterminated string"),
        Case(text: "{\n  \"a\": tru\n}", line: 2, column: 8, message: "unexpected 't', expected a value"),
        Case(text: "01", line: 1, column: 1, message: "leading zero"),
        Case(text: "-", line: 1, column: 2, message: "expected a digit in a number"),
        Case(text: "[1.]", line: 1, column: 4, message: "expected a digit after the decimal point"),
        Case(text: "1e", line: 1, column: 3, message: "expected a digit in the exponent"),
        Case(text: "1e999", line: 1, column: 1, message: "the number 1e999 is out of range"),
        Case(text: #""a\x""#, line: 1, column: 4, message: #"invalid escape '\x'"#),
        Case(text: #""\u12G4""#, line: 1, column: 6, message: "expected four hex digits after \\u"),
        Case(text: #""\ud800""#, line: 1, column: 8, message: "lone UTF-16 surrogate"),
        Case(text: #""\udc00""#, line: 1, column: 8, message: "lone UTF-16 surrogate"),
        Case(text: #""\ud800\u0041""#, line: 1, column: 14, message: "invalid UTF-16 surrogate pair"),
        Case(text: "\"a\tb\"", line: 1, column: 3, message: "control character (byte 0x9) must be escaped"),
        Case(text: "\"a\\n\nb\"", line: 1, column: 5, message: "control character (byte 0xa) must be escaped"),
        Case(text: "[1] x", line: 1, column: 5, message: "unexpected 'x' after the end of the document"),
        Case(text: "", line: 1, column: 1, message: "the document is empty"),
        Case(text: "  \n  ", line: 2, column: 3, message: "the document is empty"),
        Case(text: #"{"a":"#, line: 1, column: 6, message: "unexpected end of input, expected a value"),
        Case(text: "[1,", line: 1, column: 4, message: "unexpected end of input, expected a value"),
        Case(text: #"{"a":1"#, line: 1, column: 7, message: "expected ',' or '}' to close an object"),
        Case(text: "[1", line: 1, column: 3, message: "expected ',' or ']' to close an array"),
        // Columns count characters, not UTF-8 bytes.
        Case(text: #"{"é😀": x}"#, line: 1, column: 8, message: "unexpected 'x', expected a value"),
        // Windows line endings count one line per CRLF.
        Case(text: "{\r\n\"a\":\r\n@}", line: 3, column: 1, message: "unexpected '@', expected a value"),
        // The byte order mark is invisible in an editor: the first character is column 1.
        Case(text: "\u{FEFF}x", line: 1, column: 1, message: "unexpected 'x', expected a value"),
        Case(text: "\u{FEFF}{\n\"a\" 1}", line: 2, column: 5, message: "expected ':'"),
    ]

    @Test(arguments: cases)
    func reportsLineColumnAndReason(_ c: Case) throws {
        let error = try #require(throws: JSONSyntaxError.self) { try JSONReader.parse(c.text) }
        #expect(error.line == c.line)
        #expect(error.column == c.column)
        #expect(error.message.contains(c.message), "message was: \(error.message)")
        // The same error whichever entry point reads the text.
        let viaBytes = try #require(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes: Array(c.text.utf8)) }
        #expect(viaBytes == error)
        let viaLocations = try #require(throws: JSONSyntaxError.self) { try JSONReader.parseWithLocations(c.text) }
        #expect(viaLocations == error)
    }

    @Test func descriptionReadsAsLineColumnMessage() {
        let error = JSONSyntaxError(line: 3, column: 9, message: "trailing comma before '}'")
        #expect(error.description == "line 3, column 9: trailing comma before '}'")
    }
}
