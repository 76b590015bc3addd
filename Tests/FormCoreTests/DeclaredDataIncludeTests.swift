import TestSupport
import Testing

@testable import FormCore

/// An included form's root `data` and `classes` merge into the including form's: declared again
/// identically is fine, differently an error naming both places; an included file's bad
/// declaration is reported in that file.
@Suite struct DeclaredDataIncludeTests {
    static let address = """
        {"data": [{"name": "country", "class": "String", "defaultValue": "\\"FR\\""},
                  {"name": "owner", "class": "Person?"}],
         "classes": {"Person": {"name": "String"}},
         "sections": [{"elements": [{"type": "entry", "key": "city", "title": "@{country}"}]}]}
        """

    @Test func anIncludedFormsDeclarationsJoinTheForms() throws {
        let dir = try TemporaryDirectory()
        try dir.write("address.json", Self.address)
        let main = try dir.write("main.json", """
            {"data": [{"name": "quantity", "class": "Int", "defaultValue": "1"}],
             "sections": [{"include": "address.json"}]}
            """)
        let loaded = try DefinitionLoader().load(path: main)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let model = loaded.definition.dataModel
        #expect(model.declarations.map(\.name) == ["quantity", "country", "owner"])
        #expect(model.declaration(of: "country")?.defaultValue == "FR")
        #expect(model.classes["Person"]?["name"] == .string)
        // Compiled with no data, the included default is there, and check has nothing to say.
        let compiled = try CompiledForm(definition: loaded.definition)
        #expect(compiled.data["country"] == "FR")
        #expect(DefinitionCheck().issues(in: loaded.definition).isEmpty, "\(DefinitionCheck().issues(in: loaded.definition))")
    }

    @Test func theSameDeclarationTwiceIsFine() throws {
        let dir = try TemporaryDirectory()
        try dir.write("address.json", Self.address)
        let main = try dir.write("main.json", """
            {"data": [{"name": "country", "class": "String", "defaultValue": "\\"FR\\""}],
             "classes": {"Person": {"name": "String"}},
             "sections": [{"include": "address.json"}, {"include": "address.json"}]}
            """)
        let loaded = try DefinitionLoader().load(path: main)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(loaded.definition.dataModel.declarations.map(\.name) == ["country", "owner"])
    }

    @Test func aNameDeclaredDifferentlyIsAnErrorNamingBothPlaces() throws {
        let dir = try TemporaryDirectory()
        let address = try dir.write("address.json", Self.address)
        let main = try dir.write("main.json", """
            {"data": [
               {"name": "country", "class": "Int"}],
             "sections": [{"include": "address.json"}]}
            """)
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: main) }
        let errors = error.issues.filter(\.isError)
        #expect(errors.map(\.code) == [.invalidDataDeclaration], "\(error)")
        let clash = try #require(errors.first)
        #expect(clash.file == address)
        #expect(clash.path == "data[0]")
        #expect(clash.location == SourceLocation(line: 1, column: 11), "\(clash)")
        #expect(clash.message == "'country' is declared String = \"FR\" here and Int with no default at \(main):2:4 (data[0]): "
            + "a name or class declared again must be declared the same way")
    }

    @Test func aClassDescribedDifferentlyIsAnError() throws {
        let dir = try TemporaryDirectory()
        try dir.write("address.json", Self.address)
        let main = try dir.write("main.json", """
            {"classes": {"Person": {"name": "String", "age": "Int"}},
             "sections": [{"include": "address.json"}]}
            """)
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: main) }
        let errors = error.issues.filter(\.isError)
        #expect(errors.map(\.path) == ["classes.Person"], "\(error)")
        #expect(errors.first?.message.hasPrefix("the class 'Person' is described differently here and at \(main):1:24 (classes.Person)") == true,
                "\(error)")
    }

    /// A bad declaration in an included file is that file's error, at its own path; it is not
    /// merged, so the form's own paths never name it.
    @Test func anIncludedFilesBadDeclarationIsReportedInThatFile() throws {
        let dir = try TemporaryDirectory()
        let part = try dir.write("part.json", """
            {"data": [{"name": "when", "class": "Date", "defaultValue": "Date()"},
                      {"name": "who", "class": "Stranger"}],
             "sections": []}
            """)
        let main = try dir.write("main.json", #"{"sections": [{"include": "part.json"}]}"#)
        let inspected = DefinitionLoader().inspect(path: main)
        let definition = try #require(inspected.definition)
        let issues = DefinitionCheck.ordered(inspected.issues + DefinitionCheck().issues(in: definition))
        let data = issues.filter { $0.code == .invalidDataDeclaration }
        #expect(data.map(\.path) == ["data[0].defaultValue", "data[1].class"], "\(issues)")
        #expect(data.map(\.severity) == [.error, .warning], "\(issues)")
        #expect(data.allSatisfy { $0.file == part && $0.includeChain.count == 1 }, "\(issues)")
        #expect(data.first?.location == SourceLocation(line: 1, column: 61), "\(issues)")
        // The sound declaration is merged, the refused one is not.
        #expect(definition.dataModel.declarations.map(\.name) == ["who"])
        #expect(throws: DefinitionError.self) { try DefinitionLoader().load(path: main) }
    }
}
