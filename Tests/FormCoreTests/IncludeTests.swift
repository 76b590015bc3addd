import TestSupport
import Testing

@testable import FormCore

/// Includes read from real files: inlined content, missing files, cycles, broken included files.
@Suite struct IncludeTests {
    @Test func inlinesAnIncludedSectionAndElement() throws {
        let dir = try TemporaryDirectory()
        try dir.write("address.json", #"{"title":"Address","elements":[{"type":"entry","key":"city","bind":"textValue:city"}]}"#)
        let main = try dir.write("main.json", """
            {"sections": [
              {"include": "address.json", "shared_data": {"city": "Paris"}},
              {"elements": [{"include": "phone.json"}]}
            ]}
            """)
        try dir.write("phone.json", #"{"type":"entry","key":"phone","keyboardType":"PhonePad"}"#)
        let loaded = try DefinitionLoader().load(path: main)
        #expect(loaded.warnings.isEmpty)
        let first = try #require(loaded.definition.sections.first?.include)
        #expect(first.path == "address.json")
        #expect(first.sharedData == ["city": "Paris"])
        guard case .sections(let sections)? = first.content else { Issue.record("no sections: \(first)"); return }
        #expect(sections.first?.title == "Address")
        #expect(sections.first?.elements?.first?.key == "city")
        let phone = try #require(loaded.definition.sections[1].elements?.first?.include)
        guard case .element(let element)? = phone.content else { Issue.record("no element: \(phone)"); return }
        #expect(element.kind == .entry && element.key == "phone")
        // The include keeps its own JSON in the definition's encoding: a round trip does not inline it.
        #expect(loaded.definition.sections[0].encoded == ["include": "address.json", "shared_data": ["city": "Paris"]])
    }

    @Test func missingFile() throws {
        let dir = try TemporaryDirectory()
        let main = try dir.write("main.json", #"{"sections":[{"elements":[{"type":"label"},{"include":"nowhere.json"}]}]}"#)
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: main) }
        #expect(error.issues.map(\.code) == [.includeNotFound])
        #expect(error.issues.first?.path == "sections[0].elements[1].include")
        #expect(error.issues.first?.file == main)
        #expect(error.issues.first?.message.contains("nowhere.json") == true)
    }

    @Test func cycleNamesEveryFileInIt() throws {
        let dir = try TemporaryDirectory()
        let a = try dir.write("a.json", #"{"sections":[{"include":"b.json"}]}"#)
        try dir.write("b.json", #"{"sections":[{"title":"B"},{"include":"./a.json"}]}"#)
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: a) }
        #expect(error.issues.map(\.code) == [.includeCycle])
        let issue = try #require(error.issues.first)
        #expect(issue.message == "include cycle: a.json -> b.json -> a.json")
        #expect(issue.path == "sections[1].include")
        #expect(issue.file == dir.path + "/b.json")
    }

    @Test func selfIncludeIsACycle() throws {
        let dir = try TemporaryDirectory()
        let a = try dir.write("self.json", #"{"sections":[{"elements":[{"include":"self.json"}]}]}"#)
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: a) }
        #expect(error.issues.map(\.message) == ["include cycle: self.json -> self.json"])
    }

    @Test func malformedIncludedFileIsReportedInThatFile() throws {
        let dir = try TemporaryDirectory()
        let main = try dir.write("main.json", #"{"sections":[{"include":"broken.json"}]}"#)
        try dir.write("broken.json", "{\"elements\": [\n  {\"type\": \"entry\",}\n]}")
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: main) }
        #expect(error.issues.map(\.code) == [.malformedJSON])
        let issue = try #require(error.issues.first)
        #expect(issue.file == dir.path + "/broken.json")
        #expect(issue.location == SourceLocation(line: 2, column: 20))
    }

    @Test func errorsInsideAnIncludedFileCarryItsPaths() throws {
        let dir = try TemporaryDirectory()
        let main = try dir.write("main.json", #"{"sections":[{"include":"part.json"}]}"#)
        try dir.write("part.json", #"{"elements":[{"type":"entry"},{"type":"entyr"}]}"#)
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: main) }
        #expect(error.issues.map(\.code) == [.unknownType])
        #expect(error.issues.first?.path == "elements[1].type")
        #expect(error.issues.first?.file == dir.path + "/part.json")
    }

    /// A file included twice brings its keys twice: each value would go to one place, the
    /// second field showing and overwriting the first's, so it is warned about as a key used
    /// twice in one file is, naming the include that led to the first.
    @Test func aFileIncludedTwiceIsWarnedAboutForItsKeys() throws {
        let dir = try TemporaryDirectory()
        let main = try dir.write("main.json", """
            {"sections": [{"elements": [{"type": "entry", "key": "name"}]},
              {"include": "address.json", "shared_data": {"label": "Home"}},
              {"include": "address.json", "shared_data": {"label": "Work"}}]}
            """)
        try dir.write("address.json", #"{"title": "Address", "elements": [{"type": "entry", "key": "street"}]}"#)
        let definition = try DefinitionLoader().load(path: main).definition
        let duplicates = DefinitionCheck().issues(in: definition).filter { $0.code == .duplicateKey }
        #expect(duplicates.count == 1, "\(duplicates)")
        let issue = try #require(duplicates.first)
        #expect(issue.file == dir.path + "/address.json" && issue.path == "elements[0].key")
        #expect(issue.message.hasPrefix("the key 'street' is also used at \(main): sections[1] (include 'address.json') -> elements[0]"),
                "\(issue.message)")
        // Included once, nothing is said.
        let once = try dir.write("once.json", #"{"sections": [{"include": "address.json"}]}"#)
        #expect(DefinitionCheck().issues(in: try DefinitionLoader().load(path: once).definition).filter { $0.code == .duplicateKey }.isEmpty)
    }

    @Test func unreadableTopLevelFile() throws {
        let error = try #require(throws: DefinitionError.self) { try DefinitionLoader().load(path: "/nonexistent/form.json") }
        #expect(error.issues.map(\.code) == [.unreadableFile])
        #expect(error.issues.first?.message.contains("No such file") == true)
    }

    @Test func loadsTheSamplesFromDisk() throws {
        let dir = try TemporaryDirectory()
        for name in Fixture.sampleNames {
            let path = try dir.write(name + ".json", try Fixture.text(name))
            let loaded = try DefinitionLoader().load(path: path)
            #expect(loaded.definition.sourcePath == path)
            #expect(sameMembers(loaded.definition.encoded, try JSONReader.parse(try Fixture.text(name))))
        }
    }
}
