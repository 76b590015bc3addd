import FormStore
import Foundation
import StoreFixtures
import Testing

@Suite("formctl dump")
struct DumpE2ETests {
    /// Values that break naive CSV and JSON writers.
    static let tricky = [
        #"{"name":"Comma, Inc","email":"a@example.com","notes":"say \"hi\"\nthen leave","age":7}"#,
        #"{"name":"Zoë 🚀 \"Q\"","email":"b@example.com","notes":"tab\there\r\nCRLF","plan":"team","company":"\"Quoted\", Ltd"}"#,
        #"{"name":"Plain","email":"c@example.com","notes":"\\ back\\slash \t tab","subscribe":true}"#,
    ]

    /// A database with three final contacts and one draft.
    static func populated() throws -> (Scratch, [StoredSubmission]) {
        let scratch = try Scratch()
        let result = try scratch.importAll("contacts.json", tricky)
        #expect(result.exitCode == 0, "\(result)")
        let store = try SubmissionStore(path: scratch.db)
        let version = try #require(try store.latestVersion(formName: "contacts"))
        _ = try store.saveDraft(formVersionID: version.id, valuesJSON: #"{"name":"Draft, \"not done\""}"#)
        return (scratch, try store.submissions())
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func object(_ json: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
    }

    /// Checks one dumped object against the stored row, field by field.
    static func expectMatches(_ dumped: NSDictionary, _ stored: StoredSubmission) throws {
        #expect(dumped.count == 11)
        #expect((dumped["id"] as? NSNumber)?.int64Value == stored.id)
        #expect(dumped["uuid"] as? String == stored.uuid)
        #expect(dumped["form"] as? String == stored.formName)
        #expect((dumped["version"] as? NSNumber)?.intValue == stored.version)
        #expect(dumped["status"] as? String == stored.status.rawValue)
        #expect(dumped["created_at"] as? String == timestamp(stored.createdAt))
        #expect(dumped["updated_at"] as? String == timestamp(stored.updatedAt))
        #expect((dumped["revision"] as? NSNumber)?.intValue == stored.revision)
        #expect(dumped["review"] as? NSDictionary == ["state": stored.reviewState.rawValue])
        #expect(dumped["language"] as? String == stored.language && (stored.language != nil || dumped["language"] is NSNull))
        #expect(dumped["data"] as? NSDictionary == (try object(stored.valuesJSON)))
    }

    @Test func jsonIsAnArrayOfTheStoredFinalRows() throws {
        let (scratch, stored) = try Self.populated()
        let result = try scratch.formctl(["dump"])
        #expect(result.exitCode == 0, "\(result)")
        let array = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [NSDictionary])
        let finals = stored.filter { $0.status == .final }
        #expect(array.count == 3 && finals.count == 3)
        for (dumped, row) in zip(array, finals) { try Self.expectMatches(dumped, row) }
        #expect((array[1]["data"] as? NSDictionary)?["name"] as? String == "Zoë 🚀 \"Q\"")
    }

    @Test func ndjsonIsOneObjectPerLineAndStatusFilters() throws {
        let (scratch, stored) = try Self.populated()
        for (status, expected) in [("all", stored), ("draft", stored.filter { $0.status == .draft }), ("final", stored.filter { $0.status == .final })] {
            let result = try scratch.formctl(["dump", "--format", "ndjson", "--status", status])
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout.hasSuffix("\n"))
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == expected.count, "\(status): \(result)")
            for (line, row) in zip(lines, expected) { try Self.expectMatches(try Self.object(String(line)), row) }
        }
    }

    @Test func csvHasAColumnPerFieldAndQuotesWhatNeedsIt() throws {
        let (scratch, stored) = try Self.populated()
        // One form in the database: --form may be left out.
        let result = try scratch.formctl(["dump", "--format", "csv", "--status", "all"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("\r\n"))
        let records = try CSVTestParser.parse(result.stdout)
        // The secure pin has no column; the hidden-when-free company does.
        let header = ["_id", "_uuid", "_form", "_version", "_status", "_created_at", "_updated_at", "_revision", "_review_state", "_language", "name", "email", "age", "notes", "plan", "company", "subscribe"]
        #expect(records.first == header)
        #expect(records.count == stored.count + 1)
        for (record, row) in zip(records.dropFirst(), stored) {
            #expect(record.count == header.count)
            #expect(record[0] == String(row.id) && record[1] == row.uuid && record[2] == row.formName)
            #expect(record[3] == String(row.version) && record[4] == row.status.rawValue && record[5] == Self.timestamp(row.createdAt)
                    && record[6] == Self.timestamp(row.updatedAt) && record[7] == "1" && record[8] == "received"
                    && record[9] == (row.language ?? ""))
            let values = try Self.object(row.valuesJSON)
            for (index, key) in header.enumerated().dropFirst(10) {
                switch (key, values[key]) {
                case (_, nil), (_, is NSNull): #expect(record[index] == "", "\(key)")
                case ("subscribe", let flag as Bool): #expect(record[index] == (flag ? "true" : "false"), "\(key)")
                case ("age", let number as Int): #expect(record[index] == String(number), "\(key)")
                case (_, let text as String): #expect(record[index] == text, "\(key)")
                default: Issue.record("unexpected value for \(key): \(String(describing: values[key]))")
                }
            }
        }
        #expect(records[2][10] == "Zoë 🚀 \"Q\"" && records[2][15] == "\"Quoted\", Ltd" && records[1][13] == "say \"hi\"\nthen leave")
        #expect(records[4][10] == "Draft, \"not done\"" && records[4][11] == "")
    }

    @Test func csvPutsARepeatInOneColumnAsJSON() throws {
        let scratch = try Scratch()
        let line = #"{"name":"Ada","email":"ada@example.com","password":"secret123","passwordConfirmation":"secret123","guests":[{"email":"g@example.com"}]}"#
        #expect(try scratch.importAll("signup.json", [line]).exitCode == 0)
        let result = try scratch.formctl(["dump", "--format", "csv", "--form", "signup"])
        let records = try CSVTestParser.parse(result.stdout)
        let header = try #require(records.first)
        #expect(!header.contains("password") && !header.contains("passwordConfirmation"))
        let guests = try #require(header.firstIndex(of: "guests"))
        #expect(header.firstIndex(of: "newsletter").map { $0 < guests } == true)
        #expect(records[1][guests] == #"[{"email":"g@example.com"}]"#)
    }

    @Test func csvWithSeveralFormsNeedsFormAndUnknownFormsAreRefused() throws {
        let (scratch, _) = try Self.populated()
        let line = #"{"name":"Ada","email":"ada@example.com","password":"secret123","passwordConfirmation":"secret123"}"#
        #expect(try scratch.importAll("signup.json", [line]).exitCode == 0)
        let ambiguous = try scratch.formctl(["dump", "--format", "csv"])
        #expect(ambiguous.exitCode == 2 && ambiguous.stderr.contains("--form"), "\(ambiguous)")
        let unknown = try scratch.formctl(["dump", "--form", "nosuch"])
        #expect(unknown.exitCode == 1 && unknown.stderr.contains("nosuch"), "\(unknown)")
        let json = try scratch.formctl(["dump", "--form", "signup"])
        let array = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [NSDictionary])
        #expect(array.map { $0["form"] as? String } == ["signup"])
    }

    /// Contacts "Early" and, a second later, "Late", and the whole second the late row was
    /// created in: after the early row's instant, not after the late one's.
    static func earlyAndLate() throws -> (scratch: Scratch, boundary: String) {
        let scratch = try Scratch()
        #expect(try scratch.importAll("contacts.json", [#"{"name":"Early","email":"e@example.com"}"#]).exitCode == 0)
        Thread.sleep(forTimeInterval: 1.1)
        #expect(try scratch.importAll("contacts.json", [#"{"name":"Late","email":"l@example.com"}"#]).exitCode == 0)
        let late = try #require(try SubmissionStore(path: scratch.db).submissions().last)
        return (scratch, String(timestamp(late.createdAt).prefix(19)) + "Z")
    }

    @Test func sinceKeepsRowsCreatedAtOrAfterIt() throws {
        let (scratch, since) = try Self.earlyAndLate()
        let result = try scratch.formctl(["dump", "--format", "ndjson", "--since", since])
        #expect(result.stdout.split(separator: "\n").map { ((try? Self.object(String($0)))?["data"] as? NSDictionary)?["name"] as? String } == ["Late"], "\(result)")
        let dateOnly = try scratch.formctl(["dump", "--since", "1970-01-02"])
        #expect((try JSONSerialization.jsonObject(with: dateOnly.stdoutData) as? [Any])?.count == 2)
        let future = try scratch.formctl(["dump", "--since", "2999-01-01T00:00"])
        #expect(future.stdout == "[]\n", "\(future)")
        let bad = try scratch.formctl(["dump", "--since", "yesterday"])
        #expect(bad.exitCode == 2, "\(bad)")
    }

    @Test func outputWritesTheFileAndAnUnwritablePathExitsThree() throws {
        let (scratch, _) = try Self.populated()
        let target = scratch.path("out.ndjson")
        let written = try scratch.formctl(["dump", "--format", "ndjson", "--output", target])
        #expect(written.exitCode == 0 && written.stdout.isEmpty, "\(written)")
        let toStdout = try scratch.formctl(["dump", "--format", "ndjson"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == toStdout.stdout)
        #expect(!FileManager.default.fileExists(atPath: target + ".tmp"))

        let unwritable = try scratch.formctl(["dump", "--output", scratch.path("missing-dir/out.json")])
        #expect(unwritable.exitCode == 3 && unwritable.stderr.contains("missing-dir/out.json"), "\(unwritable)")
    }

    @Test func emptyDatabaseDumpsAnEmptyArrayAndBadDatabaseExitsThree() throws {
        let scratch = try Scratch()
        // dump only reads: a missing file is an error, and is not created.
        let missing = try scratch.formctl(["dump"])
        #expect(missing.exitCode == 3 && missing.stderr.contains("no database at \(scratch.db)"), "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: scratch.db))
        #expect(try scratch.formctl(["migrate"]).exitCode == 0)
        let empty = try scratch.formctl(["dump"])
        #expect(empty.exitCode == 0 && empty.stdout == "[]\n", "\(empty)")
        let csv = try scratch.formctl(["dump", "--format", "csv"])
        #expect(csv.stdout == "_id,_uuid,_form,_version,_status,_created_at,_updated_at,_revision,_review_state,_language\r\n", "\(csv)")
        let junk = try scratch.write("junk.db", String(repeating: "garbage ", count: 1000))
        let result = try CommandRunner.run(["dump", "--db", junk], directory: scratch.directory)
        #expect(result.exitCode == 3 && result.stderr.contains(junk), "\(result)")
    }
}

@Suite("formctl dump of a form with includes")
struct DumpIncludesE2ETests {
    /// The stored definition carries its includes, so the CSV has a column for every field of
    /// an included file, and a change in that file is a new version with its own columns.
    @Test func includedFieldsHaveColumnsAndAChangedIncludeIsANewVersion() throws {
        let scratch = try Scratch()
        let form = try scratch.write("order.json", #"{"title": "Order", "sections": [{"elements": [{"type": "entry", "key": "item"}]}, {"include": "address.json"}]}"#)
        _ = try scratch.write("address.json", #"{"title": "Address", "elements": [{"type": "entry", "key": "street"}, {"type": "entry", "key": "city"}]}"#)
        let first = try scratch.formctl(["fill", form, "--set", "item=tea", "--set", "street=1 Main St", "--set", "city=Oslo"])
        #expect(first.exitCode == 0, "\(first)")
        _ = try scratch.write("address.json", #"{"title": "Address", "elements": [{"type": "entry", "key": "street"}, {"type": "entry", "key": "city"}, {"type": "entry", "key": "zip", "required": true}]}"#)
        let refused = try scratch.formctl(["fill", form, "--set", "item=tea"])
        #expect(refused.exitCode == 1 && refused.stderr.contains("zip: is required"), "\(refused)")
        let second = try scratch.formctl(["fill", form, "--set", "item=milk", "--set", "zip=0150", "--json"])
        #expect(second.exitCode == 0 && second.stdout.contains(#""version":2"#), "\(second)")

        let csv = try scratch.formctl(["dump", "--format", "csv", "--form", "order"])
        #expect(csv.exitCode == 0, "\(csv)")
        let header = try #require(csv.stdout.split(whereSeparator: \.isNewline).first)
        #expect(header.hasSuffix(",item,street,city,zip"), "\(header)")
        #expect(csv.stdout.contains(",tea,1 Main St,Oslo,"), "\(csv)")
    }
}
