import Testing

@testable import FormCore

/// `image` and `file` elements in definitions: their names, properties and value property,
/// what `check` refuses in their rules, and what the JSON Schema says of them.
@Suite struct FileDefinitionTests {
    func issues(_ json: String) throws -> [String] {
        try DefinitionLint().lint(FormDefinition(json: json)).filter(\.isError).map { "\($0.path): \($0.message)" }
    }

    func element(_ properties: String, type: String = "file") -> String {
        #"{"sections": [{"elements": [{"type": "\#(type)", "key": "f"\#(properties.isEmpty ? "" : ", " + properties)}]}]}"#
    }

    @Test func fileIsFormctlsOwnElementBesideQuickDialogsImage() throws {
        #expect(ElementKind(typeName: "file") == .file)
        #expect(ElementKind(typeName: "QFileElement") == .file)
        #expect(ElementKind.file.valueProperty == "fileValue")
        #expect(ElementKind.image.valueProperty == "imageValue")
        #expect(ElementKind.file.fetchesValue && ElementKind.file.holdsFiles && ElementKind.image.holdsFiles)
        #expect(!ElementKind.entry.holdsFiles)
        for property in ["accept", "maxSize", "maximumFiles", "imageMaxLength", "required"] {
            #expect(ElementKind.file.properties[property] != nil, "\(property)")
            #expect(ElementKind.image.properties[property] != nil, "\(property)")
        }
        #expect(ElementKind.root.properties["maxUploadSize"] == .integer)
        #expect(DefinitionSchema.description(of: ElementKind.file).contains("formctl's own, not QuickDialog's"))
    }

    @Test func aWellFormedFileFieldPassesCheckInsideARepeatToo() throws {
        let json = """
            {"maxUploadSize": 1048576, "sections": [
              {"elements": [{"type": "image", "key": "photo", "accept": ["image/png", "image/*", ".jpg"], "maxSize": 1024,
                             "maximumFiles": 2, "imageMaxLength": 640, "required": true}]},
              {"bind": "iterate:talks", "elementTemplate": {"type": "file", "key": "slides", "accept": [".pdf"]}}]}
            """
        #expect(try issues(json) == [])
        let definition = try FormDefinition(json: json)
        #expect(DefinitionCheck().issues(in: definition).isEmpty)
        #expect(throws: Never.self) { try CompiledForm(definition: definition) }
    }

    @Test(arguments: [
        (#""accept": ["pdf"]"#, #"sections[0].elements[0].accept[0]: "pdf" is neither a media type (type/subtype or type/*) nor an extension (.ext)"#),
        (#""accept": ["image/"]"#, #"sections[0].elements[0].accept[0]: "image/" is neither a media type (type/subtype or type/*) nor an extension (.ext)"#),
        (#""accept": ["*/png"]"#, #"sections[0].elements[0].accept[0]: "*/png" is neither a media type (type/subtype or type/*) nor an extension (.ext)"#),
        (#""accept": [".p df"]"#, #"sections[0].elements[0].accept[0]: ".p df" is neither a media type (type/subtype or type/*) nor an extension (.ext)"#),
        (#""accept": ["image/png", 3]"#, #"sections[0].elements[0].accept[1]: 3 is neither a media type (type/subtype or type/*) nor an extension (.ext)"#),
        (#""accept": "@{kinds}""#, "sections[0].elements[0].accept: accept must be an array of media types and extensions, not an expression: it is checked while a file is read"),
        (#""maxSize": 0"#, "sections[0].elements[0].maxSize: maxSize must be a whole number of bytes above 0, found 0"),
        (#""maxSize": -5"#, "sections[0].elements[0].maxSize: maxSize must be a whole number of bytes above 0, found -5"),
        (#""maxSize": "@{limit}""#, "sections[0].elements[0].maxSize: maxSize must be a number, not an expression: the limit is enforced while a file is read"),
        (#""maximumFiles": 0"#, "sections[0].elements[0].maximumFiles: maximumFiles must be a whole number of files above 0, found 0"),
        (#""imageMaxLength": 0.5"#, "sections[0].elements[0].imageMaxLength: imageMaxLength must be a whole number of pixels above 0, found 0.5"),
        (#""secureTextEntry": true"#, "sections[0].elements[0].secureTextEntry: a file field cannot be secure: its file is stored with the submission, and secure fields never are"),
        (#""fileValue": "talk.pdf""#, "sections[0].elements[0].fileValue: a file field starts with no file: a definition cannot give one (a person attaches it when filling)"),
    ] as [(String, String)])
    func checkRefusesBadFileRules(_ properties: String, _ expected: String) throws {
        let json = element(properties)
        #expect(try issues(json) == [expected])
        // Compiling refuses what check reports as an error.
        #expect(throws: DefinitionError.self) { try CompiledForm(definition: FormDefinition(json: json)) }
    }

    @Test func aFractionalSizeIsRefusedWhenTheDefinitionIsRead() {
        #expect(throws: DefinitionError.self) { try FormDefinition(json: element(#""maxSize": 1.5"#)) }
    }

    @Test func maxUploadSizeIsCheckedOnTheRootAndIgnoredElsewhere() throws {
        #expect(try issues(#"{"maxUploadSize": 0, "sections": []}"#) == [
            "maxUploadSize: maxUploadSize must be a whole number of bytes above 0, found 0",
        ])
        let nested = #"{"sections": [{"elements": [{"type": "root", "title": "More", "maxUploadSize": 5, "sections": []}]}]}"#
        let warnings = try DefinitionLint().lint(FormDefinition(json: nested)).map { "\($0.severity) \($0.path)" }
        #expect(warnings == ["warning sections[0].elements[0].maxUploadSize"])
    }

    @Test func anImageValueInADefinitionIsRefusedAsADefaultFile() throws {
        #expect(try issues(element(#""imageValue": "me.png""#, type: "image")) == [
            "sections[0].elements[0].imageValue: a file field starts with no file: a definition cannot give one (a person attaches it when filling)",
        ])
    }

    @Test func theSchemaKnowsTheFileElementAndItsRules() throws {
        guard case .object(let defs)? = DefinitionSchema.document["$defs"] else {
            Issue.record("no $defs")
            return
        }
        let file = try #require(defs["QFileElement"])
        #expect(file["properties"]?["type"]?["enum"] == ["QFileElement", "file"])
        #expect(file["properties"]?["maxSize"]?["anyOf"]?[0] == ["type": "integer", "minimum": 1])
        #expect(file["properties"]?["maximumFiles"]?["anyOf"]?[0] == ["type": "integer", "minimum": 1])
        #expect(defs["QImageElement"]?["properties"]?["imageMaxLength"]?["anyOf"]?[0] == ["type": "integer", "minimum": 1])
        #expect(defs["root"]?["properties"]?["maxUploadSize"]?["anyOf"]?[0] == ["type": "integer", "minimum": 1])
        let pattern = try #require(file["properties"]?["accept"]?["anyOf"]?[0]?["items"]?["pattern"]?.stringValue)
        // The schema's pattern is the check's rule: both take and refuse the same entries.
        let regex = try LinearRegex.compiled(pattern)
        for entry in ["image/png", "image/*", ".pdf", "application/vnd.ms-excel", "pdf", "image/", "*/*", ".a.b", "a/b/c", "image/ png"] {
            #expect(regex.wholeMatch(entry) == FileAcceptEntry.isValid(entry), "\(entry)")
        }
    }
}
