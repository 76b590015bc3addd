import Testing

@testable import FormCore

/// What the reader does with hostile input: invalid UTF-8 is an error that says where it is
/// (never a U+FFFD stored as if typed), and positions on very long lines cost one pass.
@Suite struct JSONReaderInputTests {
    /// (bytes, line, column, byte offset): each one's first bad byte.
    static let invalid: [([UInt8], Int, Int, Int)] = [
        (Array(#"{"a":"x"#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), 1, 8, 7),   // in a plain string
        (Array(#"["\n",""#.utf8) + [0x80] + Array(#""]"#.utf8), 1, 8, 7),           // a stray continuation byte
        (Array("[\"\\t".utf8) + [0xC3] + Array("\"]".utf8), 1, 5, 4),               // cut short, after an escape
        (Array("{\"".utf8) + [0xC0, 0x80] + Array("\":1}".utf8), 1, 3, 2),          // an overlong form, in a key
        (Array("[\n\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), 2, 2, 3),    // a UTF-16 surrogate
        (Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8), 1, 3, 2), // past U+10FFFF
        (Array("[".utf8) + [0xFF] + Array("]".utf8), 1, 2, 1),                      // outside a string
        (Array("\"é".utf8) + [0xE2, 0x82], 1, 3, 3),                                 // cut short by the end
    ]

    @Test func invalidUTF8IsAnErrorNamingLineColumnAndByteOffset() {
        for (bytes, line, column, offset) in Self.invalid {
            let error = #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes: bytes) }
            #expect(error?.line == line && error?.column == column, "\(bytes): \(String(describing: error))")
            #expect(error?.message.contains("invalid UTF-8") == true, "\(bytes): \(error?.message ?? "")")
            #expect(error?.message.contains("byte offset \(offset)") == true, "\(bytes): \(error?.message ?? "")")
            let located = #expect(throws: JSONSyntaxError.self) { try JSONReader.parseWithLocations(bytes: bytes) }
            #expect(located == error)
        }
    }

    @Test func validUTF8OfEveryLengthReadsBack() throws {
        let text = #"{"k\u00e9y":"aé€😀","ü":["中文", "\ud83d\ude00"]}"#
        let value = try JSONReader.parse(bytes: Array(text.utf8))
        #expect(value == ["kéy": "aé€😀", "ü": ["中文", "😀"]])
    }

    /// 8,000 elements minified on one line: every value's column is found in one pass (this took
    /// minutes when each column was counted from the start of the line).
    @Test func positionsOnOneLongLineAreLinear() {
        let element = #"{"type":"entry","key":"k","title":"Fïeld"}"#
        let text = #"{"sections":[{"elements":["# + Array(repeating: element, count: 8_000).joined(separator: ",") + "]}]}"
        let locations = finishes(within: 10, "locations of 8,000 elements on one line") {
            try JSONReader.parseWithLocations(text).1
        }
        guard let locations else { return }
        // Columns count scalars: each element is 42 of them plus its comma.
        let start = #"{"sections":[{"elements":["#.count + 1
        #expect(locations["sections[0].elements[7999]"] == SourceLocation(line: 1, column: start + 7_999 * 43))
        #expect(locations["sections[0].elements[7999].title"] == SourceLocation(line: 1, column: start + 7_999 * 43 + 34))
    }

    @Test func positionsAfterAVeryLongStringAreRight() throws {
        let title = String(repeating: "é", count: 5_000_000)
        let text = "{\"title\": \"\(title)\",\n  \"sections\": [], \"x\": 1}"
        let locations = try JSONReader.parseWithLocations(text).1
        #expect(locations["sections"] == SourceLocation(line: 2, column: 15))
        #expect(locations["x"] == SourceLocation(line: 2, column: 24))
    }
}
