import Testing

@testable import FormCore

/// The shortcuts on the way from an answer to a stored row give what the long ways give:
/// transforms over ASCII bytes, one walk to set a field's value, and stored values written as
/// JSON with hidden and secure fields skipped rather than removed from a copy.
struct StoredValuesWritingTests {
    static let texts = [
        "", " ", "plain", "  Person   12 ", "a\tb\nc\u{0B}d\u{0C}e\rf", "\u{01}x \u{1F} y", "  ", "Ünïcode  text ",
        "a\u{A0}b", "MiXeD Case 123 @Example.COM", "trailing\t", "\n\nlead", "x  \u{85}y", "İstanbul",
        // Text past ASCII that is already as stored: returned as it is, without a copy.
        "Attendee 1 ✓", "Zoë Smith", "✓", "Zoë", " Zoë", "Zoë ", "Zoë  x", "Zoë\u{3000}x", "東京 都", "\u{2028}Zoë\u{2029}",
    ]

    /// White space trimmed from both ends, written the long way.
    static func trimmedByScalars(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...last])
    }

    @Test func scalarWhiteSpaceIsUnicodes() {
        // Every scalar; the differences gathered, since an expectation each would take seconds.
        var differ: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.isWhitespace != scalar.properties.isWhitespace else { continue }
            differ.append("U+" + String(value, radix: 16))
        }
        #expect(differ.isEmpty, "\(differ)")
    }

    @Test(arguments: texts) func trimmingMatchesTheLongWay(text: String) {
        #expect(text.trimmingSpaces == Self.trimmedByScalars(text))
        // Scalar by scalar: String's == is canonical equivalence. Text that is collapsed may
        // still go the long way (empty text, control characters); text past ASCII need not.
        let unchanged = Self.collapsedByScalars(text).unicodeScalars.elementsEqual(text.unicodeScalars)
        if TransformRegistry.isCollapsed(text) { #expect(unchanged) }
        if unchanged, !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            #expect(TransformRegistry.isCollapsed(text))
        }
    }

    /// `collapseWhitespace` as the scalar pass defines it, written the long way.
    static func collapsedByScalars(_ text: String) -> String {
        text.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map { String(String.UnicodeScalarView($0)) }
            .joined(separator: " ")
    }

    @Test(arguments: texts) func asciiTransformsMatchUnicodes(text: String) {
        let registry = TransformRegistry()
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        #expect(TransformRegistry.collapseWhitespace(text) == Self.collapsedByScalars(text))
        #expect((TransformRegistry.collapsingASCIIWhitespace(text) != nil) == isASCII)
        #expect(registry.apply(["lowercase"], to: .string(text)) == .string(text.lowercased()))
        #expect(registry.apply(["uppercase"], to: .string(text)) == .string(text.uppercased()))
        #expect((TransformRegistry.mappingASCII(text, from: 0x41...0x5A, offset: 0x20) != nil) == isASCII)
    }

    /// `replaceValue` against reading the old value and setting the new one when it differs.
    @Test func replacingAValueChangesWhatSettingItWould() throws {
        let start: FormValue = ["a": 1, "list": [["x": "y"], 2], "text": "t", "empty": .null]
        let cases: [(String, FormValue)] = [
            ("a", 1), ("a", 2), ("a", .null), ("empty", .null), ("missing", .null), ("missing", 3), ("nested.deep", .null),
            ("list.0.x", "y"), ("list.0.x", "z"), ("list.1", 2), ("list.3", .null), ("list[0].x", "y"), ("list[4].q", 1),
            ("text.inner", .null), ("text.inner", 5), ("list.0.new", .null),
        ]
        for (text, newValue) in cases {
            let path = try ValuePath(parsing: text)
            var expected = start
            let differs = expected.value(at: path) != newValue
            if differs { try expected.setValue(newValue, at: path) }
            var replaced = start
            #expect(replaced.replaceValue(newValue, at: path) == differs, "\(text)")
            #expect(replaced == expected, "\(text)")
        }
    }

    static let form = #"""
        {"sections": [
          {"elements": [
            {"type": "entry", "key": "name"},
            {"type": "entry", "key": "pin", "secureTextEntry": true},
            {"type": "radio", "key": "plan", "items": ["Free", "Team"], "values": ["free", "team"], "selected": 0},
            {"type": "entry", "key": "company", "hidden": "@{plan != 'team'}"},
            {"type": "entry", "key": "gone", "hidden": true}
          ]},
          {"bind": "iterate:guests", "addTitle": "Add",
           "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email", "secureTextEntry": "@{plan == 'team'}"}},
          {"bind": "iterate:rooms", "addTitle": "Add", "elementTemplate": {"type": "root", "sections": [{"elements": [
            {"type": "entry", "key": "room"},
            {"type": "entry", "key": "code", "secureTextEntry": true}]}]}}
        ]}
        """#

    @Test func storedValuesWrittenDirectlyAreTheValuesToStore() throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        let answers: [FormValue] = [
            ["name": "Ann", "pin": "1234", "company": "Acme", "gone": "x"],
            ["name": "Bo", "plan": "team", "company": "Acme", "guests": [["email": "a@b.c"], ["email": "d@e.f"]]],
            ["name": "Cy", "plan": "free", "guests": [["email": "a@b.c"]], "rooms": [["room": "1", "code": "9"], ["room": "2"]]],
            [:],
        ]
        for given in answers {
            let filled = form.fill(FormInput(answers: given))
            #expect(filled.errors.isEmpty, "\(filled.errors)")
            #expect(filled.valuesToStoreJSON == filled.valuesToStore.jsonString(), "\(given)")
        }
    }

    @Test func pathsEndingAtAnItemAreLeftToRemoval() throws {
        #expect(OmittedPaths([try ValuePath(parsing: "a.b")]) != nil)
        #expect(OmittedPaths([try ValuePath(parsing: "items.1")]) == nil)
        #expect(OmittedPaths([try ValuePath(parsing: "items[1]")]) == nil)
        #expect(OmittedPaths([try ValuePath(parsing: "items.01.x")]) == nil)
        let omitted = try #require(OmittedPaths([try ValuePath(parsing: "items.1.secret"), try ValuePath(parsing: "top")]))
        let value: FormValue = ["top": 1, "items": [["secret": 1, "kept": 2], ["secret": 3, "kept": 4]], "other": "x"]
        #expect(JSONWriter.string(value, omitting: omitted) == #"{"items":[{"secret":1,"kept":2},{"kept":4}],"other":"x"}"#)
    }
}
