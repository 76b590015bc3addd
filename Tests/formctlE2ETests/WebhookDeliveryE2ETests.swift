import Foundation
import Glibc
import Synchronization
import Testing

/// `formctl serve --webhook` against a real receiver process on 127.0.0.1: nothing is lost
/// when the receiver is down or formctl is killed, and no secure field leaves in a body.
@Suite(.serialized, .timeLimit(.minutes(5))) struct WebhookDeliveryE2ETests {
    /// A signup whose password is `password(i)`: no webhook body may carry it.
    static func signup(_ i: Int) -> String {
        #"{"name":"Person \#(i)","email":"p\#(i)@example.com","password":"\#(password(i))","passwordConfirmation":"\#(password(i))","plan":"free"}"#
    }

    static func password(_ i: Int) -> String { "hunter-secret-\(i)-pw" }

    /// Posts signups `range` to the servers on `ports` in turn, 8 at a time; every one must be
    /// stored (201).
    static func submit(_ range: Range<Int>, ports: [Int]) throws {
        let failures = Mutex<[String]>([])
        let numbers = Array(range)
        DispatchQueue.concurrentPerform(iterations: 8) { lane in
            for i in stride(from: lane, to: numbers.count, by: 8) {
                let port = ports[i % ports.count]
                do {
                    let reply = try ServerProcess.request(port: port, "POST", "/forms/signup/submissions", body: signup(numbers[i]))
                    if reply.status != 201 { failures.withLock { $0.append("\(numbers[i]): \(reply.status) \(reply.text)") } }
                } catch {
                    failures.withLock { $0.append("\(numbers[i]): \(error)") }
                }
            }
        }
        let failed = failures.withLock { $0 }
        guard failed.isEmpty else { throw CommandRunner.Failure(description: "submissions refused: \(failed.prefix(5))") }
    }

    /// A secret file made by `formctl webhook-secret`, mode 600.
    static func secretFile(_ scratch: Scratch) throws -> (path: String, secret: String) {
        let made = try CommandRunner.run(["webhook-secret"], directory: scratch.directory)
        #expect(made.exitCode == 0, "\(made)")
        let path = try scratch.write("webhook.secret", made.stdout)
        chmod(path, 0o600)
        return (path, made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits until `formctl outbox` lists nothing pending or failed in `database` (every
    /// delivery accepted and recorded, a killed server's claims included once their lease ran
    /// out), at most `timeout` seconds; false if it never is.
    static func waitUntilOutboxEmpty(_ database: String, directory: String, timeout: Double = 60) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let listed = try CommandRunner.run(["outbox", "--db", database], directory: directory)
            if listed.exitCode == 0 && listed.stdout.isEmpty && listed.stderr.contains("has nothing pending or failed") { return true }
            usleep(250_000)
        }
        return false
    }

    /// The submission ids the requests' bodies are about, counted.
    static func submissionCounts(_ requests: [WebhookReceiver.Request]) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for request in requests { counts[request.data["id"] as? Int ?? -1, default: 0] += 1 }
        return counts
    }

    @Test func aReceiverDownDuringAThousandSubmissionsGetsEveryOneOnceItIsUp() throws {
        let scratch = try Scratch()
        let (secret, _) = try Self.secretFile(scratch)
        let port = try WebhookReceiver.freePort()
        let url = "http://127.0.0.1:\(port)/hook"
        let server = try ServerProcess(scratch, extra: ["--webhook", url, "--webhook-secret-file", secret, "--webhook-first-retry", "0.2"])
        defer { server.stop() }
        #expect(server.log.contains("formctl serve: webhooks to \(url) (every event)"), "\(server.log)")
        #expect(!server.log.contains("whsec_"), "the secret is never printed")

        try Self.submit(0..<1000, ports: [server.port])
        let waiting = try scratch.formctl(["outbox", "--json", "--limit", "1000"])
        #expect(waiting.exitCode == 0, "\(waiting)")
        let entries = (try? JSONSerialization.jsonObject(with: waiting.stdoutData)) as? [[String: Any]] ?? []
        #expect(entries.count == 1000, "every event waits while the receiver is down: \(entries.count)")
        #expect(entries.allSatisfy { $0["state"] as? String == "pending" && $0["subscription"] as? String == url })
        #expect(entries.contains { ($0["attempts"] as? Int ?? 0) >= 1 && $0["last_error"] is String }, "attempted and failed")

        let receiver = try WebhookReceiver(scratch, port: port)
        let requests = receiver.waitForEvents(1000, timeout: 120)
        usleep(1_000_000)
        let all = receiver.requests
        #expect(Set(requests.map(\.id)).count == 1000, "delivered: \(Set(requests.map(\.id)).count) of 1000")
        #expect(all.count == 1000, "each once: \(all.count) requests for 1000 events")
        let submissions = Self.submissionCounts(all)
        #expect(submissions.count == 1000 && submissions.values.allSatisfy { $0 == 1 }, "one event per submission")
        #expect(all.allSatisfy { $0.object["type"] as? String == "submission.created" })
        #expect(server.stop() == 0, "\(server.log)")
        let empty = try scratch.formctl(["outbox"])
        #expect(empty.exitCode == 0 && empty.stdout.isEmpty && empty.stderr.contains("has nothing pending or failed"), "\(empty)")
    }

    @Test func aServeKilledMidDeliveryDeliversTheRestAfterRestartNoneLost() throws {
        let scratch = try Scratch()
        let (secret, _) = try Self.secretFile(scratch)
        let receiver = try WebhookReceiver(scratch, delay: 0.3)
        let flags = ["--webhook", receiver.url, "--webhook-secret-file", secret, "--webhook-first-retry", "0.2", "--webhook-timeout", "2"]
        let first = try ServerProcess(scratch, extra: flags)
        try Self.submit(0..<60, ports: [first.port])
        _ = receiver.waitForEvents(8, timeout: 30)
        let killedAt = Date().timeIntervalSince1970
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        let deliveredBeforeKill = Set(receiver.requests.map(\.id)).count
        #expect(deliveredBeforeKill < 60, "killed mid-delivery: \(deliveredBeforeKill) of 60 had arrived")

        let second = try ServerProcess(scratch, extra: flags)
        defer { second.stop() }
        receiver.waitForEvents(60, timeout: 90)
        #expect(try Self.waitUntilOutboxEmpty(scratch.db, directory: scratch.directory), "every delivery accepted and recorded")
        let all = receiver.requests
        let submissions = Self.submissionCounts(all)
        #expect(submissions.count == 60, "none lost: \(submissions.count) of 60 submissions delivered")
        var byID: [String: [WebhookReceiver.Request]] = [:]
        for request in all { byID[request.id, default: []].append(request) }
        let repeated = byID.filter { $0.value.count > 1 }
        #expect(repeated.count <= 4, "only the attempts in flight (--webhook-concurrency 4) are sent again: \(repeated.count)")
        for (id, requests) in repeated {
            #expect(requests[0].arrivedAt < killedAt + 1, "\(id) was sent again but was not in flight when serve was killed")
        }
        #expect(second.stop() == 0, "\(second.log)")
    }

    @Test func noBodyCarriesASecureFieldAndEachRequestIsSignedAsStandardWebhooksSays() throws {
        let scratch = try Scratch()
        let (secretPath, secret) = try Self.secretFile(scratch)
        let receiver = try WebhookReceiver(scratch)
        let server = try ServerProcess(scratch, extra: ["--webhook", receiver.url, "--webhook-secret-file", secretPath])
        defer { server.stop() }
        try Self.submit(0..<3, ports: [server.port])
        let draft = try server.request("POST", "/forms/signup/submissions?draft=true", body: Self.signup(3))
        #expect(draft.status == 201, "\(draft.text)")
        let requests = receiver.waitForEvents(4, timeout: 30)
        #expect(requests.count == 4, "\(requests.count)")
        #expect(Set(requests.compactMap { $0.object["type"] as? String }) == ["submission.created", "submission.draft_saved"])
        for request in requests {
            let body = String(decoding: request.body, as: UTF8.self)
            for i in 0...3 { #expect(!body.contains(Self.password(i)), "a password left in a webhook body: \(body)") }
            #expect(request.contentType == "application/json")
            #expect(request.userAgent.hasPrefix("formctl/"), "\(request.userAgent)")
            #expect(request.id.wholeMatch(of: /evt_[0-9a-f]{32}/) != nil, "\(request.id)")
            #expect(abs((Double(request.timestamp) ?? 0) - request.arrivedAt) < 30, "\(request.timestamp)")
            #expect(request.signature.hasPrefix("v1,"), "\(request.signature)")
            #expect(request.data["form"] as? String == "signup", "\(body)")
        }
        // The README's verification, run as a receiver would: the real request verifies, the
        // same request with one byte of its body changed does not.
        let request = try #require(requests.first)
        var tampered = request.body
        tampered[tampered.startIndex + 2] ^= 0x01
        #expect(try ReadmeSignatureCheck.verify(secret: secret, request: request, body: request.body, in: scratch) == "True")
        #expect(try ReadmeSignatureCheck.verify(secret: secret, request: request, body: tampered, in: scratch) == "False")
        #expect(try ReadmeSignatureCheck.verify(secret: "whsec_" + Data(repeating: 7, count: 32).base64EncodedString(), request: request,
                                                body: request.body, in: scratch) == "False")
    }
}
