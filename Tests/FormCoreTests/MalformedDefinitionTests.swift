import Testing

@testable import FormCore

/// Bad definitions: each reports the exact JSON path, the class of problem and a useful message.
@Suite struct MalformedDefinitionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var code: DefinitionIssue.Code
        var path: String
        var fragment: String
        var severity: DefinitionIssue.Severity = .error
        var testDescription: String { name }
    }

    /// One element in one section: most cases differ only in the element.
    static func element(_ json: String) -> String { #"{"sections":[{"elements":[\#(json)]}]}"# }
    static let e0 = "sections[0].elements[0]"

    static let cases: [Case] = [
        Case(name: "malformed JSON", json: #"{"sections":[}"#, code: .malformedJSON, path: "",
             fragment: "malformed JSON: unexpected '}', expected a value"),
        Case(name: "root is an array", json: "[1]", code: .notAnObject, path: "",
             fragment: "a form definition must be a JSON object, found an array"),
        Case(name: "element not an object", json: element("3"), code: .notAnObject, path: e0,
             fragment: "an element must be a JSON object, found a number"),
        Case(name: "section not an object", json: #"{"sections":["x"]}"#, code: .notAnObject, path: "sections[0]",
             fragment: "a section must be a JSON object, found a string"),
        Case(name: "missing type", json: element(#"{"key":"a"}"#), code: .missingType, path: e0,
             fragment: #"an element needs a "type""#),
        Case(name: "unknown type", json: element(#"{"type":"QEntryElemnt"}"#), code: .unknownType, path: e0 + ".type",
             fragment: "unknown element type 'QEntryElemnt'; did you mean 'QEntryElement'?"),
        Case(name: "unknown alias", json: element(#"{"type":"entyr"}"#), code: .unknownType, path: e0 + ".type",
             fragment: "did you mean 'entry'?"),
        Case(name: "type not a string", json: element(#"{"type":5}"#), code: .wrongValueType, path: e0 + ".type",
             fragment: "expected a string, found a number"),
        Case(name: "unknown section type", json: #"{"sections":[{"type":"QSectoin","elements":[]}]}"#,
             code: .unknownSectionType, path: "sections[0].type", fragment: "did you mean 'QSection'?"),
        Case(name: "secureTextEntry yes", json: element(#"{"type":"entry","secureTextEntry":"yes"}"#), code: .wrongValueType,
             path: e0 + ".secureTextEntry", fragment: "expected a boolean (true, false, 0 or 1), found a string"),
        Case(name: "maxLength ten", json: element(#"{"type":"entry","maxLength":"ten"}"#), code: .wrongValueType,
             path: e0 + ".maxLength", fragment: "expected an integer, found a string"),
        Case(name: "items a number", json: element(#"{"type":"radio","items":3}"#), code: .wrongValueType,
             path: e0 + ".items", fragment: "expected an array of strings or maps of language tags to strings, found a number"),
        Case(name: "elements an object", json: #"{"sections":[{"elements":{}}]}"#, code: .wrongValueType,
             path: "sections[0].elements", fragment: "expected an array of elements, found an object"),
        Case(name: "sections a string", json: #"{"sections":"x"}"#, code: .wrongValueType, path: "sections",
             fragment: "expected an array of sections, found a string"),
        Case(name: "root grouped yes", json: #"{"grouped":"yes","sections":[]}"#, code: .wrongValueType, path: "grouped",
             fragment: "expected a boolean"),
        Case(name: "beforeTemplateElements a string",
             json: #"{"sections":[{"bind":"iterate:a","elementTemplate":{"type":"label"},"beforeTemplateElements":"x"}]}"#,
             code: .wrongValueType, path: "sections[0].beforeTemplateElements", fragment: "expected an array of elements"),
        Case(name: "keyboardType", json: element(#"{"type":"entry","keyboardType":"Email"}"#), code: .unknownEnumName,
             path: e0 + ".keyboardType",
             fragment: "unknown keyboardType 'Email'; allowed: Default, ASCIICapable, NumbersAndPunctuation, URL, NumberPad, PhonePad, NamePhonePad, EmailAddress, DecimalPad, Twitter, Alphabet"),
        Case(name: "autocapitalizationType", json: element(#"{"type":"entry","autocapitalizationType":"words"}"#),
             code: .unknownEnumName, path: e0 + ".autocapitalizationType", fragment: "allowed: None, Words, Sentences, AllCharacters"),
        Case(name: "date mode", json: element(#"{"type":"date","mode":"Datetime"}"#), code: .unknownEnumName,
             path: e0 + ".mode", fragment: "unknown mode 'Datetime'; allowed: Date, Time, DateAndTime"),
        Case(name: "returnKeyType", json: element(#"{"type":"multiline","returnKeyType":"Enter"}"#), code: .unknownEnumName,
             path: e0 + ".returnKeyType", fragment: "unknown returnKeyType 'Enter'"),
        Case(name: "enum given a number", json: element(#"{"type":"entry","keyboardAppearance":1}"#), code: .wrongValueType,
             path: e0 + ".keyboardAppearance", fragment: "expected one of Default, Alert, found a number"),
        Case(name: "bind without colon", json: element(#"{"type":"entry","bind":"textValue"}"#), code: .invalidBind,
             path: e0 + ".bind", fragment: "'textValue' is not 'property:keyPath'"),
        Case(name: "bind without path", json: element(#"{"type":"entry","bind":"textValue:"}"#), code: .invalidBind,
             path: e0 + ".bind", fragment: "'textValue:' has no key path after ':'"),
        Case(name: "bind without property", json: element(#"{"type":"entry","bind":":x"}"#), code: .invalidBind,
             path: e0 + ".bind", fragment: "is not a property name"),
        Case(name: "bind stray comma", json: element(#"{"type":"entry","bind":"a:b,,c:d"}"#), code: .invalidBind,
             path: e0 + ".bind", fragment: "empty pair"),
        Case(name: "bind bad key path", json: element(#"{"type":"entry","bind":"textValue:a..b"}"#), code: .invalidBind,
             path: e0 + ".bind", fragment: "empty component"),
        Case(name: "bind two iterates", json: #"{"sections":[{"bind":"iterate:a, iterateproperties:b","elementTemplate":{"type":"label"}}]}"#,
             code: .invalidBind, path: "sections[0].bind", fragment: "more than one iterate pair"),
        Case(name: "section iterate without template", json: #"{"sections":[{"bind":"iterate:items"}]}"#,
             code: .iterateWithoutTemplate, path: "sections[0].bind", fragment: "elementTemplate to build from"),
        Case(name: "root iterate without template", json: #"{"bind":"iterate:rows","sections":[]}"#,
             code: .iterateWithoutTemplate, path: "bind", fragment: "sectionTemplate to build from"),
        Case(name: "elementTemplate a string", json: #"{"sections":[{"elementTemplate":"x"}]}"#, code: .templateNotObject,
             path: "sections[0].elementTemplate", fragment: "an elementTemplate must be an object, found a string"),
        Case(name: "sectionTemplate an array", json: #"{"sectionTemplate":[],"sections":[]}"#, code: .templateNotObject,
             path: "sectionTemplate", fragment: "a sectionTemplate must be an object, found an array"),
        Case(name: "sections on a QElement", json: element(#"{"type":"QElement","sections":[]}"#), code: .sectionsNotAllowed,
             path: e0 + ".sections", fragment: "QElement cannot carry sections"),
        Case(name: "sections on a progress", json: element(#"{"type":"progress","sections":[{}]}"#), code: .sectionsNotAllowed,
             path: e0 + ".sections", fragment: "QProgressElement cannot carry sections"),
        Case(name: "include not a string", json: element(#"{"include":3}"#), code: .includeInvalid, path: e0 + ".include",
             fragment: "include must be a non-empty file path string"),
        Case(name: "shared_data a number", json: element(#"{"include":"a.json","shared_data":3}"#), code: .wrongValueType,
             path: e0 + ".shared_data", fragment: "expected an object"),
        Case(name: "misspelt placeholder", json: element(#"{"type":"entry","plceholder":"x"}"#), code: .unknownProperty,
             path: e0 + ".plceholder", fragment: "unknown property 'plceholder' for entry; did you mean 'placeholder'?",
             severity: .warning),
        Case(name: "misspelt section title", json: #"{"sections":[{"titel":"x"}]}"#, code: .unknownProperty,
             path: "sections[0].titel", fragment: "did you mean 'title'?", severity: .warning),
        Case(name: "bindingScript", json: element(#"{"type":"label","bindingScript":"x = 1"}"#), code: .bindingScriptRefused,
             path: e0 + ".bindingScript", fragment: "never runs code", severity: .warning),
    ]

    @Test(arguments: cases)
    func reportsPathCodeAndMessage(_ c: Case) throws {
        let issues = definitionIssues(c.json)
        // Exactly one issue: a second one would be noise the author has to read past.
        try #require(issues.count == 1, "\(issues)")
        let issue = issues[0]
        #expect(issue.code == c.code)
        #expect(issue.path == c.path)
        #expect(issue.severity == c.severity)
        #expect(issue.message.contains(c.fragment), "message was: \(issue.message)")
        // Errors stop the decode; warnings do not.
        let throwsError = (try? FormDefinition.decode(json: c.json)) == nil
        #expect(throwsError == (c.severity == .error))
    }

    @Test func atLeastTwentyFiveDistinctCases() {
        #expect(Set(Self.cases.map(\.json)).count == Self.cases.count && Self.cases.count >= 25)
    }

    @Test func locationOfTheOffendingValue() throws {
        let json = """
            {"sections": [
              {"elements": [
                {"type": "entry"},
                {"type": "entyr", "key": "x"}
              ]}
            ]}
            """
        let error = try #require(throws: DefinitionError.self) { try FormDefinition.decode(json: json, file: "f.json") }
        let issue = try #require(error.errors.first)
        #expect(issue.location == SourceLocation(line: 4, column: 14))
        #expect(issue.description == "f.json:4:14: error: sections[0].elements[1].type: unknown element type 'entyr'; did you mean 'entry'?")
    }

    @Test func malformedJSONCarriesLineAndColumn() throws {
        let error = try #require(throws: DefinitionError.self) { try FormDefinition.decode(json: "{\n  \"title\": 'x'\n}") }
        #expect(error.issues.map(\.code) == [.malformedJSON])
        #expect(error.issues.first?.location == SourceLocation(line: 2, column: 12))
    }

    @Test func nestingDeeperThanTheBound() throws {
        func nested(_ levels: Int) -> String {
            var json = #"{"type":"entry"}"#
            for _ in 0..<levels { json = #"{"type":"label","sections":[{"elements":[\#(json)]}]}"# }
            return #"{"sections":[{"elements":[\#(json)]}]}"#
        }
        // Label j (from the outside) sits at depth 2j and its section at 2j + 1: eleven labels put
        // the innermost entry at 24, the bound; a twelfth puts its section at 25, refused.
        #expect(definitionIssues(nested(11)).isEmpty)
        #expect(definitionIssues(nested(12)).map(\.code) == [.tooDeep])
        let issues = definitionIssues(nested(20))
        #expect(issues.map(\.code) == [.tooDeep])
        let expected = "sections[0]" + String(repeating: ".elements[0].sections[0]", count: 12)
        #expect(issues.first?.path == expected)
        #expect(issues.first?.message.contains("deeper than \(DefinitionDecoder.maximumNesting)") == true)
    }

    @Test func everyErrorIsReportedNotOnlyTheFirst() throws {
        let json = """
            {"title": "Many", "grouped": "no", "sections": [
              {"type": "QSectoin", "elements": [
                {"type": "entry", "keyboardType": "Mail", "plceholder": "p"},
                {"key": "untyped"},
                {"type": "boolean", "boolValue": "on", "bind": "boolValue"}
              ]},
              {"bind": "iterate:items", "elementTemplate": "label"}
            ]}
            """
        let error = try #require(throws: DefinitionError.self) { try FormDefinition.decode(json: json) }
        let found = error.issues.map { "\($0.severity.rawValue) \($0.code.rawValue) \($0.path)" }
        #expect(found == [
            "error wrongValueType grouped",
            "error unknownSectionType sections[0].type",
            "error unknownEnumName sections[0].elements[0].keyboardType",
            "warning unknownProperty sections[0].elements[0].plceholder",
            "error missingType sections[0].elements[1]",
            "error wrongValueType sections[0].elements[2].boolValue",
            "error invalidBind sections[0].elements[2].bind",
            "error templateNotObject sections[1].elementTemplate",
            "error iterateWithoutTemplate sections[1].bind",
        ])
        #expect(error.errors.count == 8 && error.warnings.count == 1)
        #expect(error.issues.allSatisfy { $0.location != nil })
    }
}
