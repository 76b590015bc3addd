import FormEngine
import Testing
import TestSupport

/// Export as a service sees it, with `import FormEngine` alone: JSON, NDJSON and CSV (a repeat
/// in its own table) streamed to the service's own sinks, and one answer to a filter that
/// matches nothing whatever the format.
@Suite("Export")
struct ExportTests {
    static let guestsForm = """
        {"sections": [
          {"elements": [{"type": "entry", "key": "name", "required": true},
                        {"type": "entry", "key": "note", "hidden": true}]},
          {"title": "Guests", "bind": "iterate:guests", "maximumItems": 3,
           "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email"}}
        ]}
        """

    /// Collects what an export writes, chunk by chunk.
    final class Collected: ExportSink, @unchecked Sendable {
        private(set) var bytes: [UInt8] = []
        private(set) var chunks = 0
        func write(_ chunk: [UInt8]) async throws {
            bytes += chunk
            chunks += 1
        }
        var text: String { String(decoding: bytes, as: UTF8.self) }
        var records: [String] { text.split(separator: "\r\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    struct Stored {
        let engine: FormEngine
        let scratch: TemporaryDirectory
        let ids: [Int64]
    }

    /// Two guests for Ann, none for Bob, one for Cy.
    func stored() async throws -> Stored {
        let scratch = try TemporaryDirectory(prefix: "formengine-export")
        let engine = try FormEngine(databasePath: scratch.path("export.sqlite"))
        let form = try engine.loadForm(definition: try FormDefinition(json: Self.guestsForm), name: "party")
        var ids: [Int64] = []
        for answers: FormValue in [
            ["name": "Ann", "guests": [["email": "a1@example.com"], ["email": "=SUM(A1)"]]],
            ["name": "Bob", "guests": []],
            ["name": "Cy", "guests": [["email": "c1@example.com"]]],
        ] {
            ids.append(try await engine.submit(SubmissionRequest(answers: answers), to: form).id)
        }
        return Stored(engine: engine, scratch: scratch, ids: ids)
    }

    @Test func csvWithRepeatsSeparateWritesATablePerRepeat() async throws {
        let stored = try await stored()
        let export = try await stored.engine.prepareExport(
            SubmissionQuery(formName: "party"), as: .csv(CSVExportOptions(repeats: .separate)))
        #expect(export.tables.map(\.name) == ["submissions", "guests"])
        #expect(export.tables.map(\.fileName) == ["submissions.csv", "submissions.guests.csv"])
        var sinks: [String: Collected] = [:]
        try await export.write { table in
            let sink = Collected()
            sinks[table.name] = sink
            return sink
        }
        let submissions = try #require(sinks["submissions"]).records
        #expect(submissions.first == "_id,_uuid,_form,_version,_status,_created_at,_updated_at,_revision,_review_state,_language,name,note")
        // The repeat has no cell here: its items are in their own table.
        #expect(submissions.count == 4 && submissions[1].hasPrefix("\(stored.ids[0]),") && submissions[1].hasSuffix(",final,"
            + submissions[1].split(separator: ",")[5] + "," + submissions[1].split(separator: ",")[6] + ",1,received,en,Ann,"), "\(submissions)")
        // A guest's email that a spreadsheet would run is written with a ' before it.
        #expect(try #require(sinks["guests"]).records == [
            "_submission_id,_index,email",
            "\(stored.ids[0]),1,a1@example.com", "\(stored.ids[0]),2,'=SUM(A1)", "\(stored.ids[2]),1,c1@example.com",
        ])
        await #expect(throws: ExportError.self) { try await export.write(to: Collected()) }
    }

    @Test func csvInlineHasTheUpdatedTimeAndTheRepeatAsJSON() async throws {
        let stored = try await stored()
        let sink = Collected()
        try await stored.engine.export(SubmissionQuery(formName: "party"), as: .csv, to: sink)
        let rows = sink.records
        #expect(rows.first == "_id,_uuid,_form,_version,_status,_created_at,_updated_at,_revision,_review_state,_language,name,note,guests")
        // The times as JSON and NDJSON give them.
        let json = Collected()
        try await stored.engine.export(SubmissionQuery(formName: "party"), as: .json, to: json)
        let cy = try #require(try FormValue(json: json.text).arrayValue?[2].objectValue)
        let cells = rows[3].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(cy["updated_at"] == .string(cells[6]) && cy["created_at"] == .string(cells[5]) && cells[7] == "1" && cells[8] == "received" && cells[9] == "en" && cells[10] == "Cy", "\(rows[3])")
        #expect(rows[3].hasSuffix(#","[{""email"":""c1@example.com""}]""#), "\(rows[3])")
    }

    /// A key may hold a dot (`"a.b"` is one key, stored as it is): its column is the quoted
    /// name, once, holding its value, beside a field nested under `a` (`a.b` is b inside a).
    @Test func aKeyWithADotHasOneQuotedColumn() async throws {
        let scratch = try TemporaryDirectory(prefix: "formengine-export")
        let engine = try FormEngine(databasePath: scratch.path("export.sqlite"))
        let form = try engine.loadForm(definition: try FormDefinition(json: """
            {"sections": [{"elements": [{"type": "entry", "key": "a.b"}, {"type": "entry", "key": "=cmd"},
                                        {"type": "entry", "key": "b", "valuePath": "a.b"}]}]}
            """), name: "odd")
        try await engine.submit(SubmissionRequest(answers: ["a.b": "dotted", "=cmd": "z", "a": ["b": "nested"]]), to: form)
        let sink = Collected()
        try await engine.export(SubmissionQuery(formName: "odd"), as: .csv, to: sink)
        let rows = sink.records
        #expect(rows.first?.hasSuffix(#",_language,"""a.b""","""=cmd""",a.b"#) == true, "\(rows)")
        #expect(rows.count == 2 && rows[1].hasSuffix(",en,dotted,z,nested"), "\(rows)")
    }

    @Test func jsonAndNDJSONCarryEveryRow() async throws {
        let stored = try await stored()
        let ndjson = Collected(), json = Collected()
        try await stored.engine.export(SubmissionQuery(formName: "party"), as: .ndjson, to: ndjson)
        try await stored.engine.export(SubmissionQuery(formName: "party"), as: .json, to: json)
        let lines = ndjson.text.split(separator: "\n")
        #expect(lines.count == 3 && lines[1].hasPrefix(#"{"id":\#(stored.ids[1]),"uuid":"#) && lines[1].contains(#""updated_at":""#)
                && lines[1].contains(#""data":{"#) && lines[1].contains(#""name":"Bob""#), "\(ndjson.text)")
        let array = try FormValue(json: json.text)
        #expect(array.arrayValue?.count == 3 && array.arrayValue?[0].objectValue?["data"]?.objectValue?["name"] == "Ann")
        // The revision, the review state and the language before the values, as `show` gives them too.
        #expect(lines[1].contains(#""updated_at":"\#(try #require(array.arrayValue?[1].objectValue?["updated_at"]?.stringValue))","revision":1,"review":{"state":"received"},"language":"en","data":{"#), "\(lines[1])")
        let shown = try #require(try await stored.engine.show(id: stored.ids[1]))
        #expect(try FormValue(json: String(lines[1])) == shown)
    }

    @Test func aFilterThatMatchesNothingIsEmptyInEveryFormat() async throws {
        let stored = try await stored()
        let drafts = SubmissionQuery(formName: "party", version: 1, status: .draft)
        var outputs: [String] = []
        for format: ExportFormat in [.json, .ndjson, .csv] {
            let sink = Collected()
            try await stored.engine.export(drafts, as: format, to: sink)
            outputs.append(sink.text)
        }
        #expect(outputs == ["[]\n", "", "_id,_uuid,_form,_version,_status,_created_at,_updated_at,_revision,_review_state,_language,name,note,guests\r\n"])
    }

    @Test func anUnknownFormOrVersionIsAnErrorInEveryFormat() async throws {
        let stored = try await stored()
        for format: ExportFormat in [.json, .ndjson, .csv, .csv(CSVExportOptions(repeats: .separate))] {
            let sink = Collected()
            do {
                try await stored.engine.export(SubmissionQuery(formName: "party", version: 3), as: format, to: sink)
                Issue.record("\(format): version 3 was exported")
            } catch let error as ExportError {
                #expect(error.description == "form 'party' has no version 3 (it has version 1)", "\(format)")
            }
            do {
                try await stored.engine.export(SubmissionQuery(formName: "nosuch"), as: format, to: sink)
                Issue.record("\(format): an unknown form was exported")
            } catch let error as ExportError {
                guard case .unknownForm(let name, let known, _) = error else { throw error }
                #expect(name == "nosuch" && known == ["party"], "\(format)")
            }
            // With no form named, a version that no stored form has is unknown too.
            await #expect(throws: ExportError.self, "\(format)") {
                try await stored.engine.export(SubmissionQuery(version: 2), as: format, to: sink)
            }
            #expect(sink.bytes.isEmpty, "\(format): \(sink.text)")
        }
    }

    @Test func aLargeExportReachesItsSinkInBatches() async throws {
        let scratch = try TemporaryDirectory(prefix: "formengine-export")
        let engine = try FormEngine(databasePath: scratch.path("export.sqlite"))
        let form = try engine.loadForm(definition: try FormDefinition(json: Self.guestsForm), name: "party")
        let long = String(repeating: "x", count: 4_000)
        for index in 0..<200 {
            _ = try await engine.submit(SubmissionRequest(answers: ["name": .string("\(index) \(long)")]), to: form)
        }
        let sink = Collected()
        try await engine.export(SubmissionQuery(formName: "party"), as: .ndjson, to: sink)
        // 800 kB of rows: more than one batch, each a run of whole lines.
        #expect(sink.text.split(separator: "\n").count == 200 && sink.chunks > 1, "\(sink.chunks)")
    }
}
