import FormEngine
import Foundation
import TestSupport
import Testing

/// `formctl serve`'s endpoints for operators: `/healthz`, `/readyz` and `/metrics`, without a
/// token, and the metrics read back through Prometheus' own Python client's text parser
/// (prometheus-client, installed by .ci/run).
@Suite struct ServeOperationsE2ETests {
    /// One sample as prometheus-client parsed it.
    struct Sample {
        var family: String
        var type: String
        var name: String
        var labels: [String: String]
        var value: Double
    }

    static let parser = """
        import json, sys
        from prometheus_client.parser import text_string_to_metric_families
        samples = []
        for family in text_string_to_metric_families(sys.stdin.read()):
            for sample in family.samples:
                samples.append({"family": family.name, "type": family.type, "name": sample.name, "labels": sample.labels, "value": sample.value})
        print(json.dumps(samples))
        """

    /// `GET /metrics`, checked for its content type and parsed by prometheus-client.
    static func scrape(_ server: ServerProcess) throws -> [Sample] {
        try parsed(try server.request("GET", "/metrics"))
    }

    static func parsed(_ reply: ServerProcess.Reply) throws -> [Sample] {
        #expect(reply.status == 200 && reply.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8", "\(reply.status) \(reply.headers)")
        let parsed = try CommandRunner.run(["python3", "-c", parser], stdin: reply.text, executable: "/usr/bin/env")
        try #require(parsed.exitCode == 0, "prometheus-client parsed /metrics (pip install prometheus-client): \(parsed)\n\(reply.text)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [[String: Any]])
        return list.map { sample in
            Sample(family: sample["family"] as? String ?? "", type: sample["type"] as? String ?? "", name: sample["name"] as? String ?? "",
                   labels: sample["labels"] as? [String: String] ?? [:], value: (sample["value"] as? NSNumber)?.doubleValue ?? .nan)
        }
    }

    static func value(_ samples: [Sample], _ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }

    @Test func healthReadinessAndMetricsAnswerWithoutATokenAndCountRequestsByRoutePattern() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }

        let health = try server.request("GET", "/healthz")
        #expect(health.status == 200 && health.text == #"{"status":"ok"}"# + "\n", "\(health.status) \(health.text)")
        let ready = try server.request("GET", "/readyz")
        #expect(ready.status == 200 && ready.text == #"{"status":"ready"}"# + "\n", "\(ready.status) \(ready.text)")

        #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 201)
        #expect(try server.request("POST", "/forms/signup/submissions?draft=true", body: #"{"name":"Bo"}"#).status == 201)
        #expect(try server.request("POST", "/forms/signup/submissions", body: #"{"name":"Cy"}"#).status == 422)
        #expect(try server.request("GET", "/forms/signup/submissions").status == 401)
        #expect(try server.request("GET", "/forms/signup", headers: ["Accept": "application/json"]).status == 200)
        #expect(try server.request("GET", "/forms/no-such-form").status == 404)
        #expect(try server.request("GET", "/no/such/address/8c1f").status == 404)
        #expect(try server.request("DELETE", "/healthz").status == 404)

        let samples = try Self.scrape(server)
        let requests = "formctl_http_requests_total"
        let submissions = "/forms/{name}/submissions"
        #expect(Self.value(samples, requests, ["route": submissions, "status": "201"]) == 2)
        #expect(Self.value(samples, requests, ["route": submissions, "status": "422"]) == 1)
        #expect(Self.value(samples, requests, ["route": submissions, "status": "401"]) == 1)
        #expect(Self.value(samples, requests, ["route": "/forms/{name}", "status": "200"]) == 1)
        #expect(Self.value(samples, requests, ["route": "/forms/{name}", "status": "404"]) == 1)
        #expect(Self.value(samples, requests, ["route": "unmatched", "status": "404"]) == 2)
        #expect(Self.value(samples, requests, ["route": "/healthz", "status": "200"]) == 1)
        #expect(Self.value(samples, requests, ["route": "/readyz", "status": "200"]) == 1)
        // The pattern, never the address: a label value per path a scanner tries would grow without bound.
        let routes = Set(samples.compactMap { $0.labels["route"] })
        #expect(!routes.contains { $0.contains("signup") || $0.contains("8c1f") || $0.contains("no-such-form") }, "\(routes)")
        #expect(samples.first { $0.name == requests }?.type == "counter")

        let duration = "formctl_http_request_duration_seconds"
        #expect(samples.first { $0.family == duration }?.type == "histogram")
        #expect(Self.value(samples, duration + "_count", ["route": submissions]) == 4)
        #expect(Self.value(samples, duration + "_bucket", ["route": submissions, "le": "+Inf"]) == 4)
        #expect((Self.value(samples, duration + "_sum", ["route": submissions]) ?? 0) > 0)

        #expect(Self.value(samples, "formctl_submissions_stored_total", ["form": "signup", "status": "final"]) == 1)
        #expect(Self.value(samples, "formctl_submissions_stored_total", ["form": "signup", "status": "draft"]) == 1)
        #expect(Self.value(samples, "formctl_store_errors_total", ["kind": "busy"]) == 0)
        #expect(Self.value(samples, "formctl_store_errors_total", ["kind": "full"]) == 0)
        #expect(Self.value(samples, "formctl_outbox_pending") == 0)
        #expect(Self.value(samples, "formctl_outbox_failed") == 0)
        #expect(samples.first { $0.name == "formctl_outbox_pending" }?.type == "gauge")

        // A second scrape counts the first; the access log is still one JSON object a line.
        let again = try Self.scrape(server)
        #expect(Self.value(again, requests, ["route": "/metrics", "status": "200"]) == 1)
        server.stop()
        let lines = server.log.split(separator: "\n").filter { $0.hasPrefix("{") }
        let logged = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(logged.count == lines.count && logged.count >= 12, "\(server.log)")
        #expect(logged.contains { $0["path"] as? String == "/metrics" && $0["status"] as? Int == 200 }, "\(server.log)")
    }

    /// HEAD answers every GET route with GET's status and headers and no body (RFC 9110 9.1):
    /// monitors and link checkers probe with it.
    @Test func headAnswersEveryGetRouteWithoutABody() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        for (path, type) in [("/healthz", "application/json"), ("/readyz", "application/json"), ("/forms", "application/json"),
                             ("/forms/signup", "text/html"), ("/openapi.json", "application/json")] {
            let head = try server.request("HEAD", path, headers: ["Accept": type])
            #expect(head.status == 200 && head.body.isEmpty, "\(path): \(head.status) \(head.text)")
            #expect(head.headers["content-type"]?.hasPrefix(type) == true, "\(path): \(head.headers)")
        }
        #expect(try server.request("HEAD", "/forms/no-such-form").status == 404)
        #expect(try server.request("HEAD", "/submissions/1").status == 401)
    }

    @Test func aStoreBusyWithAnotherWriterIsCountedAndReadsStillAnswer() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--busy-timeout", "0.2"])
        defer { server.stop() }
        #expect(try server.request("GET", "/readyz").status == 200)
        // Another process holds the write lock: a submission is refused busy, and counted.
        let writer = try SQLiteLockHolder.start(database: scratch.db, seconds: 1.5)
        #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 503)
        // A writer does not hold readers (WAL): the store still answers, so it is ready.
        #expect(try server.request("GET", "/readyz").status == 200)
        writer.waitUntilExit()
        #expect(Self.value(try Self.scrape(server), "formctl_store_errors_total", ["kind": "busy"]) == 1)
    }

    /// A write refused by --rate-limit is answered before any route is matched: it counts as
    /// unmatched, with its status, and stores nothing.
    @Test func aWriteRefusedByTheRateLimitCountsAsUnmatched() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--rate-limit", "1/min"])
        defer { server.stop() }
        #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 201)
        #expect(try server.request("POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 429)
        let samples = try Self.scrape(server)
        #expect(Self.value(samples, "formctl_http_requests_total", ["route": "unmatched", "status": "429"]) == 1)
        #expect(Self.value(samples, "formctl_http_requests_total", ["route": "/forms/{name}/submissions", "status": "201"]) == 1)
        #expect(Self.value(samples, "formctl_submissions_stored_total", ["form": "signup", "status": "final"]) == 1)
    }

    /// One request off the concurrency pool: `ServerProcess.request` waits on a semaphore.
    static func request(_ server: ServerProcess, _ method: String, _ path: String, body: String? = nil) async throws -> ServerProcess.Reply {
        let port = server.port
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try ServerProcess.request(port: port, method, path, body: body) })
            }
        }
    }

    /// A delivery left due for ten minutes with no deliverer to attempt it is a stuck outbox:
    /// unready, saying so, until it is attempted; a failed one (attempts exhausted) is counted
    /// but does not hold readiness.
    @Test func anOutboxStuckForMoreThanFiveMinutesIsUnreadyAndTheGaugesCountIt() async throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch)
        defer { server.stop() }
        // A deliverer's side of the outbox, on the same file, through the engine's door.
        let engine = try FormEngine(databasePath: scratch.db)
        let subscription = try await engine.subscribe(name: "http://127.0.0.1:9/hook", eventTypes: nil)
        #expect(try await Self.request(server, "POST", "/forms/signup/submissions", body: ServeE2ETests.ann).status == 201)
        #expect(try await Self.request(server, "GET", "/readyz").status == 200)
        let owed = try Self.parsed(await Self.request(server, "GET", "/metrics"))
        #expect(Self.value(owed, "formctl_outbox_pending") == 1 && Self.value(owed, "formctl_outbox_failed") == 0)

        let claimed = try await engine.claimDeliveries(subscriptionID: subscription.id, owner: "test", lease: .seconds(60), limit: 10)
        let first = try #require(claimed.first, "nothing to claim")
        try await engine.recordDelivery(first, owner: "test", outcome: .retry(at: Date().addingTimeInterval(-600), status: 500, error: "down"))
        let stuck = try await Self.request(server, "GET", "/readyz")
        #expect(stuck.status == 503 && stuck.object["status"] as? String == "unready", "\(stuck.status) \(stuck.text)")
        let reason = stuck.object["reason"] as? String ?? ""
        #expect(reason.hasPrefix("a webhook delivery has been due for ") && reason.contains("without an attempt (the bound is 300 s)"), "\(reason)")

        // Attempted and out of attempts: failed, counted, and no longer holding readiness.
        let again = try #require(try await engine.claimDeliveries(subscriptionID: subscription.id, owner: "test", lease: .seconds(60), limit: 10).first)
        try await engine.recordDelivery(again, owner: "test", outcome: .exhausted(status: 500, error: "down"))
        #expect(try await Self.request(server, "GET", "/readyz").status == 200)
        let failed = try Self.parsed(await Self.request(server, "GET", "/metrics"))
        #expect(Self.value(failed, "formctl_outbox_pending") == 0 && Self.value(failed, "formctl_outbox_failed") == 1)
        await engine.close()
    }
}
