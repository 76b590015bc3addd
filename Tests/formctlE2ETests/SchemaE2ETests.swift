import Foundation
import TestSupport
import Testing

/// `formctl schema` against a real JSON Schema validator (Python's `jsonschema`, draft 2020-12,
/// installed by .ci/run): the example forms and QuickDialog's samples are valid, broken forms
/// are not, each at the place an editor would underline.
@Suite struct SchemaE2ETests {
    static let validForms = [
        "forms/signup.json", "forms/survey.json", "forms/loginform.json", "forms/feedback.json", "forms/order.json",
        "Tests/Fixtures/jsondatasample.json", "Tests/Fixtures/jsonadvancedsample.json",
    ]

    /// Validates each file against the schema and prints `<file>\t<error count>\t<paths>`.
    static let validator = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for name in sys.argv[2:]:
            errors = list(validator.iter_errors(json.load(open(name))))
            print(name, len(errors), ",".join(sorted(e.json_path for e in errors)), sep="\\t")
        """

    func validate(_ files: [String], scratch: Scratch) throws -> [String: (count: Int, paths: String)] {
        let schema = scratch.path("formctl.schema.json")
        let written = try CommandRunner.run(["schema", "--output", schema])
        #expect(written.exitCode == 0, "\(written)")
        let script = try scratch.write("validate.py", Self.validator)
        let result = try CommandRunner.run(["python3", script, schema] + files, executable: "/usr/bin/env")
        try #require(result.exitCode == 0, "the validator ran (pip install jsonschema): \(result)")
        var reports: [String: (count: Int, paths: String)] = [:]
        for line in result.stdout.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            reports[fields[0]] = (Int(fields[1]) ?? -1, fields.count > 2 ? fields[2] : "")
        }
        return reports
    }

    @Test func theExamplesAndQuickDialogsSamplesAreValid() throws {
        let scratch = try Scratch()
        let files = Self.validForms.map(RepositoryFiles.path)
        let reports = try validate(files, scratch: scratch)
        for file in files {
            #expect(reports[file]?.count == 0, "\(file): \(String(describing: reports[file]))")
        }
    }

    @Test func brokenFormsFailWhereAnEditorWouldUnderline() throws {
        let scratch = try Scratch()
        let cases: [(String, String)] = [
            (#"{"sections": [{"elements": [{"type": "QEntryElement", "key": "a", "placehodler": "x"}]}]}"#,
             "$.sections[0].elements[0]"),
            (#"{"sections": [{"elements": [{"type": "QEntryElement", "keyboardType": "Emial"}]}]}"#,
             "$.sections[0].elements[0].keyboardType"),
            (#"{"sections": [{"elements": [{"type": "QBooleanElement", "boolValue": "yes"}]}]}"#,
             "$.sections[0].elements[0].boolValue"),
            (#"{"sections": [{"elements": [{"type": "QEntyElement", "key": "a"}]}]}"#,
             "$.sections[0].elements[0].type"),
            (#"{"sections": [{"elements": [{"key": "a"}]}]}"#, "$.sections[0].elements[0]"),
            (#"{"sections": [{"type": "QSelectSection", "items": "a,b"}]}"#, "$.sections[0].items"),
            (#"{"sections": {"elements": []}}"#, "$.sections"),
            // Text maps: strings under language tags; the default language a tag.
            (#"{"title": {"en": "Trip", "de": 2}}"#, "$.title"),
            (#"{"sections": [{"footer": {"english": "x", "not a tag": "y"}}]}"#, "$.sections[0].footer"),
            (#"{"language": "english!"}"#, "$.language"),
            (#"{"strings": {"de": {"hi": ["Hallo"]}}}"#, "$.strings.de.hi"),
            // Declared data: an entry needs a class; a class is written as text.
            (#"{"data": [{"name": "userName", "defaultValue": "\"Guest\""}]}"#, "$.data[0]"),
            (#"{"classes": {"User": {"age": 3}}}"#, "$.classes.User.age"),
        ]
        var files: [String] = []
        for (index, (json, _)) in cases.enumerated() { files.append(try scratch.write("broken-\(index).json", json)) }
        let reports = try validate(files, scratch: scratch)
        for (file, (json, path)) in zip(files, cases) {
            let report = try #require(reports[file], "\(json)")
            #expect(report.count > 0, "\(json) passed the schema")
            #expect(report.paths.split(separator: ",").contains { $0 == path }, "\(json): \(report.paths)")
        }
    }

    @Test func aFormPointingAtTheSchemaChecksCleanAndValidates() throws {
        let scratch = try Scratch()
        let form = try scratch.write("form.json", #"""
            {"$schema": "./formctl.schema.json", "title": "Hi",
             "sections": [{"elements": [{"type": "entry", "key": "name", "required": true, "keyboardType": "Default"},
                                        {"type": "radio", "key": "size", "items": ["S", "M"], "values": ["s", "m"],
                                         "hidden": "@{name == ''}"}]}]}
            """#)
        let check = try CommandRunner.run(["check", form])
        #expect(check.exitCode == 0 && check.stderr.isEmpty, "\(check)")
        #expect(try validate([form], scratch: scratch)[form]?.count == 0)
    }
}
