import FormStore
import Foundation
import StoreFixtures
import Testing

/// `dump --format csv` columns: one per stored leaf value, named so that a name stands for one
/// key path whatever characters its keys have, beside metadata columns no key can collide with,
/// from every version being dumped.
@Suite struct DumpCSVColumnsE2ETests {
    static func definition(_ keys: [String]) -> String {
        let elements = keys.map { #"{"type": "entry", "key": "\#($0)"}"# }.joined(separator: ", ")
        return #"{"sections": [{"elements": [\#(elements)]}]}"#
    }

    static let metadata = ["_id", "_uuid", "_form", "_version", "_status", "_created_at", "_updated_at", "_revision", "_review_state", "_language"]

    @Test func oddKeysHaveExactColumnsAndMetadataCannotCollide() throws {
        let scratch = try Scratch()
        let store = try SubmissionStore(path: scratch.db)
        let version = try store.register(formName: "odd", definitionJSON: Self.definition(["id", "version", "status"]))
        let values = #"""
            {"id": "my-id", "version": "v-text", "status": "s", "a.b": "dotted", "@count": "at", "self": "me", "": "empty",
             "_id": "underscore", "nested": {"x.y": {"": "deep"}, "self": {"@count": 2}}, "tags": ["p", "q"], "say \"hi\"": "quoted"}
            """#
        let row = try store.saveFinal(formVersionID: version.id, valuesJSON: values)
        for raw in [false, true] {
            let dumped = try scratch.formctl(["dump", "--format", "csv", "--form", "odd"] + (raw ? ["--raw-csv"] : []))
            #expect(dumped.exitCode == 0, "\(dumped)")
            let records = try CSVTestParser.parse(dumped.stdout)
            #expect(records.first == Self.metadata + [
                "id", "version", "status", #""a.b""#, #""@count""#, "self", #""""#, #""_id""#, #"nested."x.y"."""#,
                #"nested.self."@count""#, "tags", #""say \"hi\"""#,
            ], "\(dumped.stdout)")
            #expect(records.count == 2)
            #expect(records[1] == [String(row.id), row.uuid, "odd", "1", "final", DumpE2ETests.timestamp(row.createdAt),
                                   DumpE2ETests.timestamp(row.updatedAt), "1", "received", "", "my-id", "v-text", "s", "dotted", "at", "me", "empty", "underscore", "deep", "2", #"["p","q"]"#, "quoted"],
                    "\(dumped.stdout)")
        }
        let help = try CommandRunner.run(["dump", "--help"])
        // The help is wrapped to the terminal's width: its words are compared, not its lines.
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains(#""a.b""#) && words.contains("never collides"), "\(help)")
    }

    @Test func iteratePropertiesValuesHaveAColumnEach() throws {
        let scratch = try Scratch()
        let form = CommandRunner.exampleForm("survey.json")
        let data = CommandRunner.exampleForm("survey-data.json")
        let filled = try scratch.formctl(["fill", form, "--data", data, "--set", "name=Ada", "--set", "topics=deploys", "--json"])
        #expect(filled.exitCode == 0, "\(filled)")
        let dumped = try scratch.formctl(["dump", "--format", "csv"])
        let records = try CSVTestParser.parse(dumped.stdout)
        let header = try #require(records.first)
        for column in ["tools.Xcode.score", "tools.SwiftPM.score", "tools.Docker.score"] {
            let index = try #require(header.firstIndex(of: column), "\(dumped.stdout)")
            #expect(records[1][index] != "", "\(column): \(dumped.stdout)")
        }
        #expect(header.contains("name") && header.contains("topics") && header.contains("comments"), "\(header)")
    }

    /// Rows of two versions: each version's fields have columns, newest version's order first,
    /// and a field only the old version had keeps its values.
    @Test func columnsComeFromEveryVersionDumped() throws {
        let scratch = try Scratch()
        let store = try SubmissionStore(path: scratch.db)
        let first = try store.register(formName: "grow", definitionJSON: Self.definition(["name", "old", "unanswered"]))
        let old = try store.saveFinal(formVersionID: first.id, valuesJSON: #"{"name": "Ada", "old": "kept"}"#)
        let second = try store.register(formName: "grow", definitionJSON: Self.definition(["new", "name"]))
        let new = try store.saveFinal(formVersionID: second.id, valuesJSON: #"{"name": "Bo", "new": "fresh", "extra": 1}"#)
        let dumped = try scratch.formctl(["dump", "--format", "csv"])
        let records = try CSVTestParser.parse(dumped.stdout).map { Array($0.dropFirst(Self.metadata.count)) }
        #expect(records == [["new", "name", "old", "unanswered", "extra"], ["", "Ada", "kept", "", ""], ["fresh", "Bo", "", "", "1"]],
                "\(dumped.stdout)")

        // --version N: that version's rows, and only the columns they have.
        let onlyFirst = try scratch.formctl(["dump", "--format", "csv", "--version", "1"])
        let firstRecords = try CSVTestParser.parse(onlyFirst.stdout)
        #expect(firstRecords.map { Array($0.dropFirst(Self.metadata.count)) } == [["name", "old", "unanswered"], ["Ada", "kept", ""]], "\(onlyFirst)")
        #expect(firstRecords.last?.first == String(old.id))
        let json = try scratch.formctl(["dump", "--format", "ndjson", "--form", "grow", "--version", "2"])
        #expect(json.stdout.split(separator: "\n").count == 1 && json.stdout.contains(#""id":\#(new.id),"#), "\(json)")
        for arguments in [["--form", "grow"], ["--format", "csv"]] {
            let missing = try scratch.formctl(["dump", "--version", "3"] + arguments)
            #expect(missing.exitCode == 1 && missing.stderr.contains("versions 1 to 2"), "\(missing)")
        }
        let zero = try scratch.formctl(["dump", "--version", "0"])
        #expect(zero.exitCode == 2, "\(zero)")
    }

    /// The first pass walks one row of each structure; values that look like structure (a
    /// quote and a colon inside a string) do not fool it, and a later row with a new key, an
    /// object where others have a number, or items where others have none adds its columns.
    @Test func everyNewStructureAddsItsColumns() throws {
        let scratch = try Scratch()
        let store = try SubmissionStore(path: scratch.db)
        let version = try store.register(formName: "shapes", definitionJSON: Self.definition(["a"]))
        let rows = [
            #"{"a": "x\":", "b": []}"#, #"{"a": "y", "b": []}"#, #"{"a": "z\": 1", "b": [], "c": 1}"#,
            #"{"a": {"deep": true}, "b": [{"k": 1}]}"#, #"{"a": 2, "b": [{"k": 2}, {"k": 3}]}"#,
        ]
        for row in rows { _ = try store.saveFinal(formVersionID: version.id, valuesJSON: row) }
        let inline = try CSVTestParser.parse(try scratch.formctl(["dump", "--format", "csv"]).stdout).map { Array($0.dropFirst(Self.metadata.count)) }
        #expect(inline == [
            ["a", "b", "c", "a.deep"], [#"x":"#, "[]", "", ""], ["y", "[]", "", ""], [#"z": 1"#, "[]", "1", ""],
            ["", #"[{"k":1}]"#, "", "true"], ["2", #"[{"k":2},{"k":3}]"#, "", ""],
        ], "\(inline)")
        let directory = scratch.path("out")
        #expect(try scratch.formctl(["dump", "--format", "csv", "--repeats", "separate", "--output", directory]).exitCode == 0)
        let main = try CSVTestParser.parse(try String(contentsOfFile: directory + "/submissions.csv", encoding: .utf8))
        #expect(main.first.map { Array($0.dropFirst(Self.metadata.count)) } == ["a", "c", "a.deep"], "\(main)")
        let items = try CSVTestParser.parse(try String(contentsOfFile: directory + "/submissions.b.csv", encoding: .utf8))
        #expect(items.map { Array($0.dropFirst(1)) } == [["_index", "k"], ["1", "1"], ["1", "2"], ["2", "3"]], "\(items)")
    }

    @Test func untilIsExclusiveBesideAnInclusiveSince() throws {
        let (scratch, boundary) = try DumpE2ETests.earlyAndLate()
        func names(_ arguments: [String]) throws -> [String] {
            let result = try scratch.formctl(["dump", "--format", "csv"] + arguments)
            #expect(result.exitCode == 0, "\(result)")
            return try CSVTestParser.parse(result.stdout).dropFirst().map { $0[Self.metadata.count] }
        }
        #expect(try names(["--until", boundary]) == ["Early"])
        #expect(try names(["--since", boundary]) == ["Late"])
        #expect(try names(["--since", "1970-01-02", "--until", "2999-01-01"]) == ["Early", "Late"])
        let empty = try scratch.formctl(["dump", "--since", boundary, "--until", boundary])
        #expect(empty.exitCode == 2 && empty.stderr.contains("--until"), "\(empty)")
        let bad = try scratch.formctl(["dump", "--until", "tomorrow"])
        #expect(bad.exitCode == 2 && bad.stderr.contains("--until"), "\(bad)")
    }
}
