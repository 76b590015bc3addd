import Testing

@testable import FormCore

/// Bound data checked against the declarations: defaults for what is missing, every value of
/// the wrong class named by its path.
@Suite struct DataModelConformTests {
    static let model = DataModel.read(
        data: [
            ["name": "userName", "class": "String", "defaultValue": "\"Guest\""],
            ["name": "count", "class": "Int", "defaultValue": "0"],
            ["name": "note", "class": "String?"],
            ["name": "total", "class": "Double"],
            ["name": "user", "class": "User?"],
            ["name": "team", "class": "[User]", "defaultValue": "[]"],
            ["name": "scores", "class": "[Int: Double]", "defaultValue": "[:]"],
            ["name": "tags", "class": "Set<String>", "defaultValue": "[]"],
            ["name": "site", "class": "URL?"],
            ["name": "since", "class": "Date?"],
            ["name": "extra", "class": "Any?"],
            ["name": "blob", "class": "Blob?"],
        ],
        classes: ["User": ["name": "String", "age": "Int?", "friends": "[User]?"]]
    ).model

    static func mismatches(_ data: FormValue) -> [String] { model.conform(data).mismatches.map(\.description) }

    @Test func missingNamesTakeTheirDefaultsOrNull() {
        let conformed = Self.model.conform(["count": 3, "other": "kept"])
        #expect(conformed.mismatches.isEmpty)
        #expect(conformed.undeclared == ["other"])
        // The data's own order first, then the declarations'.
        let expected: FormValue = .object([
            "count": 3, "other": "kept", "userName": "Guest", "note": nil, "total": nil, "user": nil, "team": [],
            "scores": .emptyObject, "tags": [], "site": nil, "since": nil, "extra": nil, "blob": nil,
        ])
        #expect(conformed.data == expected)
    }

    @Test func valuesOfTheRightClassPassUnchanged() {
        let data: FormValue = [
            "userName": "Ann", "count": 3.0, "note": nil, "total": 2, "user": ["name": "Ann", "age": 41, "unknown": true],
            "team": [["name": "Bo", "friends": [["name": "Cy"]]]], "scores": ["1": 2.5, "-3": 4], "tags": ["a", "b"],
            "site": "mailto:ann@example.com", "since": "2024-02-29T10:00:00Z", "extra": [1, "x"], "blob": ["any": ["thing": 1]],
        ]
        let conformed = Self.model.conform(data)
        #expect(conformed.mismatches.isEmpty)
        #expect(conformed.data == data)
    }

    @Test func nestedMismatchesNameTheirPaths() {
        #expect(Self.mismatches([
            "userName": 5, "count": "forty", "total": true, "note": ["text"],
            "user": ["name": "Ann", "age": "forty"],
            "team": [["name": "Bo"], ["age": 3], "Cy", ["name": "Di", "friends": [["name": 1]]]],
            "scores": ["x": 1, "2": "two"],
            "tags": ["a", "b", "a"],
            "site": "example.com", "since": "soon", "blob": [1],
        ]) == [
            "userName: expected String, found 5",
            "count: expected Int, found \"forty\"",
            "note: expected String, found an array of 1 item",
            "total: expected Double, found true",
            "user.age: expected Int, found \"forty\"",
            "team[1].name: expected String, found nothing",
            "team[2]: expected User, found \"Cy\"",
            "team[3].friends[0].name: expected String, found 1",
            "scores: expected [Int: Double], found an object (the key \"x\" is no Int)",
            "scores.2: expected Double, found \"two\"",
            "tags: expected Set<String>, found an array of 3 items (\"a\" is in it twice)",
            "site: expected URL, found \"example.com\" (no scheme such as https: in front)",
            "since: expected Date, found \"soon\" (not an ISO 8601 date)",
            "blob: expected Blob, found an array of 1 item",
        ])
    }

    /// A non-optional class never takes null, even with a default: the default is for absence.
    @Test func nullIsTakenOnlyByOptionals() {
        #expect(Self.mismatches(["userName": nil, "note": nil, "user": nil, "extra": nil]) == ["userName: expected String, found null"])
    }

    @Test(arguments: [
        (FormValue.int(3), true), (.double(3.0), true), (.double(-0.0), true), (.double(3.5), false),
        (.double(1e300), false), (.string("3"), false), (.bool(true), false),
    ])
    func intTakesIntegersOnly(value: FormValue, fits: Bool) {
        #expect(Self.model.mismatches(of: value, against: .int).isEmpty == fits)
    }

    @Test(arguments: [
        ("https://example.com/a?b=c", true), ("mailto:ann@example.com", true), ("urn:isbn:0451450523", true),
        ("example.com", false), ("https:", false), ("https://exa mple.com", false), ("https://a\u{1B}b", false),
        ("1http://x", false), (":x", false),
    ])
    func urlTakesTextWithAScheme(text: String, fits: Bool) {
        #expect(Self.model.mismatches(of: .string(text), against: .url).isEmpty == fits)
    }

    @Test func boolTakesOnlyTrueAndFalse() {
        #expect(Self.model.mismatches(of: 1, against: .bool).map(\.message) == ["expected Bool, found 1"])
        #expect(Self.model.mismatches(of: "true", against: .bool).map(\.message) == ["expected Bool, found \"true\""])
    }

    @Test func dictionaryKeysAreCheckedAgainstTheirClass() {
        #expect(Self.model.mismatches(of: ["true": 1, "false": 2], against: .dictionary(key: .bool, value: .int)).isEmpty)
        #expect(Self.model.mismatches(of: ["yes": 1], against: .dictionary(key: .bool, value: .int)).map(\.message)
            == ["expected [Bool: Int], found an object (the key \"yes\" is no Bool)"])
        #expect(Self.model.mismatches(of: ["2024-01-01": 1], against: .dictionary(key: .date, value: .int)).isEmpty)
    }

    /// Found values are shown short: the path says where the rest is.
    @Test func foundValuesAreShownShort() {
        let long = String(repeating: "x", count: 500)
        #expect(Self.mismatches(["count": .string(long)])
            == ["count: expected Int, found \"\(String(repeating: "x", count: 40))…\" (500 characters)"])
        #expect(Self.mismatches(["count": ["a": 1]]) == ["count: expected Int, found an object"])
        #expect(Self.mismatches(["count": [:]]) == ["count: expected Int, found an empty object"])
        #expect(Self.mismatches(["count": []]) == ["count: expected Int, found an empty array"])
        #expect(Self.mismatches(["count": "a\u{1B}[2J"]) == ["count: expected Int, found \"a\\u001b[2J\""])
    }

    @Test func mismatchesAreBounded() {
        let many = FormValue.array(Array(repeating: "x", count: 10_000))
        #expect(Self.model.mismatches(of: many, against: .array(.int)).count == DataClassCheck.maximumMismatches)
    }

    @Test func dataThatIsNoObjectIsRefused() {
        #expect(Self.mismatches([1, 2]) == ["expected Dictionary, found an array of 2 items"])
        let nothingDeclared = DataModel()
        #expect(nothingDeclared.conform([1, 2]).mismatches.isEmpty)
    }

    /// Compiling a form conforms its data: the defaults are bound, a mismatch is a definition error.
    @Test func compilingConformsTheData() throws {
        let definition = try FormDefinition(json: """
            {"data": [{"name": "who", "class": "String", "defaultValue": "\\"Guest\\""}, {"name": "age", "class": "Int?"}],
             "sections": [{"elements": [{"type": "entry", "key": "name", "bind": "textValue:who"}]}]}
            """)
        let compiled = try CompiledForm(definition: definition)
        #expect(compiled.data == ["who": "Guest", "age": nil])
        #expect(compiled.fill(FormInput()).valuesToStore == ["name": "Guest"])
        #expect {
            _ = try CompiledForm(definition: definition, data: ["age": "forty"])
        } throws: { error in
            (error as? DefinitionError)?.issues.map(\.description) == ["error: age: expected Int, found \"forty\""]
                && (error as? DefinitionError)?.issues.first?.code == .dataMismatch
        }
    }
}
