import Foundation
import Testing

/// `formctl fill` off a terminal: answers files, --set, drafts and resume, exit codes.
@Suite struct FillE2ETests {
    /// The example form the README's first command fills, where it lives in the project.
    static let signup = CommandRunner.exampleForm("signup.json")

    static let goodAnswers = """
        {"name": "Ada Lovelace", "email": "ADA@example.com", "password": "analytical-engine",
         "passwordConfirmation": "analytical-engine", "birthDate": "1985-12-10",
         "guests": [{"email": "charles@babbage.org"}]}
        """

    let directory: String
    var db: String { directory + "/fill.sqlite" }

    init() throws {
        directory = NSTemporaryDirectory() + "fill-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func rows(_ sql: String) throws -> String { try SQLiteShell.run(db, sql) }

    @Test func validAnswersAreStoredWithoutTheSecret() throws {
        let result = try CommandRunner.run(["fill", Self.signup, "--answers", "-", "--db", db], stdin: Self.goodAnswers)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "saved submission 1\n")
        let stored = try rows("select status, values_json from submissions")
        #expect(stored.hasPrefix("final|{\"name\":\"Ada Lovelace\",\"email\":\"ada@example.com\""), "\(stored)")
        #expect(stored.contains(#""guests":[{"email":"charles@babbage.org"}]"#))
        #expect(!stored.contains("analytical"), "the password is never stored")
    }

    @Test func jsonOutputDescribesTheSubmission() throws {
        let result = try CommandRunner.run(["fill", Self.signup, "--answers", "-", "--db", db, "--json"], stdin: Self.goodAnswers)
        #expect(result.exitCode == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["id"] as? Int == 1)
        #expect(object["form"] as? String == "signup")
        #expect(object["version"] as? Int == 1)
        #expect(object["status"] as? String == "final")
        #expect((object["uuid"] as? String)?.count == 36)
    }

    @Test func everyInvalidValueIsReportedAndNothingIsStored() throws {
        let result = try CommandRunner.run(
            ["fill", Self.signup, "--answers", "-", "--db", db, "--set", "email=nope", "--set", "plan=Team",
             "--set", "guests.1.email=also-bad", "--set", "name=A"],
            stdin: Self.goodAnswers)
        #expect(result.exitCode == 1, "\(result)")
        let lines = Set(result.stderr.split(separator: "\n").map(String.init))
        #expect(lines.contains("email: must be an email address like name@example.com"), "\(result)")
        #expect(lines.contains("company: is required"), "\(result)")
        #expect(lines.contains("guests.1.email: must be an email address like name@example.com"), "\(result)")
        #expect(lines.contains("name: must be at least 2 characters (has 1)"), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(try rows("select count(*) from submissions") == "0\n")
    }

    @Test func setWinsOverAnswersAndGrowsRepeats() throws {
        let result = try CommandRunner.run(
            ["fill", Self.signup, "--answers", "-", "--db", db, "--set", "name=Grace", "--set", "guests.2.email=x@y.io",
             "--set", "guests.3.email=z@y.io", "--set", "newsletter=yes", "--set", "plan=2"],
            stdin: Self.goodAnswers)
        #expect(result.exitCode == 0, "\(result)")
        let stored = try rows("select values_json from submissions")
        #expect(stored.contains(#""name":"Grace""#))
        #expect(stored.contains(#""plan":"pro""#))
        #expect(stored.contains(#""newsletter":true"#))
        #expect(stored.contains(#""guests":[{"email":"charles@babbage.org"},{"email":"x@y.io"},{"email":"z@y.io"}]"#), "\(stored)")
    }

    /// `--set` adds the next item of a repeat, never skips one: a gap would store an item
    /// nobody filled in.
    @Test func setCannotSkipRepeatItems() throws {
        let result = try CommandRunner.run(
            ["fill", Self.signup, "--answers", "-", "--db", db, "--set", "guests.3.email=x@y.io"], stdin: Self.goodAnswers)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "guests.3.email: guests has 1 item; the next one is guests.2\n", "\(result)")
        #expect(try rows("select count(*) from submissions") == "0\n")
    }

    /// A key set twice is a usage error, not the last value silently kept: one of the two
    /// values was meant, and which cannot be told. Nothing is stored.
    @Test func setGivenTwiceForOneKeyIsRefused() throws {
        let result = try CommandRunner.run(
            ["fill", Self.signup, "--answers", "-", "--db", db, "--set", "name=Ada", "--set", "plan=Team", "--set", "name=Grace"],
            stdin: Self.goodAnswers)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("--set name is given more than once: give each key one value"), "\(result)")
        #expect(!result.stderr.contains("Grace"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: db), "refused before the database was opened")
        // The same field under two item numbers is two keys.
        let two = try CommandRunner.run(
            ["fill", Self.signup, "--answers", "-", "--db", db, "--set", "guests.1.email=a@y.io", "--set", "guests.2.email=b@y.io"],
            stdin: Self.goodAnswers)
        #expect(two.exitCode == 0, "\(two)")
    }

    /// `--set` numbers items from 1, as the terminal shows them, and so do the errors fill
    /// prints: `guests.1.email` is the first guest, in what is stored and in what is said.
    @Test func setNumbersItemsFromOne() throws {
        let first = try CommandRunner.run(
            ["fill", Self.signup, "--answers", "-", "--db", db, "--set", "guests.1.email=first@y.io"], stdin: Self.goodAnswers)
        #expect(first.exitCode == 0, "\(first)")
        #expect(try rows("select values_json from submissions").contains(#""guests":[{"email":"first@y.io"}]"#))
        let wrong = try CommandRunner.run(
            ["fill", Self.signup, "--answers", "-", "--db", db, "--set", "guests.2.email=not-an-address"], stdin: Self.goodAnswers)
        #expect(wrong.exitCode == 1, "\(wrong)")
        #expect(wrong.stderr == "guests.2.email: must be an email address like name@example.com\n", "\(wrong)")
        let zero = try CommandRunner.run(
            ["fill", Self.signup, "--answers", "-", "--db", db, "--set", "guests.0.email=x@y.io"], stdin: Self.goodAnswers)
        #expect(zero.exitCode == 1, "\(zero)")
        #expect(zero.stderr == "guests.0: items are numbered from 1 (guests.1 is the first)\n", "\(zero)")
        #expect(try rows("select count(*) from submissions") == "1\n")
    }

    @Test func tooManyRepeatItemsAreOneErrorNotOnePerItem() throws {
        let guests = (0..<25).map { #"{"email": "g\#($0)@example.com"}"# }.joined(separator: ",")
        let answers = Self.goodAnswers.replacingOccurrences(of: #"[{"email": "charles@babbage.org"}]"#, with: "[\(guests)]")
        let result = try CommandRunner.run(["fill", Self.signup, "--answers", "-", "--db", db], stdin: answers)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "guests: has 25 items; at most 10 are allowed\n", "\(result)")
        let huge = try CommandRunner.run(["fill", Self.signup, "--db", db, "--set", "guests.99999999.email=a@b.co"])
        #expect(huge.exitCode == 1, "\(huge)")
        #expect(huge.stderr.contains("guests.99999999.email: guests has 0 items; the next one is guests.1"), "\(huge)")
    }

    @Test func aSecretCannotComeFromTheCommandLine() throws {
        let result = try CommandRunner.run(["fill", Self.signup, "--db", db, "--set", "password=hunter22"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("password is a secure field"))
        let count = FileManager.default.fileExists(atPath: db) ? try rows("select count(*) from submissions") : "0\n"
        #expect(count == "0\n")
    }

    @Test func unknownAnswerKeysAreErrorsWithASuggestion() throws {
        let result = try CommandRunner.run(["fill", Self.signup, "--answers", "-", "--db", db],
                                            stdin: #"{"nmae": "Ada", "email": "a@b.io"}"#)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("nmae: no field has this key; did you mean 'name'?"), "\(result)")
    }

    @Test func aDraftIsStoredUnvalidatedAndResumedToFinal() throws {
        let draft = try CommandRunner.run(["fill", Self.signup, "--db", db, "--draft", "--set", "name=Half Done", "--set", "email=bad"])
        #expect(draft.exitCode == 0, "\(draft)")
        #expect(draft.stdout == "saved draft 1\n")
        #expect(try rows("select status from submissions") == "draft\n")
        let resumed = try CommandRunner.run(["fill", Self.signup, "--db", db, "--resume", "1", "--answers", "-", "--set", "name=Done Now"],
                                             stdin: #"{"email": "ok@example.com", "password": "long-enough-pw", "passwordConfirmation": "long-enough-pw"}"#)
        #expect(resumed.exitCode == 0, "\(resumed)")
        #expect(resumed.stdout == "saved submission 1\n")
        let stored = try rows("select status, values_json from submissions")
        #expect(stored.hasPrefix(#"final|{"name":"Done Now","email":"ok@example.com""#), "\(stored)")
    }

    @Test func resumingSomethingThatIsNotADraftFails() throws {
        _ = try CommandRunner.run(["fill", Self.signup, "--answers", "-", "--db", db], stdin: Self.goodAnswers)
        let result = try CommandRunner.run(["fill", Self.signup, "--db", db, "--resume", "1"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("draft 1: it is final, not a draft"), "\(result)")
        let missing = try CommandRunner.run(["fill", Self.signup, "--db", db, "--resume", "99"])
        #expect(missing.exitCode == 1, "\(missing)")
    }

    @Test func anUnroutedActionFailsBeforeAnythingHappens() throws {
        let login = try CommandRunner.fixture("loginform.json")
        let result = try CommandRunner.run(["fill", login, "--db", db, "--no-input"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("no handler for action 'onLogin'"), "\(result)")
    }

    @Test func routedActionsGetTheValuesAndCanCancel() throws {
        let login = try CommandRunner.fixture("loginform.json")
        let answers = #"{"login": "ann", "password": "pw"}"#
        // The program sees the values on stdin (the password included: an action is where it goes).
        let accept = try CommandRunner.run(
            ["fill", login, "--db", db, "--answers", "-", "--action", "onLogin=grep -q '\"password\":\"pw\"'"], stdin: answers)
        #expect(accept.exitCode == 0, "\(accept)")
        // No shell runs the program: a shell is asked for by name, like any program.
        let refuse = try CommandRunner.run(
            ["fill", login, "--db", db, "--answers", "-", "--action", #"onLogin:=sh -c "echo 'bad credentials' >&2; exit 3""#], stdin: answers)
        #expect(refuse.exitCode == 1, "\(refuse)")
        #expect(refuse.stderr.contains("onLogin: bad credentials"), "\(refuse)")
        #expect(try rows("select count(*) from submissions") == "1\n")
    }

    @Test func badInputsHaveTheirExitCodes() throws {
        let malformed = try CommandRunner.run(["fill", Self.signup, "--db", db, "--answers", "-"], stdin: "{not json")
        #expect(malformed.exitCode == 1, "\(malformed)")
        #expect(malformed.stderr.contains("malformed JSON in answers"), "\(malformed)")
        let missingFile = try CommandRunner.run(["fill", Self.signup, "--db", db, "--answers", directory + "/none.json"])
        #expect(missingFile.exitCode == 3, "\(missingFile)")
        let badDatabase = directory + "/not-a-db.sqlite"
        try Data("this is not sqlite, just text that is long enough to look like a header".utf8).write(to: URL(fileURLWithPath: badDatabase))
        let notADatabase = try CommandRunner.run(["fill", Self.signup, "--db", badDatabase, "--answers", "-"], stdin: Self.goodAnswers)
        #expect(notADatabase.exitCode == 3, "\(notADatabase)")
        #expect(notADatabase.stderr.contains(badDatabase), "\(notADatabase)")
        let usage = try CommandRunner.run(["fill", Self.signup, "--set", "novalue"])
        #expect(usage.exitCode == 2, "\(usage)")
    }
}
