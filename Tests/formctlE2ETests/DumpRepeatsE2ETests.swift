import FormStore
import Foundation
import StoreFixtures
import Testing

/// `dump --format csv --repeats separate --output DIR`: the submissions in one file and each
/// repeat's items in another, linked by submission id and item index, as ODK Central exports.
@Suite struct DumpRepeatsE2ETests {
    static func records(_ path: String) throws -> [[String]] {
        try CSVTestParser.parse(try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test func eachRepeatHasAFileLinkedToItsParent() throws {
        let scratch = try Scratch()
        let store = try SubmissionStore(path: scratch.db)
        let version = try store.register(formName: "party", definitionJSON: #"{"sections": [{"elements": [{"type": "entry", "key": "name"}]}]}"#)
        let first = try store.saveFinal(formVersionID: version.id, valuesJSON: #"""
            {"name": "A", "guests": [{"email": "g1", "phones": [{"n": "1"}, {"n": "2"}]}, {"email": "g2", "phones": []}], "tags": ["x"],
             "../evil": [{"k": "v"}]}
            """#)
        let second = try store.saveFinal(formVersionID: version.id, valuesJSON: #"{"name": "B", "guests": [{"email": "g3", "phones": [{"n": "3"}]}]}"#)
        let directory = scratch.path("out")
        let result = try scratch.formctl(["dump", "--format", "csv", "--repeats", "separate", "--output", directory])
        #expect(result.exitCode == 0 && result.stdout.isEmpty, "\(result)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["submissions.%22..%2Fevil%22.csv", "submissions.csv", "submissions.guests.csv", "submissions.guests.phones.csv"], "\(files)")

        let (a, b) = (String(first.id), String(second.id))
        let submissions = try Self.records(directory + "/submissions.csv")
        #expect(submissions.map { Array($0.dropFirst(DumpCSVColumnsE2ETests.metadata.count)) } == [["name", "tags"], ["A", #"["x"]"#], ["B", ""]], "\(submissions)")
        #expect(submissions.dropFirst().map(\.[0]) == [a, b])
        #expect(try Self.records(directory + "/submissions.guests.csv") == [
            ["_submission_id", "_index", "email"], [a, "1", "g1"], [a, "2", "g2"], [b, "1", "g3"],
        ])
        #expect(try Self.records(directory + "/submissions.guests.phones.csv") == [
            ["_submission_id", "_index", "_parent_index", "n"], [a, "1", "1", "1"], [a, "2", "1", "2"], [b, "1", "1", "3"],
        ])
        #expect(try Self.records(directory + "/submissions.%22..%2Fevil%22.csv") == [["_submission_id", "_index", "k"], [a, "1", "v"]])
        #expect(!FileManager.default.fileExists(atPath: scratch.path("evil")))
    }

    /// Three levels: `_index` counts a repeat's items across all its parents' items, so that
    /// `_parent_index` names one row of the enclosing repeat's file.
    @Test func aRepeatThreeLevelsDeepLinksToOneRowOfItsParent() throws {
        let scratch = try Scratch()
        let store = try SubmissionStore(path: scratch.db)
        let version = try store.register(formName: "deep", definitionJSON: #"{"sections": [{"elements": [{"type": "entry", "key": "name"}]}]}"#)
        let row = try store.saveFinal(formVersionID: version.id, valuesJSON: #"""
            {"a": [{"b": [{"c": [{"d": 1}, {"d": 2}]}, {"c": [{"d": 3}]}]}, {"b": [{"c": [{"d": 4}]}]}]}
            """#)
        let directory = scratch.path("out")
        #expect(try scratch.formctl(["dump", "--format", "csv", "--repeats", "separate", "--output", directory]).exitCode == 0)
        let id = String(row.id)
        #expect(try Self.records(directory + "/submissions.a.csv") == [["_submission_id", "_index"], [id, "1"], [id, "2"]])
        #expect(try Self.records(directory + "/submissions.a.b.csv") == [
            ["_submission_id", "_index", "_parent_index"], [id, "1", "1"], [id, "2", "1"], [id, "3", "2"],
        ])
        #expect(try Self.records(directory + "/submissions.a.b.c.csv") == [
            ["_submission_id", "_index", "_parent_index", "d"], [id, "1", "1", "1"], [id, "2", "1", "2"], [id, "3", "2", "3"], [id, "4", "3", "4"],
        ])
    }

    /// A repeat the definition declares has its file and its template's columns even when no
    /// submission has an item yet.
    @Test func aDeclaredRepeatHasItsFileWithoutItems() throws {
        let scratch = try Scratch()
        let line = #"{"name":"Ada","email":"ada@example.com","password":"secret123","passwordConfirmation":"secret123"}"#
        #expect(try scratch.importAll("signup.json", [line]).exitCode == 0)
        let directory = scratch.path("out")
        let result = try scratch.formctl(["dump", "--format", "csv", "--repeats", "separate", "--output", directory])
        #expect(result.exitCode == 0, "\(result)")
        let submissions = try Self.records(directory + "/submissions.csv")
        #expect(submissions.first.map { !$0.contains("guests") && $0.contains("name") } == true, "\(submissions)")
        #expect(try Self.records(directory + "/submissions.guests.csv") == [["_submission_id", "_index", "email"]])
    }

    @Test func separateRepeatsNeedCSVAndADirectory() throws {
        let scratch = try Scratch()
        #expect(try scratch.formctl(["migrate"]).exitCode == 0)
        let noOutput = try scratch.formctl(["dump", "--format", "csv", "--repeats", "separate"])
        #expect(noOutput.exitCode == 2 && noOutput.stderr.contains("--output"), "\(noOutput)")
        let json = try scratch.formctl(["dump", "--repeats", "separate", "--output", scratch.path("out")])
        #expect(json.exitCode == 2 && json.stderr.contains("csv"), "\(json)")
        let file = try scratch.write("file.txt", "x")
        let notDirectory = try scratch.formctl(["dump", "--format", "csv", "--repeats", "separate", "--output", file])
        #expect(notDirectory.exitCode == 3 && notDirectory.stderr.contains("not a directory"), "\(notDirectory)")
    }
}
