import TestSupport
import Testing

@testable import FormCore

/// What `check` (and compiling) say about a form's declared data: bad declarations at their
/// JSON path, declared names known to expressions, a declared name used with a literal its
/// class never matches, and `check --data` on data that does not fit.
@Suite struct DeclaredDataCheckTests {
    /// A form declaring `declarations` (JSON entries), with one label showing `title`.
    func form(_ declarations: String, classes: String = "{}", title: String = "Hello") throws -> FormDefinition {
        try FormDefinition(json: """
            {"data": [\(declarations)],
             "classes": \(classes),
             "sections": [{"elements": [{"type": "label", "title": "\(title)"}]}]}
            """)
    }

    static let declarations = """
        {"name": "customerName", "class": "String", "defaultValue": "\\"Guest\\""},
        {"name": "quantity", "class": "Int", "defaultValue": "1"},
        {"name": "isMember", "class": "Bool", "defaultValue": "false"},
        {"name": "note", "class": "String?", "defaultValue": "nil"},
        {"name": "sizes", "class": "[String]"},
        {"name": "user", "class": "User?"}
        """
    static let classes = #"{"User": {"name": "String", "age": "Int?"}}"#

    /// A default that would run code is refused where it stands, by `check` and by compiling
    /// (so by every load a fill, an import or serve makes).
    @Test func aCallAsDefaultIsRefusedAtItsPathWithLineAndColumn() throws {
        let definition = try FormDefinition(json: """
            {"data": [
              {"name": "when", "class": "Date", "defaultValue": "Date()"}],
             "sections": []}
            """)
        let errors = DefinitionCheck().issues(in: definition).filter(\.isError)
        #expect(errors.map(\.code) == [.invalidDataDeclaration], "\(errors)")
        #expect(errors.first?.path == "data[0].defaultValue")
        #expect(errors.first?.location == SourceLocation(line: 2, column: 53), "\(errors)")
        #expect(errors.first?.message.contains("only literals are taken") == true, "\(errors)")
        let refused = #expect(throws: DefinitionError.self) { try CompiledForm(definition: definition) }
        #expect(refused?.errors.map(\.path) == ["data[0].defaultValue"])
    }

    @Test func aClassThatDoesNotParseIsRefusedAtItsPath() throws {
        let definition = try form(#"{"name": "prices", "class": "[String: "}"#)
        let errors = DefinitionCheck().issues(in: definition).filter(\.isError)
        #expect(errors.map(\.path) == ["data[0].class"], "\(errors)")
        #expect(errors.map(\.code) == [.invalidDataDeclaration])
    }

    /// `data` of the wrong type is the decoder's error, not reported a second time.
    @Test func dataThatIsNoArrayIsReportedOnce() {
        let issues = definitionIssues(#"{"data": {"name": "x"}, "sections": []}"#)
        #expect(issues.filter { $0.path == "data" && $0.isError }.count == 1, "\(issues)")
    }

    /// A declared name is supplied by the form itself: no "only the data can supply it" warning.
    @Test func declaredNamesAreKnownToExpressions() throws {
        let declared = try form(Self.declarations, classes: Self.classes, title: "@{customerName}: @{quantity}")
        #expect(DefinitionCheck().issues(in: declared).isEmpty, "\(DefinitionCheck().issues(in: declared))")
        // The same expression in a form that declares nothing is warned about.
        let undeclared = try FormDefinition(json: #"{"sections": [{"elements": [{"type": "label", "title": "@{customerName}"}]}]}"#)
        #expect(DefinitionCheck().issues(in: undeclared).map(\.code) == [.unknownName])
    }

    /// A name neither declared, a field, nor in the data is reported as before.
    @Test func aNameNobodySuppliesIsStillReported() throws {
        let definition = try form(Self.declarations, classes: Self.classes, title: "@{customerNmae}")
        let issues = DefinitionCheck().issues(in: definition)
        #expect(issues.map(\.code) == [.unknownName], "\(issues)")
        #expect(issues.first?.severity == .warning)
        #expect(issues.first?.message.contains("did you mean 'customerName'?") == true, "\(issues)")
        let withData = DefinitionCheck(lint: DefinitionLint(data: ["other": 1])).issues(in: definition)
        #expect(withData.contains { $0.code == .unknownName && $0.isError }, "\(withData)")
    }

    /// Expressions using a declared name with a literal of another class: each an error at the
    /// expression's path.
    @Test(arguments: [
        ("@{customerName == 3}", "'customerName' is declared String: == 3 compares it with a number and is never true"),
        ("@{quantity != 'three'}", "'quantity' is declared Int: != \"three\" compares it with a text and is always true"),
        ("@{'yes' == isMember}", "'isMember' is declared Bool: == \"yes\" compares it with a text and is never true"),
        ("@{quantity > true}", "'quantity' is declared Int: > true compares it with a boolean and fails whenever it has a value"),
        ("@{isMember + 1}", "'isMember' is declared Bool: + 1 combines it with a number and fails whenever it has a value"),
        ("@{sizes == 'S'}", "'sizes' is declared [String]: == \"S\" compares it with a text and is never true"),
        ("@{note == 0}", "'note' is declared String?: == 0 compares it with a number and is never true"),
        ("@{user.age < 'ten'}", "'user.age' is declared Int?: < \"ten\" compares it with a text and fails whenever it has a value"),
    ])
    func aDeclaredNameWithALiteralOfAnotherClassIsAnError(expression: String, message: String) throws {
        let definition = try form(Self.declarations, classes: Self.classes, title: expression)
        let issues = DefinitionCheck().issues(in: definition).filter { $0.code == .typeMismatch }
        #expect(issues.map(\.message) == [message], "\(issues)")
        #expect(issues.first?.path == "sections[0].elements[0].title")
        #expect(issues.first?.isError == true)
        // Compiling refuses it too: the form could never behave as written.
        #expect(throws: DefinitionError.self) { try CompiledForm(definition: definition) }
    }

    /// What a class does match, and `+` joining text with anything, pass.
    @Test(arguments: [
        "@{customerName == 'Bob'}", "@{quantity >= 2.5}", "@{isMember == true}", "@{note == nil}", "@{quantity != nil}",
        "@{'Total: ' + quantity}", "@{customerName + 1}", "@{quantity * 2}", "@{user.name == 'Ann'}", "@{user.age > 17}",
        "@{(quantity ?? 'none') == 'none'}", "@{unknownName == 3}",
    ])
    func literalsTheClassCanMatchPass(expression: String) throws {
        let definition = try form(Self.declarations, classes: Self.classes, title: expression)
        let issues = DefinitionCheck().issues(in: definition).filter { $0.code == .typeMismatch }
        #expect(issues.isEmpty, "\(issues)")
    }

    /// A field of the same name is what an expression reads: its class is not the declaration's.
    @Test func aFieldShadowingADeclaredNameIsNotChecked() throws {
        let definition = try FormDefinition(json: """
            {"data": [{"name": "quantity", "class": "Int"}],
             "sections": [{"elements": [{"type": "entry", "key": "quantity"},
                                        {"type": "label", "title": "@{quantity == 'three'}"}]}]}
            """)
        #expect(!DefinitionCheck().issues(in: definition).contains { $0.code == .typeMismatch })
    }

    /// `check --data`: the data's mismatches are errors of the data file at the data's paths,
    /// undeclared top-level names warnings; declared names it lacks take their defaults (no
    /// "the data has no" warning for a bind to one).
    @Test func checkWithDataConformsItFirst() throws {
        let definition = try FormDefinition(json: """
            {"data": [\(Self.declarations)], "classes": \(Self.classes),
             "sections": [{"elements": [{"type": "entry", "key": "name", "bind": "textValue:customerName"}]}]}
            """)
        let data: FormValue = ["quantity": "three", "user": ["name": "Ann", "age": "forty"], "extra": true]
        let issues = DefinitionCheck(lint: DefinitionLint(data: data), dataFile: "data.json").issues(in: definition)
        let mismatches = issues.filter { $0.code == .dataMismatch }
        #expect(mismatches.map(\.path) == ["quantity", "user.age"], "\(issues)")
        #expect(mismatches.allSatisfy { $0.isError && $0.file == "data.json" })
        #expect(mismatches.map(\.description) == [
            #"data.json: error: quantity: expected Int, found "three""#, #"data.json: error: user.age: expected Int, found "forty""#,
        ])
        let undeclared = issues.filter { $0.code == .undeclaredData }
        #expect(undeclared.map(\.description) == [
            "data.json: warning: extra: the form does not declare 'extra' in its data; it is bound as it is",
        ])
        #expect(!issues.contains { $0.code == .missingDataPath }, "\(issues)")
    }

    /// Data for a form that declares nothing is taken as it is: nothing to warn about.
    @Test func undeclaredNamesAreNotWarnedAboutWhenTheFormDeclaresNothing() throws {
        let definition = try FormDefinition(json: #"{"sections": [{"elements": [{"type": "label", "title": "@{extra}"}]}]}"#)
        let issues = DefinitionCheck(lint: DefinitionLint(data: ["extra": 1]), dataFile: "data.json").issues(in: definition)
        #expect(issues.isEmpty, "\(issues)")
    }

    /// Expressions evaluated by `check` see the declared defaults, as a fill does.
    @Test func evaluationSeesTheDeclaredDefaults() throws {
        let definition = try form(#"{"name": "quantity", "class": "Int", "defaultValue": "2"}"#, title: "@{quantity * 2 / (quantity - 2)}")
        let issues = DefinitionCheck().issues(in: definition)
        #expect(issues.map(\.code) == [.evaluationFailed], "\(issues)")
        #expect(issues.first?.message.contains("division by zero") == true, "\(issues)")
    }

    /// The example every slice tests with checks clean.
    @Test func theOrderExampleChecksClean() throws {
        let loaded = try DefinitionLoader().load(path: RepositoryFiles.path("forms/order.json"))
        let issues = DefinitionCheck().issues(in: loaded.definition)
        #expect(issues.isEmpty, "\(issues)")
    }
}
