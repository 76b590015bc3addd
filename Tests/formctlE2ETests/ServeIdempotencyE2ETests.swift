import Foundation
import PostgresTestServer
import Testing

/// `Idempotency-Key` on the writes of `formctl serve`: a retry with the same key and request
/// gets the first answer and stores nothing more, another request under the key is 422, a draft's
/// resume token is given once, and the HTML page carries a key per render so that posting it
/// twice stores once.
@Suite(.serialized) struct ServeIdempotencyE2ETests {
    static func count(_ scratch: Scratch, _ table: String = "submissions") throws -> Int {
        Int(try scratch.rows("select count(*) from \(table)").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func theSameKeyTwiceStoresOnceAndAnswersTheSame() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let key = ["Idempotency-Key": "order-7f3a"]
        let first = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann, headers: key)
        #expect(first.status == 201, "\(first.text)")
        let again = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann, headers: key)
        #expect(again.status == first.status && again.body == first.body, "\(again.text)")
        #expect(again.headers["location"] == first.headers["location"])
        #expect(try Self.count(scratch) == 1)
        #expect(try Self.count(scratch, "idempotency_keys") == 1)

        // Another body, another form, or another principal under the same key: 422, nothing stored.
        let otherBody = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann.replacingOccurrences(of: "Ann", with: "Bo"),
                                           headers: key)
        #expect(otherBody.status == 422 && otherBody.text.contains("Idempotency-Key was used for another request"), "\(otherBody.text)")
        let otherForm = try server.request("POST", "/forms/survey/submissions", body: "{}", headers: key)
        #expect(otherForm.status == 422 && otherForm.text.contains("Idempotency-Key"), "\(otherForm.text)")
        let otherPrincipal = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann,
                                                headers: key.merging(["Authorization": "Bearer \(server.token)"]) { a, _ in a })
        #expect(otherPrincipal.status == 422, "\(otherPrincipal.text)")
        #expect(try Self.count(scratch) == 1)

        // A write that stored nothing keeps nothing: the same key runs again once the answers are valid.
        let invalid = try server.request("POST", "/forms/signup/submissions", body: "{}", headers: ["Idempotency-Key": "retry-me"])
        #expect(invalid.status == 422 && !invalid.text.contains("Idempotency-Key"), "\(invalid.text)")
        let invalidAgain = try server.request("POST", "/forms/signup/submissions", body: "{}", headers: ["Idempotency-Key": "retry-me"])
        #expect(invalidAgain.status == 422 && !invalidAgain.text.contains("Idempotency-Key"), "\(invalidAgain.text)")
        #expect(try Self.count(scratch) == 1 && Self.count(scratch, "idempotency_keys") == 1)
    }

    /// The fingerprint kept with a key is not taken of the passwords sent: kept for a day in the
    /// database, a hash of them would let whoever reads the file test guesses offline. A retry
    /// that differs only in a password is therefore taken for the same request.
    @Test func theKeptFingerprintLeavesPasswordsOut() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let key = ["Idempotency-Key": "signup-ann"]
        func answers(_ password: String) -> String {
            #"{"name":"Ann Lee","email":"ann@example.com","password":"\#(password)","passwordConfirmation":"\#(password)"}"#
        }
        let first = try server.request("POST", "/forms/signup/submissions", body: answers("correct-horse-42"), headers: key)
        #expect(first.status == 201, "\(first.text)")
        let otherPassword = try server.request("POST", "/forms/signup/submissions", body: answers("letmein-99"), headers: key)
        #expect(otherPassword.status == 201 && otherPassword.body == first.body, "\(otherPassword.text)")
        let otherName = try server.request("POST", "/forms/signup/submissions",
                                           body: answers("correct-horse-42").replacingOccurrences(of: "Ann Lee", with: "Bo Ray"), headers: key)
        #expect(otherName.status == 422 && otherName.text.contains("Idempotency-Key"), "\(otherName.text)")
        #expect(try Self.count(scratch) == 1)
        #expect(!(try scratch.rows("select * from idempotency_keys")).contains("correct-horse-42"))
    }

    @Test func aRetryWhileTheFirstIsInFlightIs409AndAReplayDoesNotRunTheActionAgain() throws {
        let scratch = try Scratch()
        let runs = scratch.path("runs")
        let gate = scratch.path("gate")
        // The action holds the first request until the test opens the gate: the retry is sent
        // while the first is surely in flight, however slow the machine.
        let server = try ServerProcess(scratch, formsDirectory: try ServeE2ETests.orderForms(scratch), extra: [
            "--action", "check=sh -c 'cat > /dev/null; echo run >> \(runs); while [ ! -e \(gate) ]; do sleep 0.02; done'",
            "--request-timeout", "60",
        ])
        defer { server.stop() }
        let key = ["Idempotency-Key": "slow-1"]
        let port = server.port
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var first: ServerProcess.Reply?
        DispatchQueue.global().async {
            first = try? ServerProcess.request(port: port, "POST", "/forms/order/submissions", body: #"{"item":"tea"}"#, headers: key)
            done.signal()
        }
        let started = Date()
        while !FileManager.default.fileExists(atPath: runs), Date().timeIntervalSince(started) < 30 { usleep(10_000) }
        let meanwhile = try server.request("POST", "/forms/order/submissions", body: #"{"item":"tea"}"#, headers: key)
        #expect(meanwhile.status == 409 && meanwhile.text.contains("still being handled"), "\(meanwhile.status) \(meanwhile.text)")
        #expect(FileManager.default.createFile(atPath: gate, contents: nil))
        #expect(done.wait(timeout: .now() + 10) == .success)
        let answered = try #require(first)
        #expect(answered.status == 201, "\(answered.text)")
        let replay = try server.request("POST", "/forms/order/submissions", body: #"{"item":"tea"}"#, headers: key)
        #expect(replay.status == 201 && replay.body == answered.body, "\(replay.text)")
        #expect(try String(contentsOfFile: runs, encoding: .utf8) == "run\n", "the action ran once")
        #expect(try Self.count(scratch) == 1)
    }

    /// Two servers on one database, both past their lookup before either stores: the key is
    /// unique in the store, so the second write rolls back and answers the first one's result.
    @Test func twoProcessesWithTheSameKeyStoreOnce() throws {
        let scratch = try Scratch()
        let forms = try ServeE2ETests.orderForms(scratch)
        let runs = scratch.path("runs")
        let slow = ["--action", "check=sh -c 'cat > /dev/null; echo run >> \(runs); sleep 1'"]
        let one = try ServerProcess(scratch, formsDirectory: forms, extra: slow)
        defer { one.stop() }
        let two = try ServerProcess(scratch, formsDirectory: forms, extra: slow)
        defer { two.stop() }
        let key = ["Idempotency-Key": "two-processes"]
        let group = DispatchGroup()
        nonisolated(unsafe) var replies: [Int: ServerProcess.Reply] = [:]
        let lock = NSLock()
        for (index, port) in [one.port, two.port].enumerated() {
            DispatchQueue.global().async(group: group) {
                let reply = try? ServerProcess.request(port: port, "POST", "/forms/order/submissions", body: #"{"item":"tea"}"#, headers: key)
                lock.withLock { replies[index] = reply }
            }
        }
        #expect(group.wait(timeout: .now() + 20) == .success)
        let first = try #require(replies[0]), second = try #require(replies[1])
        #expect(first.status == 201 && second.status == 201, "\(first.status) \(first.text) / \(second.status) \(second.text)")
        #expect(first.body == second.body)
        #expect(try String(contentsOfFile: runs, encoding: .utf8) == "run\nrun\n", "both passed their lookup: the race was run")
        #expect(try Self.count(scratch) == 1 && Self.count(scratch, "idempotency_keys") == 1)
    }

    @Test func aMalformedKeyIs400NamingTheHeader() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        for bad in ["", "two words", String(repeating: "k", count: 256), "caf\u{e9}"] {
            let reply = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann, headers: ["Idempotency-Key": bad])
            #expect(reply.status == 400 && reply.text.contains("Idempotency-Key header"), "\(bad.prefix(20)): \(reply.status) \(reply.text)")
        }
        let longest = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann,
                                         headers: ["Idempotency-Key": String(repeating: "k", count: 255)])
        #expect(longest.status == 201, "\(longest.text)")
        #expect(try Self.count(scratch) == 1)
    }

    @Test func aDraftReplayHasNoResumeTokenAndTheFirstTokenStillResumesIt() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let key = ["Idempotency-Key": "draft-1"]
        let created = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#, headers: key)
        #expect(created.status == 201, "\(created.text)")
        let token = try #require(created.object["resume_token"] as? String)
        let replay = try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#, headers: key)
        #expect(replay.status == 201 && replay.object["resume_token"] == nil, "\(replay.text)")
        var withoutToken = created.object
        withoutToken["resume_token"] = nil
        #expect(NSDictionary(dictionary: replay.object).isEqual(to: withoutToken), "\(replay.text)")
        #expect(try Self.count(scratch) == 1)
        #expect(!(try scratch.rows("select * from idempotency_keys")).contains(token), "the token is never kept")

        let id = try #require(created.object["id"] as? Int)
        let updated = try server.request("PUT", "/forms/signup/submissions/\(id)?draft=true", body: #"{"email":"cy@example.com"}"#,
                                         headers: ["Resume-Token": token, "Idempotency-Key": "draft-1-update"])
        #expect(updated.status == 200 && updated.object["status"] as? String == "draft", "\(updated.text)")
        let updatedAgain = try server.request("PUT", "/forms/signup/submissions/\(id)?draft=true", body: #"{"email":"cy@example.com"}"#,
                                              headers: ["Resume-Token": token, "Idempotency-Key": "draft-1-update"])
        #expect(updatedAgain.status == 200 && updatedAgain.body == updated.body, "\(updatedAgain.text)")
    }

    @Test func thePagesOwnKeyStoresOnceAcrossTwoPostsOfOneRenderedPage() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        let page = try server.request("GET", "/forms/signup", headers: ["Accept": "text/html"])
        let token = try #require(page.text.firstMatch(of: /name="_page_token" value="([^"]+)"/)?.1)
        let key = try #require(page.text.firstMatch(of: /name="_idempotency_key" value="([^"]+)"/)?.1)
        let cookie = try #require(page.headers["set-cookie"]?.firstMatch(of: /formctl_page=([A-Za-z0-9_-]{43})/)?.1)
        let rerendered = try server.request("GET", "/forms/signup", headers: ["Accept": "text/html", "Cookie": "formctl_page=\(cookie)"])
        #expect(rerendered.text.firstMatch(of: /name="_idempotency_key" value="([^"]+)"/)?.1 != key, "a key per render")

        let browser = ["Origin": "http://127.0.0.1:\(server.port)", "Cookie": "formctl_page=\(cookie)"]
        let body = ServeCrossSiteE2ETests.answers + "&_page_token=\(token)&_idempotency_key=\(key)"
        let form = "application/x-www-form-urlencoded"
        let first = try server.request("POST", "/forms/signup/submissions", body: body, type: form, headers: browser)
        #expect(first.status == 201 && first.text.contains("Saved submission"), "\(first.text)")
        let second = try server.request("POST", "/forms/signup/submissions", body: body, type: form, headers: browser)
        #expect(second.status == 201 && second.body == first.body, "\(second.text)")
        #expect(try Self.count(scratch) == 1)
    }

    @Test(.enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL tests skipped"))
    func theSameKeyTwiceStoresOnceOnPostgreSQL() throws {
        let scratch = try Scratch()
        let url = try PostgresTestServer.shared().createDatabase()
        let database = PostgresTestServer.databaseName(of: url)
        let server = try ServerProcess(scratch, extra: ["--db", url])
        defer { server.stop() }
        let key = ["Idempotency-Key": "pg-1"]
        let first = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann, headers: key)
        #expect(first.status == 201, "\(first.text)")
        let again = try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann, headers: key)
        #expect(again.status == 201 && again.body == first.body, "\(again.text)")
        let other = try server.request("POST", "/forms/signup/submissions", body: "{}", headers: key)
        #expect(other.status == 422 && other.text.contains("Idempotency-Key"), "\(other.text)")
        let postgres = try PostgresTestServer.shared()
        #expect(try postgres.psql("SELECT count(*) FROM submissions", database: database) == "1\n")
        #expect(try postgres.psql("SELECT count(*) FROM idempotency_keys", database: database) == "1\n")
    }
}
