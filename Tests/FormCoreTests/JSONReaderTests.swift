import Foundation
import Testing

@testable import FormCore

/// The JSON reader and writer on valid input: order, numbers, strings, depth, round trips.
@Suite struct JSONReaderTests {
    @Test func keepsKeyOrder() throws {
        let value = try JSONReader.parse(#"{"zeta":1,"alpha":{"y":2,"b":3,"m":4},"mid":[{"k2":0,"k1":0}]}"#)
        #expect(Array(try #require(value.objectValue).keys) == ["zeta", "alpha", "mid"])
        #expect(Array(try #require(value["alpha"]?.objectValue).keys) == ["y", "b", "m"])
        #expect(Array(try #require(value["mid"]?[0]?.objectValue).keys) == ["k2", "k1"])
        #expect(JSONWriter.string(value) == #"{"zeta":1,"alpha":{"y":2,"b":3,"m":4},"mid":[{"k2":0,"k1":0}]}"#)
    }

    @Test func duplicateKeysKeepTheFirstPositionAndTheLastValue() throws {
        let value = try JSONReader.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value == ["a": 3, "b": 2])
        #expect(Array(try #require(value.objectValue).keys) == ["a", "b"])
    }

    @Test(arguments: [
        ("0", FormValue.int(0)), ("-7", .int(-7)), ("123456789012345678", .int(123_456_789_012_345_678)),
        ("9223372036854775807", .int(Int.max)), ("-9223372036854775808", .int(Int.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808.0)), ("1e400000", nil),
        ("100000000000000000000000", .double(1e23)), ("1.5", .double(1.5)), ("-0.25", .double(-0.25)),
        ("1e3", .double(1000)), ("2E-2", .double(0.02)), ("6.02e+23", .double(6.02e23)), ("1.0", .double(1)),
    ] as [(String, FormValue?)])
    func numbers(text: String, expected: FormValue?) throws {
        if let expected {
            let value = try JSONReader.parse(text)
            // FormValue's == compares cases, so an integer read as a double would fail here.
            #expect(value == expected)
            #expect(isInteger(value) == isInteger(expected))
        } else {
            #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(text) }
        }
    }

    func isInteger(_ value: FormValue) -> Bool {
        if case .int = value { return true }
        return false
    }

    @Test func negativeZero() throws {
        // `-0` is the integer zero; `-0.0` keeps its sign through a round trip.
        #expect(try JSONReader.parse("-0") == .int(0))
        let negative = try JSONReader.parse("-0.0")
        guard case .double(let d) = negative else { Issue.record("expected a double, got \(negative)"); return }
        #expect(d == 0 && d.sign == .minus)
        #expect(JSONWriter.string(negative) == "-0.0")
    }

    @Test func writesDoublesSoTheyReadBackAsDoubles() throws {
        for d in [0.1, 1.0, -2.0, 1e-7, 1e21, 123456.789, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude] {
            let text = JSONWriter.string(.double(d))
            #expect(try JSONReader.parse(text) == .double(d), "\(d) written as \(text)")
            #expect(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? Double == d)
        }
        #expect(JSONWriter.string(.double(.nan)) == "null")
        #expect(JSONWriter.string(.double(.infinity)) == "null")
    }

    @Test func stringEscapes() throws {
        let value = try JSONReader.parse(#""q\" b\\ s\/ \b\f\n\r\t nul\u0000 e\u00e9 \u20AC""#)
        #expect(value == .string("q\" b\\ s/ \u{08}\u{0C}\n\r\t nul\u{0} eé €"))
    }

    @Test func surrogatePairsAndEmoji() throws {
        #expect(try JSONReader.parse(#""\ud83d\ude00""#) == "😀")
        #expect(try JSONReader.parse(#""\uD834\uDD1E clef""#) == "𝄞 clef")
        #expect(try JSONReader.parse("\"👩‍👩‍👧 raw\"") == "👩‍👩‍👧 raw")
        // Written raw (UTF-8), not escaped: JSON allows it and people read the files.
        #expect(JSONWriter.string("😀") == "\"😀\"")
    }

    @Test func controlCharactersAreEscapedOnOutput() throws {
        let text = JSONWriter.string("a\u{0}b\u{1F}c\n\"\\")
        #expect(text == #""a\u0000b\u001fc\n\"\\""#)
        #expect(try JSONReader.parse(text) == "a\u{0}b\u{1F}c\n\"\\")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONReader.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)) == ["a": 1])
        #expect(try JSONReader.parse("\u{FEFF}[true]") == [true])
    }

    @Test func whitespaceAndLiterals() throws {
        #expect(try JSONReader.parse(" \t\r\n[ true , false , null ]\r\n ") == [true, false, nil])
        #expect(try JSONReader.parse("{}") == .emptyObject)
        #expect(try JSONReader.parse("[]") == [])
        #expect(try JSONReader.parse(#""""#) == "")
    }

    @Test func depthLimit() throws {
        let limit = JSONReader.maximumDepth
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONReader.parse(atLimit) }
        let beyond = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = try #require(throws: JSONSyntaxError.self) { try JSONReader.parse(beyond) }
        #expect(error.line == 1 && error.column == limit + 1)
        #expect(error.message.contains("nesting deeper than \(limit)"))
        // Objects count too, mixed with arrays.
        let mixed = String(repeating: #"{"a":["#, count: limit / 2 + 1) + String(repeating: "]}", count: limit / 2 + 1)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(mixed) }
    }

    @Test func prettyOutputReadsBack() throws {
        let value: FormValue = ["a": [1, ["b": nil]], "c": "d", "e": [], "f": .emptyObject]
        let pretty = JSONWriter.string(value, style: .pretty)
        #expect(pretty == """
            {
              "a": [
                1,
                {
                  "b": null
                }
              ],
              "c": "d",
              "e": [],
              "f": {}
            }
            """)
        #expect(try JSONReader.parse(pretty) == value)
    }

    @Test func locationsByPath() throws {
        let text = """
            {"title": "x",
              "sections": [
                {"elements": [ {"type": "entry"} ]}
              ]
            }
            """
        let (_, locations) = try JSONReader.parseWithLocations(text)
        #expect(locations[""] == SourceLocation(line: 1, column: 1))
        #expect(locations["title"] == SourceLocation(line: 1, column: 11))
        #expect(locations["sections"] == SourceLocation(line: 2, column: 15))
        #expect(locations["sections[0]"] == SourceLocation(line: 3, column: 5))
        #expect(locations["sections[0].elements[0].type"] == SourceLocation(line: 3, column: 29))
    }

    @Test func agreesWithFoundationOnTheSamples() throws {
        for name in Fixture.sampleNames {
            let text = try Fixture.text(name)
            let ours = try JSONReader.parse(text)
            let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8))
            let reparsed = try JSONSerialization.jsonObject(with: Data(JSONWriter.string(ours).utf8))
            #expect((theirs as? NSDictionary) == (reparsed as? NSDictionary), "\(name)")
            #expect(try JSONReader.parse(JSONWriter.string(ours)) == ours)
        }
    }
}
