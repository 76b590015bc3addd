import Testing

@testable import FormCore

/// What `DefinitionCheck` and compiling find in broken definitions, and where they say it is.
@Suite("Definition checks") struct DefinitionCheckTests {
    /// A definition with one problem, the JSON path reported, and the line and column of the value.
    struct Broken: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var path: String
        var line: Int
        var column: Int
        var testDescription: String { name }
    }

    /// Errors a fill would also fail on: compiling refuses each, at the same place check names.
    static let refusedByCompiling: [Broken] = [
        Broken(name: "items and values differ", json: """
            {"sections": [{"elements": [
              {"type": "radio", "key": "r", "items": ["a", "b"], "values": [1]}]}]}
            """, path: "sections[0].elements[0].values", line: 2, column: 64),
        Broken(name: "matches names no field", json: """
            {"sections": [{"elements": [
              {"type": "entry", "key": "a", "validate": [{"rule": "matches", "field": "b"}]}]}]}
            """, path: "sections[0].elements[0].validate[0].field", line: 2, column: 75),
        Broken(name: "minimum above maximum", json: """
            {"sections": [{"elements": [
              {"type": "float", "key": "f", "minimumValue": 5,
               "maximumValue": 1}]}]}
            """, path: "sections[0].elements[0].maximumValue", line: 3, column: 20),
        Broken(name: "default breaks fractionDigits", json: """
            {"sections": [{"elements": [
              {"type": "decimal", "key": "d", "fractionDigits": 0, "numberValue": 2.5}]}]}
            """, path: "sections[0].elements[0].numberValue", line: 2, column: 71),
        Broken(name: "date bound is no date", json: """
            {"sections": [{"elements": [
              {"type": "date", "key": "d", "minimumDate": "2024-02-30"}]}]}
            """, path: "sections[0].elements[0].minimumDate", line: 2, column: 47),
        Broken(name: "negative maximumItems", json: """
            {"sections": [{"bind": "iterate:g", "maximumItems": -1,
              "elementTemplate": {"type": "entry", "key": "e"}}]}
            """, path: "sections[0].maximumItems", line: 1, column: 53),
        Broken(name: "invalid pattern", json: """
            {"sections": [{"elements": [
              {"type": "entry", "key": "a", "pattern": "(?=x)"}]}]}
            """, path: "sections[0].elements[0].pattern", line: 2, column: 44),
        Broken(name: "expression that does not parse", json: """
            {"sections": [{"elements": [
              {"type": "entry", "key": "a", "hidden": "@{a ==}"}]}]}
            """, path: "sections[0].elements[0].hidden", line: 2, column: 43),
        Broken(name: "cycle of two computed values", json: """
            {"sections": [{"elements": [
              {"type": "entry", "key": "a", "textValue": "@{b}"},
              {"type": "entry", "key": "b", "textValue": "@{a}"}]}]}
            """, path: "sections[0].elements[0].textValue", line: 2, column: 46),
    ]

    @Test(arguments: refusedByCompiling)
    func compilingRefusesWhatCheckReportsWithLineAndColumn(_ broken: Broken) throws {
        let definition = try FormDefinition(json: broken.json)
        let checked = DefinitionCheck().issues(in: definition).filter(\.isError)
        #expect(checked.map(\.path) == [broken.path], "\(checked)")
        #expect(checked.first?.location == SourceLocation(line: broken.line, column: broken.column), "\(checked)")
        let refused = #expect(throws: DefinitionError.self) { try CompiledForm(definition: definition) }
        let error = try #require(refused?.errors.first)
        #expect(error.path == broken.path)
        #expect(error.location == SourceLocation(line: broken.line, column: broken.column), "\(error)")
    }

    /// What fills accept is a warning: the form still compiles.
    @Test func warningsDoNotRefuseTheForm() throws {
        let definition = try FormDefinition(json: """
            {"sections": [{"elements": [
              {"type": "radio", "key": "r", "items": ["a", "b"], "selected": 4},
              {"type": "label", "title": "@{1 / 0}"},
              {"type": "label", "title": "@{missing}"}],
              "minimumItems": -2}]}
            """)
        let issues = DefinitionCheck().issues(in: definition)
        #expect(issues.map(\.severity) == [.warning, .warning, .warning, .warning], "\(issues)")
        #expect(issues.map(\.code) == [.invalidValue, .evaluationFailed, .unknownName, .invalidValue], "\(issues)")
        _ = try CompiledForm(definition: definition)
    }

    /// Two sections that iterate the same collection fill the same items: a rule in one may
    /// name a field of the other.
    @Test func itemFieldsOfOtherTemplatesOverTheSameCollectionAreKnown() throws {
        let definition = try FormDefinition(json: """
            {"sections": [
              {"bind": "iterate:guests", "elementTemplate": {"type": "entry", "key": "email"}},
              {"bind": "iterate:guests", "elementTemplate": {"type": "entry", "key": "again", "title": "@{email}",
               "validate": [{"rule": "matches", "field": "email"}]}}]}
            """)
        #expect(DefinitionCheck().issues(in: definition).isEmpty)
    }

    /// `iterateproperties:` items are `{"key": K, "value": V}` whatever the data holds.
    @Test func entriesOfIteratePropertiesHaveKeyAndValue() throws {
        let definition = try FormDefinition(json: """
            {"sections": [{"bind": "iterateproperties:tools", "elementTemplate":
              {"type": "decimal", "key": "score", "title": "@{key}: @{value}"}}]}
            """)
        let data: FormValue = ["tools": ["Xcode": 3]]
        #expect(DefinitionCheck(lint: DefinitionLint(data: data)).issues(in: definition).isEmpty)
    }

    /// A name no field has is only a warning until the data is known; one the data has is fine.
    @Test func namesAreErrorsOnlyAgainstKnownData() throws {
        let definition = try FormDefinition(json: #"{"sections": [{"elements": [{"type": "label", "title": "@{user.name}"}]}]}"#)
        let without = DefinitionCheck().issues(in: definition)
        #expect(without.map(\.severity) == [.warning])
        let lacking = DefinitionCheck(lint: DefinitionLint(data: ["account": ["name": "Ann"]])).issues(in: definition)
        #expect(lacking.map(\.severity) == [.error])
        #expect(lacking.first?.message == "reads 'user', which is no field, item field or path of the data")
        #expect(DefinitionCheck(lint: DefinitionLint(data: ["user": ["name": "Ann"]])).issues(in: definition).isEmpty)
    }

    /// A problem in a file included twice is the same problem: reported once. (Its key, used
    /// by both copies, is a problem of its own.)
    @Test func aProblemInAFileIncludedTwiceIsReportedOnce() throws {
        let files: [String: String] = [
            "/forms/main.json": #"{"sections": [{"elements": [{"include": "part.json"}, {"include": "part.json"}]}]}"#,
            "/forms/part.json": #"{"type": "entry", "key": "code", "transform": ["snakeCase"]}"#,
        ]
        let loader = DefinitionLoader { path in
            guard let text = files[path] else { throw FileReadError(path: path, code: 2) }
            return text
        }
        let inspected = loader.inspect(path: "/forms/main.json")
        let definition = try #require(inspected.definition)
        let issues = DefinitionCheck.ordered(inspected.issues + DefinitionCheck().issues(in: definition))
        // The transform once; and the key, which the two copies both use, once too.
        #expect(issues.map(\.code) == [.unknownTransform, .duplicateKey], "\(issues)")
        let transform = try #require(issues.first { $0.code == .unknownTransform })
        #expect(transform.file == "/forms/part.json")
        #expect(transform.location == SourceLocation(line: 1, column: 48))
    }

    /// `"$schema"` at a file's top points an editor at the schema: no warning, kept as written.
    @Test func aSchemaReferenceIsAcceptedAndKept() throws {
        let json = #"{"$schema": "https://example.org/formctl.schema.json", "title": "T", "sections": []}"#
        let (definition, warnings) = try FormDefinition.decode(json: json)
        #expect(warnings.isEmpty)
        #expect(definition.encoded["$schema"] == "https://example.org/formctl.schema.json")
        let nested = definitionIssues(#"{"sections": [{"elements": [{"type": "entry", "$schema": "x"}]}]}"#)
        #expect(nested.map(\.code) == [.unknownProperty], "only at the top of a file")
    }
}

/// What `check` says about data a section is built from: a growable repeat's missing list is
/// the usual case, a dictionary or fixed list missing leaves a section without fields.
@Suite struct DataBuiltSectionCheckTests {
    static let form = """
        {"sections": [
          {"title": "Guests", "bind": "iterate:guests", "elementTemplate": {"type": "entry", "key": "email"}},
          {"title": "Tools", "bind": "iterateproperties:tools", "elementTemplate": {"type": "decimal", "key": "score", "title": "@{key}"}},
          {"title": "Rooms", "bind": "iterate:rooms", "elementTemplate": {"type": "label", "bind": "title:name"}}]}
        """

    @Test func dataWithoutAGrowableListWarnsOnlyAboutTheOthers() throws {
        let issues = DefinitionCheck(lint: DefinitionLint(data: ["other": 1])).issues(in: try FormDefinition(json: Self.form))
        #expect(issues.map { "\($0.path): \($0.message)" }.filter { $0.contains(".bind") } == [
            "sections[1].bind: the data has no 'tools' (bound as nil)",
            "sections[2].bind: the data has no 'rooms' (bound as nil)",
        ])
    }

    @Test func noDataWarnsAboutSectionsBuiltFromIt() throws {
        let issues = DefinitionCheck().issues(in: try FormDefinition(json: Self.form))
        #expect(issues.map(\.severity) == [.warning, .warning])
        #expect(issues.map(\.path) == ["sections[1].bind", "sections[2].bind"])
        #expect(issues.first?.message == "no data is given, so what is built from 'tools' has no fields; check with the data it will be bound to")
    }

    @Test func declaredDefaultsAreDataEnough() throws {
        let declared = try FormDefinition(json: """
            {"data": [{"name": "tools", "class": "[String: Int]", "defaultValue": "[\\"Xcode\\": 3]"}],
             "sections": [{"bind": "iterateproperties:tools", "elementTemplate": {"type": "decimal", "key": "score", "title": "@{key}"}}]}
            """)
        #expect(DefinitionCheck().issues(in: declared).isEmpty)
    }
}
