import FormStore
import Foundation
import StoreFixtures
import Testing

@Suite("formctl import")
struct ImportE2ETests {
    static let good1 = #"{"name":" Ada ","email":"ADA@Example.com","age":36,"pin":"1234","notes":"first"}"#
    static let good2 = #"{"name":"Grace","email":"grace@example.com","plan":"team","company":"Navy","subscribe":true}"#
    static let badEmail = #"{"name":"Bob","email":"not-an-email"}"#
    static let malformed = #"{"name": "Eve", "#
    static let unknownKey = #"{"name":"Carl","email":"carl@example.com","emial":"x"}"#
    static let missingCompany = #"{"name":"Dan","email":"dan@example.com","plan":"team"}"#

    @Test func storesGoodLinesAndReportsBadOnesWithLineNumbers() throws {
        let scratch = try Scratch()
        // Line 3 is blank: skipped, but still counted for line numbers.
        let file = try scratch.write("in.ndjson", [Self.good1, Self.badEmail, "", Self.malformed, Self.good2, Self.unknownKey, Self.missingCompany].joined(separator: "\n"))
        let result = try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), file])
        #expect(result.exitCode == 1, "\(result)")
        let lines = result.stderrLines
        #expect(lines.contains("line 2: email: must be an email address like name@example.com"), "\(result)")
        #expect(lines.contains { $0.hasPrefix("line 4: malformed JSON: column ") }, "\(result)")
        #expect(lines.contains("line 6: emial: no field has this key; did you mean 'email'?"), "\(result)")
        #expect(lines.contains("line 7: company: is required"), "\(result)")
        #expect(!lines.contains { $0.hasPrefix("line 1:") || $0.hasPrefix("line 3:") || $0.hasPrefix("line 5:") }, "\(result)")
        #expect(lines.last == "imported 2 of 6 lines (4 refused)", "\(result)")

        let stored = try SubmissionStore(path: scratch.db).submissions()
        #expect(stored.count == 2)
        #expect(stored.allSatisfy { $0.status == .final && $0.formName == "contacts" && $0.version == 1 })
        // Transforms ran, the secure pin and the hidden company were dropped, defaults filled in.
        let first = try JSONSerialization.jsonObject(with: Data(stored[0].valuesJSON.utf8)) as? [String: Any]
        #expect(first?["name"] as? String == "Ada")
        #expect(first?["email"] as? String == "ada@example.com")
        #expect(first?["age"] as? Int == 36)
        #expect(first?["plan"] as? String == "free")
        #expect(first?["subscribe"] as? Bool == false)
        #expect(first?["pin"] == nil)
        #expect(first?["company"] == nil)
        let second = try JSONSerialization.jsonObject(with: Data(stored[1].valuesJSON.utf8)) as? [String: Any]
        #expect(second?["company"] as? String == "Navy")
        #expect(second?["subscribe"] as? Bool == true)
        #expect(!stored.contains { $0.valuesJSON.contains("1234") })
    }

    @Test func allOrNothingStoresNothingWhenALineIsInvalid() throws {
        let scratch = try Scratch()
        let file = try scratch.write("in.ndjson", [Self.good1, Self.good2, Self.badEmail].joined(separator: "\n") + "\n")
        let refused = try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), file, "--all-or-nothing"])
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.stderrLines.contains("line 3: email: must be an email address like name@example.com"))
        #expect(refused.stderrLines.last == "imported 0 of 3 lines (1 refused; --all-or-nothing: nothing stored)", "\(refused)")
        #expect(try SubmissionStore(path: scratch.db).count() == 0)

        // Without the bad line, every line goes in, across several batch-size chunks.
        let goodFile = try scratch.write("good.ndjson", Array(repeating: Self.good1, count: 5).joined(separator: "\n"))
        let stored = try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), goodFile, "--all-or-nothing", "--batch-size", "2"])
        #expect(stored.exitCode == 0, "\(stored)")
        #expect(stored.stderrLines.last == "imported 5 of 5 lines", "\(stored)")
        #expect(try SubmissionStore(path: scratch.db).count() == 5)
    }

    @Test func readsStandardInputAndStoresInSeveralBatches() throws {
        let scratch = try Scratch()
        let lines = (1...7).map { #"{"name":"Person \#($0)","email":"p\#($0)@example.com","age":\#($0)}"# }
        // CRLF line ends and no newline after the last line are both accepted.
        let result = try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), "-", "--batch-size", "3"],
                                         stdin: lines.joined(separator: "\r\n"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "imported 7 of 7 lines\n", "\(result)")
        let stored = try SubmissionStore(path: scratch.db).submissions()
        let names = try stored.map { try JSONSerialization.jsonObject(with: Data($0.valuesJSON.utf8)) as? [String: Any] }.map { $0?["name"] as? String }
        #expect(names == (1...7).map { "Person \($0)" })
    }

    @Test func repeatsGrowPerLineAndDoNotLeakIntoTheNextLine() throws {
        let scratch = try Scratch()
        let base = #""name":"Ada","email":"ada@example.com","password":"secret123","passwordConfirmation":"secret123""#
        let lines = [
            "{\(base),\"guests\":[{\"email\":\"A@example.com\"},{\"email\":\"b@example.com\"}]}",
            "{\(base)}",
            "{\(base),\"guests\":[{\"email\":\"bad\"}]}",
        ]
        let file = try scratch.write("in.ndjson", lines.joined(separator: "\n"))
        let result = try scratch.formctl(["import", try CommandRunner.fixture("signup.json"), file])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderrLines.contains { $0.hasPrefix("line 3: guests.0.email: ") }, "\(result)")
        let stored = try SubmissionStore(path: scratch.db).submissions()
        #expect(stored.count == 2)
        let guests = try stored.map { try JSONSerialization.jsonObject(with: Data($0.valuesJSON.utf8)) as? [String: Any] }
            .map { ($0?["guests"] as? [[String: Any]])?.compactMap { $0["email"] as? String } }
        #expect(guests[0] == ["a@example.com", "b@example.com"])
        #expect(guests[1] == nil || guests[1] == [])
        #expect(!stored.contains { $0.valuesJSON.contains("secret123") })
    }

    /// Flat keys (`guests.1.email`, as a spreadsheet's columns give them) that add a repeat's
    /// items renumber the fields after the repeat: a key that follows must still reach its own
    /// field. (It once wrote into the guest's email instead, and stored the name as null.)
    @Test func flatKeysThatAddItemsLeaveTheFieldsAfterTheRepeatTheirOwn() throws {
        let scratch = try Scratch()
        let form = try scratch.write("party.json", """
            {"title": "Party", "sections": [
              {"bind": "iterate:guests", "addTitle": "Add a guest",
               "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email"}},
              {"elements": [
                {"type": "entry", "key": "name", "required": true},
                {"type": "entry", "key": "greeting", "textValue": "@{'Hi \\\\(name)'}"}
              ]}
            ]}
            """)
        let lines = [
            #"{"guests.0.email":"a@example.org","name":"Ada"}"#,
            #"{"guests.0.email":"b@example.org","guests.1.email":"c@example.org","name":"Grace"}"#,
        ]
        let file = try scratch.write("in.ndjson", lines.joined(separator: "\n"))
        let result = try scratch.formctl(["import", form, file])
        #expect(result.exitCode == 0, "\(result)")
        let stored = try SubmissionStore(path: scratch.db).submissions().map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.valuesJSON.utf8)) as? [String: Any])
        }
        #expect(stored.count == 2)
        #expect(stored.map { $0["name"] as? String } == ["Ada", "Grace"])
        #expect(stored.map { $0["greeting"] as? String } == ["Hi Ada", "Hi Grace"])
        #expect(stored.map { ($0["guests"] as? [[String: Any]])?.compactMap { $0["email"] as? String } }
            == [["a@example.org"], ["b@example.org", "c@example.org"]])
    }

    @Test func unreadableInputAndBadDatabaseExitThree() throws {
        let scratch = try Scratch()
        let missing = try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), scratch.path("nope.ndjson")])
        #expect(missing.exitCode == 3, "\(missing)")
        #expect(missing.stderr.contains("nope.ndjson"))

        let notADatabase = try scratch.write("junk.sqlite", String(repeating: "this is not a database\n", count: 100))
        let file = try scratch.write("in.ndjson", Self.good1)
        let result = try CommandRunner.run(["import", try CommandRunner.fixture("contacts.json"), file, "--db", notADatabase],
                                           directory: scratch.directory)
        #expect(result.exitCode == 3, "\(result)")
        #expect(result.stderr.contains(notADatabase) && result.stderr.contains("not a database"), "\(result)")
    }

    @Test func invalidDefinitionAndUsageErrors() throws {
        let scratch = try Scratch()
        let broken = try scratch.write("broken.json", #"{"sections": [ { "elements": [ { "type": "entry", "key": 5 } ] } ]}"#)
        let file = try scratch.write("in.ndjson", Self.good1)
        let invalid = try scratch.formctl(["import", broken, file])
        #expect(invalid.exitCode == 1, "\(invalid)")
        let usage = try scratch.formctl(["import", try CommandRunner.fixture("contacts.json"), file, "--batch-size", "0"])
        #expect(usage.exitCode == 2, "\(usage)")
        let help = try scratch.formctl(["import", "--help"])
        #expect(help.exitCode == 0 && help.stdout.contains("--all-or-nothing"), "\(help)")
    }
}
