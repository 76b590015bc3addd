import Foundation
import Glibc
import Testing

/// `formctl webhook-secret`, `deliver` (from cron, without serve) and `outbox`: what each
/// prints and exits with, and the flags' mistakes refused before anything is sent.
@Suite(.timeLimit(.minutes(3))) struct WebhookCommandsE2ETests {
    @Test func webhookSecretPrintsANewSecretEachTime() throws {
        let first = try CommandRunner.run(["webhook-secret"])
        let second = try CommandRunner.run(["webhook-secret"])
        #expect(first.exitCode == 0 && first.stderr.isEmpty, "\(first)")
        #expect(first.stdout.wholeMatch(of: /whsec_[A-Za-z0-9+\/]{43}=\n/) != nil, "\(first.stdout)")
        #expect(first.stdout != second.stdout)
    }

    @Test func webhookFlagsThatCannotWorkAreRefusedWithWhatToDo() throws {
        let scratch = try Scratch()
        let url = "http://127.0.0.1:9/hook"
        let secret = "whsec_" + Data(repeating: 42, count: 32).base64EncodedString()
        let good = try scratch.write("good.secret", secret + "\n")
        chmod(good, 0o600)
        func refused(_ arguments: [String]) throws -> CommandRunner.Result {
            let result = try scratch.formctl(["deliver"] + arguments)
            #expect(result.exitCode == 2, "\(arguments): \(result)")
            #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret), "the secret is never printed")
            return result
        }
        #expect(try refused(["--webhook", url]).stderr.contains("formctl webhook-secret > FILE"))
        #expect(try refused(["--webhook", url, "--webhook", url + "2", "--webhook-secret-file", good, "--webhook-secret-file", good,
                             "--webhook-secret-file", good]).stderr.contains("--webhook-secret-file is given 3 times for 2 --webhook"))
        #expect(try refused(["--webhook", url, "--webhook-secret-file", good, "--webhook-events", "created", "--webhook-events", "deleted"])
            .stderr.contains("--webhook-events is given 2 times for 1 --webhook"))
        #expect(try refused(["--webhook", url, "--webhook-secret-file", good, "--webhook-events", "created,shipped"])
            .stderr.contains("unknown event type 'shipped'"))
        #expect(try refused(["--webhook-secret-file", good]).stderr.contains("no --webhook"))
        #expect(try refused([]).stderr.contains("at least one --webhook"))
        #expect(try refused(["--webhook", url, "--webhook-secret-file", scratch.path("missing")])
            .stderr.contains("cannot read --webhook-secret-file \(scratch.path("missing")): no such file"))
        let malformed = try scratch.write("malformed.secret", "whsec_" + String(secret.dropFirst(8)) + "!!\n")
        let badBase64 = try refused(["--webhook", url, "--webhook-secret-file", malformed])
        #expect(badBase64.stderr.contains("--webhook-secret-file \(malformed): a webhook secret is whsec_ followed by base64"), "\(badBase64)")
        #expect(!badBase64.stderr.contains(String(secret.dropFirst(8))), "not even a malformed secret is printed")
        let token = try scratch.write("token.txt", "not-a-secret-at-all-0123456789\n")
        #expect(try refused(["--webhook", url, "--webhook-secret-file", token]).stderr.contains("--webhook-secret-file \(token): a webhook secret starts with whsec_"))
        #expect(try refused(["--webhook", "ftp://example.com/x", "--webhook-secret-file", good]).stderr.contains("expected an http:// or https:// URL"))
        #expect(try refused(["--webhook", url, "--webhook-secret-file", good, "--webhook-concurrency", "0"]).stderr.contains("--webhook-concurrency takes 1 to 256"))

        let open = try scratch.write("open.secret", secret + "\n")
        chmod(open, 0o644)
        #expect(try refused(["--webhook", url, "--webhook", url, "--webhook-secret-file", good]).stderr.contains("is given twice"))
        let missing = try scratch.formctl(["deliver", "--webhook", url, "--webhook-secret-file", good])
        #expect(missing.exitCode == 3 && missing.stderr.contains("no database at"), "deliver never makes a new database: \(missing)")
        try #require(try scratch.formctl(["migrate"]).exitCode == 0)
        let warned = try scratch.formctl(["deliver", "--webhook", url, "--webhook-secret-file", open])
        #expect(warned.exitCode == 0, "\(warned)")
        #expect(warned.stderr.contains("warning: --webhook-secret-file \(open) can be read by other users (mode 644): chmod 600 it"), "\(warned)")
        #expect(!warned.stderr.contains(secret))
    }

    @Test func deliverFromCronDeliversWhatIsDueAndOutboxShowsWhatIsNot() throws {
        let scratch = try Scratch()
        let (secret, _) = try WebhookDeliveryE2ETests.secretFile(scratch)
        let port = try WebhookReceiver.freePort()
        let url = "http://127.0.0.1:\(port)/hook"
        let log = scratch.path("received.jsonl")
        let signup = CommandRunner.exampleForm("signup.json")
        func deliver(_ extra: [String] = []) throws -> CommandRunner.Result {
            try scratch.formctl(["deliver", "--webhook", url, "--webhook-secret-file", secret, "--webhook-timeout", "2"] + extra)
        }
        func store(_ range: Range<Int>) throws {
            let imported = try scratch.formctl(["import", signup, "-"], stdin: range.map { WebhookDeliveryE2ETests.signup($0) }.joined(separator: "\n"))
            #expect(imported.exitCode == 0, "\(imported)")
        }

        var receiver = try WebhookReceiver(scratch, port: port, log: log)
        try #require(try scratch.formctl(["migrate"]).exitCode == 0)
        let subscribing = try deliver()
        #expect(subscribing.exitCode == 0 && subscribing.stdout == "delivered 0, retrying 0, failed 0\n", "\(subscribing)")
        try store(0..<3)
        let delivered = try deliver()
        #expect(delivered.exitCode == 0 && delivered.stdout == "delivered 3, retrying 0, failed 0\n", "\(delivered)")
        #expect(Set(receiver.requests.map(\.id)).count == 3)
        let nothingDue = try deliver()
        #expect(nothingDue.stdout == "delivered 0, retrying 0, failed 0\n", "\(nothingDue)")

        receiver.stop()
        try store(3..<5)
        let owed = try scratch.formctl(["outbox", "--json"])
        let owedEntries = (try JSONSerialization.jsonObject(with: owed.stdoutData)) as? [[String: Any]] ?? []
        #expect(owedEntries.map { $0["submission"] as? Int } == [4, 5], "written since the last deliver, owed: \(owed)")
        #expect(owedEntries.allSatisfy { $0["state"] as? String == "pending" && $0["attempts"] as? Int == 0 }, "\(owed)")
        let down = try deliver(["--webhook-max-attempts", "1"])
        #expect(down.exitCode == 1 && down.stdout == "delivered 0, retrying 0, failed 2\n", "\(down)")
        let listed = try scratch.formctl(["outbox"])
        let lines = listed.stdout.split(separator: "\n")
        #expect(listed.exitCode == 0 && lines.count == 3, "\(listed)")
        #expect(lines.first?.wholeMatch(of: /EVENT +TYPE +SUBMISSION +WEBHOOK +STATE +ATTEMPTS +NEXT ATTEMPT +LAST ERROR/) != nil, "\(listed)")
        for (line, submission) in zip(lines.dropFirst(), [4, 5]) {
            #expect(line.wholeMatch(of: try Regex(#"evt_[0-9a-f]{32}  created +\#(submission)  \#(url)  failed +1  - +\S.*"#)) != nil,
                    "\(line)")
        }
        #expect(try scratch.formctl(["outbox", "--state", "pending"]).stderr.contains("has nothing pending"))
        let json = try scratch.formctl(["outbox", "--json", "--state", "failed", "--subscription", url])
        let entries = (try JSONSerialization.jsonObject(with: json.stdoutData)) as? [[String: Any]] ?? []
        #expect(entries.map { $0["submission"] as? Int } == [4, 5], "\(json)")
        #expect(entries.allSatisfy { $0["form"] as? String == "signup" && $0["type"] as? String == "submission.created" && $0["attempts"] as? Int == 1 })
        let eventID = try #require(entries.first?["event"] as? String)
        let otherEventID = try #require(entries.last?["event"] as? String)

        let unknown = try scratch.formctl(["outbox", "retry", "evt_" + String(repeating: "0", count: 32)])
        #expect(unknown.exitCode == 1 && unknown.stderr.contains("no delivery of evt_"), "\(unknown)")
        #expect(try scratch.formctl(["outbox", "retry", "42"]).exitCode == 2)
        let one = try scratch.formctl(["outbox", "retry", eventID])
        #expect(one.exitCode == 0 && one.stdout == "1 delivery due now\n", "\(one)")
        let all = try scratch.formctl(["outbox", "retry", "--all", "--subscription", url])
        #expect(all.exitCode == 0 && all.stdout == "1 delivery to \(url) due now\n", "\(all)")
        let retrying = try deliver()
        #expect(retrying.exitCode == 1 && retrying.stdout == "delivered 0, retrying 2, failed 0\n", "\(retrying)")

        receiver = try WebhookReceiver(scratch, port: port, log: log, status: 410)
        try #require(try scratch.formctl(["outbox", "retry", eventID]).exitCode == 0)
        let gone = try deliver()
        #expect(gone.exitCode == 1 && gone.stderr.contains("\(url) answered 410 Gone: disabled"), "\(gone)")
        #expect(try scratch.formctl(["outbox"]).stderr.contains("webhook \(url) is disabled"))
        receiver.stop()
        receiver = try WebhookReceiver(scratch, port: port, log: log)
        let stillDisabled = try deliver()
        #expect(stillDisabled.stdout == "delivered 0, retrying 0, failed 0\n", "a disabled webhook is not attempted: \(stillDisabled)")
        #expect(try scratch.formctl(["outbox", "enable", url + "/other"]).exitCode == 1)
        let enabled = try scratch.formctl(["outbox", "enable", url])
        #expect(enabled.exitCode == 0 && enabled.stdout == "enabled webhook \(url)\n", "\(enabled)")
        for id in [eventID, otherEventID] { try #require(try scratch.formctl(["outbox", "retry", id]).exitCode == 0) }
        let last = try deliver()
        #expect(last.exitCode == 0 && last.stdout == "delivered 2, retrying 0, failed 0\n", "\(last)")
        let submissions = Set(receiver.requests.compactMap { $0.data["id"] as? Int })
        #expect(submissions == [1, 2, 3, 4, 5], "\(submissions)")
        let empty = try scratch.formctl(["outbox"])
        #expect(empty.stdout.isEmpty && empty.stderr.contains("has nothing pending or failed"), "\(empty)")
    }
}
