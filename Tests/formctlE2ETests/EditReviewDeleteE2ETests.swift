import Foundation
import Testing

/// Corrections, review and deletion on the record: `edit` keeps what a submission said before,
/// `review` sets its state with comments, `delete` leaves a tombstone that `purge` removes, and
/// `show --history` and `dump --revisions` read it all back.
@Suite struct EditReviewDeleteE2ETests {
    static let signup = CommandRunner.exampleForm("signup.json")
    static let ann = #"""
        {"name": "Ann Lee", "email": "ann@exmaple.com", "password": "correct-horse-1", "passwordConfirmation": "correct-horse-1",
         "plan": "team", "company": "ACME", "seats": 5, "guests": [{"email": "bo@example.com"}]}
        """#

    /// A database holding Ann's signup as submission 1, filled in by the user ann.
    static func stored(_ scratch: Scratch) throws {
        let filled = try run(scratch, ["fill", signup, "--answers", "-"], as: "ann", stdin: ann)
        #expect(filled.stdout == "saved submission 1\n", "\(filled)")
    }

    /// `formctl ARGS --db <scratch's database>` as the user `user`.
    static func run(_ scratch: Scratch, _ arguments: [String], as user: String, stdin: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run(arguments + ["--db", scratch.db], stdin: stdin, directory: scratch.directory, environment: ["USER": user])
    }

    static func json(_ result: CommandRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result)")
    }

    @Test func editsKeepTheOldValuesAndTheHistoryShowsEachDifference() throws {
        let scratch = try Scratch()
        try Self.stored(scratch)
        let typo = try scratch.formctl(["edit", "1", "--set", "email=ann@example.com", "--reason", "typo in email", "--actor", "carol"])
        #expect(typo.exitCode == 0, "\(typo)")
        #expect(typo.stdout == """
            edited submission 1: revision 2
              email: "ann@exmaple.com" -> "ann@example.com"

            """, "\(typo)")
        let answers = try scratch.write("more.json", #"{"seats": 12, "guests": [{"email": "bo@example.com"}, {"email": "cy@example.com"}]}"#)
        let more = try Self.run(scratch, ["edit", "1", "--answers", answers], as: "dana")
        #expect(more.stdout == """
            edited submission 1: revision 3
              seats: 5 -> 12
              guests.1.email: (none) -> "cy@example.com"

            """, "\(more)")

        let shown = try Self.json(try scratch.formctl(["show", "1"]))
        let data = try #require(shown["data"] as? [String: Any])
        #expect(data["email"] as? String == "ann@example.com" && data["seats"] as? Int == 12 && data["name"] as? String == "Ann Lee")
        #expect(shown["revision"] as? Int == 3)

        let text = try scratch.formctl(["show", "1", "--history"])
        #expect(text.exitCode == 0, "\(text)")
        let lines = PostgresE2ETests.comparable(text.stdout).split(separator: "\n").map(String.init)
        #expect(lines.first == "submission 1 (form signup, uuid UUID): final, revision 3, review received", "\(text)")
        #expect(lines.contains("revision 1  TIME  by ann  form version 1"), "fill records the login name: \(text)")
        #expect(lines.contains(#"  email: "ann@exmaple.com""#) && lines.contains("  seats: 5"), "revision 1 lists its values: \(text)")
        #expect(lines.contains("revision 2  TIME  by carol  form version 1  reason: typo in email"), "\(text)")
        #expect(lines.contains(#"  email: "ann@exmaple.com" -> "ann@example.com""#), "\(text)")
        #expect(lines.contains("revision 3  TIME  by dana  form version 1"), "\(text)")
        #expect(lines.contains(#"  guests.1.email: (none) -> "cy@example.com""#), "\(text)")
        #expect(!text.stdout.contains("correct-horse"), "a secure field is in no revision")

        let history = try Self.json(try scratch.formctl(["show", "1", "--history", "--json"]))
        let revisions = try #require(history["revisions"] as? [[String: Any]])
        #expect(revisions.map { $0["revision"] as? Int } == [1, 2, 3])
        #expect((revisions[0]["data"] as? [String: Any])?["email"] as? String == "ann@exmaple.com", "the old values are kept")
        #expect(revisions[0]["changes"] == nil, "the first revision changed nothing before it")
        #expect(revisions[1]["actor"] as? String == "carol" && revisions[1]["reason"] as? String == "typo in email")
        let changes = try #require(revisions[1]["changes"] as? [[String: Any]])
        #expect(changes.count == 1 && changes[0]["path"] as? String == "email" && changes[0]["old"] as? String == "ann@exmaple.com"
                    && changes[0]["new"] as? String == "ann@example.com", "\(changes)")
        #expect(revisions[2]["actor"] as? String == "dana" && revisions[2]["reason"] is NSNull)
        #expect(history["deleted"] is NSNull && (history["reviews"] as? [Any])?.isEmpty == true)
    }

    @Test func anInvalidEditChangesNothingAndEachRefusalNamesTheSubmission() throws {
        let scratch = try Scratch()
        try Self.stored(scratch)
        let invalid = try scratch.formctl(["edit", "1", "--set", "email=not-an-email", "--set", "seats=1000"])
        #expect(invalid.exitCode == 1, "\(invalid)")
        #expect(invalid.stderr.contains("email: must be an email address") && invalid.stderr.contains("seats:"), "every error: \(invalid)")
        #expect(invalid.stderrLines.last == "formctl: submission 1 was not changed: 2 values are invalid", "\(invalid)")
        // `--set` and the messages number repeat items from 1: guests.1 is Ann's one guest.
        let guest = try scratch.formctl(["edit", "1", "--set", "guests.1.email=not-an-email", "--set", "guests.2.email=also-not"])
        #expect(guest.exitCode == 1, "\(guest)")
        #expect(guest.stderrLines.contains("guests.1.email: must be an email address like name@example.com"), "\(guest)")
        #expect(guest.stderrLines.contains("guests.2.email: must be an email address like name@example.com"), "\(guest)")
        let unchanged = try scratch.formctl(["edit", "1", "--set", "email=ann@exmaple.com"])
        #expect(unchanged.exitCode == 0 && unchanged.stdout.contains("submission 1 is unchanged (still revision 1)"), "\(unchanged)")
        let history = try Self.json(try scratch.formctl(["show", "1", "--history", "--json"]))
        #expect((history["revisions"] as? [Any])?.count == 1, "neither edit stored a revision: \(history)")
        #expect(try Self.json(try scratch.formctl(["show", "1"]))["revision"] as? Int == 1)

        let twice = try scratch.formctl(["edit", "1", "--set", "email=a@example.com", "--set", "email=b@example.com"])
        #expect(twice.exitCode == 2 && twice.stderr.contains("--set email is given more than once"), "\(twice)")
        let secure = try scratch.formctl(["edit", "1", "--set", "password=hunter22"])
        #expect(secure.exitCode == 2 && secure.stderr.contains("password is a secure field"), "\(secure)")
        let missing = try scratch.formctl(["edit", "9", "--set", "name=Bo"])
        #expect(missing.exitCode == 1 && missing.stderr.contains("no submission with id 9"), "\(missing)")
        _ = try scratch.formctl(["fill", Self.signup, "--draft", "--set", "name=Bo"])
        let draft = try scratch.formctl(["edit", "2", "--set", "name=Bo Li"])
        #expect(draft.exitCode == 1 && draft.stderr.contains("submission 2") && draft.stderr.contains("draft"), "\(draft)")
        let nothing = try scratch.formctl(["edit", "1"])
        #expect(nothing.exitCode == 2 && nothing.stderr.contains("--answers, --set or --attach"), "\(nothing)")
        let control = try scratch.formctl(["edit", "1", "--set", "name=Bo", "--reason", "a\u{1B}[2Jb"])
        #expect(control.exitCode == 2 && control.stderr.contains("--reason contains a control character"), "\(control)")
    }

    @Test func reviewStatesAndCommentsRoundTrip() throws {
        let scratch = try Scratch()
        try Self.stored(scratch)
        _ = try scratch.formctl(["fill", Self.signup, "--answers", "-"], stdin: Self.ann.replacingOccurrences(of: "Ann Lee", with: "Bo Li"))
        let issues = try scratch.formctl(["review", "1", "has-issues", "--comment", "12 seats, not 5?", "--actor", "rita"])
        #expect(issues.exitCode == 0 && issues.stdout == "submission 1 (revision 1) is now hasIssues\n", "\(issues)")
        let review = try #require(try Self.json(try scratch.formctl(["show", "1"]))["review"] as? [String: Any])
        #expect(review["state"] as? String == "hasIssues" && review["comment"] as? String == "12 seats, not 5?", "\(review)")

        let queue = try scratch.formctl(["list", "--review", "hasIssues"])
        #expect(queue.stdout.split(separator: "\n").map(String.init).count == 2 && queue.stdout.contains("12 seats, not 5?"), "\(queue)")
        let dumped = try #require(try JSONSerialization.jsonObject(with: try scratch.formctl(["dump", "--review", "hasissues"]).stdoutData) as? [[String: Any]])
        #expect(dumped.map { $0["id"] as? Int } == [1])
        let received = try #require(try JSONSerialization.jsonObject(with: try scratch.formctl(["dump", "--review", "received"]).stdoutData) as? [[String: Any]])
        #expect(received.map { $0["id"] as? Int } == [2])

        #expect(try scratch.formctl(["edit", "1", "--set", "seats=12", "--reason", "as asked"]).exitCode == 0)
        let approved = try scratch.formctl(["review", "1", "approved", "--actor", "rita"])
        #expect(approved.stdout == "submission 1 (revision 2) is now approved\n", "\(approved)")
        let history = try Self.json(try scratch.formctl(["show", "1", "--history", "--json"]))
        let reviews = try #require(history["reviews"] as? [[String: Any]])
        #expect(reviews.map { $0["state"] as? String } == ["hasIssues", "approved"])
        #expect(reviews.map { $0["revision"] as? Int } == [1, 2] && reviews[0]["comment"] as? String == "12 seats, not 5?" && reviews[1]["comment"] is NSNull)
        let text = try scratch.formctl(["show", "1", "--history"])
        #expect(PostgresE2ETests.comparable(text.stdout).contains("review  TIME  by rita  hasIssues (revision 1)  comment: 12 seats, not 5?\n"), "\(text)")
        #expect(try scratch.formctl(["list", "--review", "approved", "--json"]).stdout.contains(#""id": 1"#))

        #expect(try scratch.formctl(["review", "1", "lgtm"]).exitCode == 2)
        #expect(try scratch.formctl(["list", "--review", "lgtm"]).exitCode == 2)
        let drafts = try scratch.formctl(["list", "--drafts", "--review", "approved"])
        #expect(drafts.exitCode == 2 && drafts.stderr.contains("drafts are not reviewed"), "\(drafts)")
        _ = try scratch.formctl(["fill", Self.signup, "--draft", "--set", "name=Cy"])
        let draft = try scratch.formctl(["review", "3", "approved"])
        #expect(draft.exitCode == 1 && draft.stderr.contains("submission 3"), "\(draft)")
        let missing = try scratch.formctl(["review", "9", "approved"])
        #expect(missing.exitCode == 1 && missing.stderr.contains("no submission with id 9"), "\(missing)")
    }

    @Test func aDeletedSubmissionLeavesDumpsButStaysInItsHistoryUntilPurged() throws {
        let scratch = try Scratch()
        try Self.stored(scratch)
        _ = try scratch.formctl(["fill", Self.signup, "--answers", "-"], stdin: Self.ann.replacingOccurrences(of: "Ann Lee", with: "Bo Li"))
        let deleted = try scratch.formctl(["delete", "1", "--yes", "--reason", "sent twice", "--actor", "ann"])
        #expect(deleted.exitCode == 0 && deleted.stdout == "deleted submission 1\n", "\(deleted)")
        let dumped = try #require(try JSONSerialization.jsonObject(with: try scratch.formctl(["dump"]).stdoutData) as? [[String: Any]])
        #expect(dumped.map { $0["id"] as? Int } == [2])
        #expect(!(try scratch.formctl(["list", "--review", "received"]).stdout.contains("\n 1 ")))
        let shown = try scratch.formctl(["show", "1"])
        #expect(shown.exitCode == 1 && shown.stderr.contains("submission 1 was deleted") && shown.stderr.contains("--history"), "\(shown)")

        let text = try scratch.formctl(["show", "1", "--history"])
        #expect(text.exitCode == 0, "\(text)")
        #expect(PostgresE2ETests.comparable(text.stdout).hasSuffix("\ndeleted  TIME  by ann  reason: sent twice\n"), "\(text)")
        #expect(text.stdout.contains(#"  name: "Ann Lee""#), "the last values stay readable: \(text)")
        let history = try Self.json(try scratch.formctl(["show", "1", "--history", "--json"]))
        let deletion = try #require(history["deleted"] as? [String: Any])
        #expect(deletion["actor"] as? String == "ann" && deletion["reason"] as? String == "sent twice" && deletion["at"] is String)

        let again = try scratch.formctl(["delete", "1", "--yes"])
        #expect(again.exitCode == 1 && again.stderr.contains("submission 1 was deleted") && again.stderr.hasSuffix("nothing was deleted\n"),
                "\(again)")
        for refused in [["edit", "1", "--set", "name=X"], ["review", "1", "approved"]] {
            let result = try scratch.formctl(refused)
            #expect(result.exitCode == 1 && result.stderr.contains("submission 1 was deleted"), "\(refused): \(result)")
        }

        let unasked = try scratch.formctl(["purge"])
        #expect(unasked.exitCode == 2 && unasked.stderr.contains("--yes"), "\(unasked)")
        let old = try scratch.formctl(["purge", "--before", "2000-01-01", "--yes"])
        #expect(old.exitCode == 0 && old.stdout == "purged 0 deleted submissions\n", "\(old)")
        #expect(try scratch.formctl(["show", "1", "--history"]).exitCode == 0)
        let purged = try scratch.formctl(["purge", "--yes"])
        #expect(purged.exitCode == 0 && purged.stdout == "purged 1 deleted submission\n", "\(purged)")
        let gone = try scratch.formctl(["show", "1", "--history"])
        #expect(gone.exitCode == 1 && gone.stderr.contains("no submission with id 1"), "\(gone)")
        #expect(try scratch.formctl(["show", "2"]).exitCode == 0, "purge keeps live submissions")
        #expect(try scratch.formctl(["purge", "--before", "yesterday", "--yes"]).exitCode == 2)
    }

    @Test func anEditIsValidatedAgainstItsOwnVersionUnlessMovedToTheLatest() throws {
        let scratch = try Scratch()
        let note = try scratch.write("note.json", #"{"title":"Note","sections":[{"elements":[{"type":"entry","key":"text","title":"Text","required":true}]}]}"#)
        #expect(try scratch.formctl(["fill", note, "--set", "text=hi"]).stdout == "saved submission 1\n")
        _ = try scratch.write("note.json", #"{"title":"Note","sections":[{"elements":[{"type":"entry","key":"text","title":"Text","required":true},{"type":"entry","key":"tag","title":"Tag","required":true}]}]}"#)
        #expect(try scratch.formctl(["fill", note, "--draft", "--set", "text=v2"]).exitCode == 0, "registers version 2")

        let ownVersion = try scratch.formctl(["edit", "1", "--set", "text=hello"])
        #expect(ownVersion.stdout == "edited submission 1: revision 2\n  text: \"hi\" -> \"hello\"\n", "version 1 needs no tag: \(ownVersion)")
        let needsTag = try scratch.formctl(["edit", "1", "--to-latest"])
        #expect(needsTag.exitCode == 1 && needsTag.stderr.contains("tag:") && needsTag.stderr.contains("submission 1 was not changed"), "\(needsTag)")
        let moved = try scratch.formctl(["edit", "1", "--to-latest", "--set", "tag=work"])
        #expect(moved.stdout == "edited submission 1: revision 3, moved from form version 1 to 2\n  tag: (none) -> \"work\"\n", "\(moved)")
        let history = try Self.json(try scratch.formctl(["show", "1", "--history", "--json"]))
        #expect((history["revisions"] as? [[String: Any]])?.map { $0["version"] as? Int } == [1, 1, 2], "\(history)")

        // A value the latest version cannot take is dropped, and the edit says why.
        _ = try scratch.write("note.json", #"{"title":"Note","sections":[{"elements":[{"type":"entry","key":"text","title":"Text","required":true},{"type":"radio","key":"tag","title":"Tag","items":["Home","Office"],"values":["home","office"]}]}]}"#)
        #expect(try scratch.formctl(["fill", note, "--draft", "--set", "text=v3"]).exitCode == 0, "registers version 3")
        let dropped = try scratch.formctl(["edit", "1", "--to-latest"])
        #expect(dropped.exitCode == 0 && dropped.stdout.contains(#"  tag: "work" -> null"#), "\(dropped)")
        #expect(dropped.stderr == "warning: submission 1: tag: no longer fits this version of the form (must be one of home, office); its value is dropped\n",
                "\(dropped)")
    }

    @Test func dumpRevisionsWritesEveryRevisionOfTheLiveSubmissions() throws {
        let scratch = try Scratch()
        try Self.stored(scratch)
        _ = try scratch.formctl(["fill", Self.signup, "--answers", "-"], stdin: Self.ann.replacingOccurrences(of: "Ann Lee", with: "Bo Li"))
        _ = try scratch.formctl(["edit", "1", "--set", "email=ann@example.com", "--reason", "typo", "--actor", "carol"])
        _ = try scratch.formctl(["edit", "1", "--set", "seats=12", "--actor", "dana"])
        let dumped = try scratch.formctl(["dump", "--revisions", "--format", "ndjson"])
        #expect(dumped.exitCode == 0, "\(dumped)")
        let records = try dumped.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(records.map { "\($0["id"] ?? "")/\($0["revision"] ?? "")" } == ["1/1", "1/2", "1/3", "2/1"], "\(dumped)")
        #expect(records[1]["actor"] as? String == "carol" && records[1]["reason"] as? String == "typo" && records[2]["actor"] as? String == "dana")
        #expect((records[0]["data"] as? [String: Any])?["email"] as? String == "ann@exmaple.com", "the first revision as submitted")
        #expect((records[2]["data"] as? [String: Any])?["seats"] as? Int == 12)
        #expect(!dumped.stdout.contains("correct-horse"))
        let csv = try scratch.formctl(["dump", "--revisions", "--format", "csv", "--form", "signup"])
        #expect(csv.exitCode == 2 && csv.stderr.contains("--revisions"), "\(csv)")
        _ = try scratch.formctl(["delete", "1", "--yes"])
        let live = try #require(try JSONSerialization.jsonObject(with: try scratch.formctl(["dump", "--revisions"]).stdoutData) as? [[String: Any]])
        #expect(live.map { $0["id"] as? Int } == [2], "a deleted submission's revisions are not dumped")
    }
}
