import Foundation
import Testing

/// Concurrent submits to `formctl serve` are stored in shared transactions: each request still
/// gets its own row, and the answer kept under its `Idempotency-Key` is its own (a retry of each
/// replays that answer and stores nothing).
@Suite(.serialized) struct ServeGroupCommitE2ETests {
    @Test func concurrentKeyedSubmitsEachKeepTheirOwnAnswer() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, extra: ["--max-connections-per-client", "256"])
        defer { server.stop() }
        let port = server.port
        let count = 32
        @Sendable func body(_ n: Int) -> String { ServeE2ETests.ann.replacingOccurrences(of: "Ann Lee", with: "Person \(n)") }
        let lock = NSLock()
        nonisolated(unsafe) var replies: [Int: ServerProcess.Reply] = [:]
        DispatchQueue.concurrentPerform(iterations: count) { n in
            let reply = try? ServerProcess.request(port: port, "POST", "/forms/signup/submissions", body: body(n),
                                                   headers: ["Idempotency-Key": "group-\(n)", "Accept": "application/json"])
            lock.withLock { replies[n] = reply }
        }
        var ids: Set<Int> = []
        for n in 0..<count {
            let reply = try #require(replies[n], "request \(n) got no answer")
            #expect(reply.status == 201, "\(n): \(reply.status) \(reply.text)")
            let id = try #require(reply.object["id"] as? Int, "\(reply.text)")
            ids.insert(id)
            // The row under the id the request was given holds that request's answers.
            let stored = try scratch.rows("select values_json from submissions where id = \(id)")
            #expect(stored.contains("Person \(n)\""), "request \(n) was told id \(id), which holds \(stored)")
            let retry = try server.request("POST", "/forms/signup/submissions", body: body(n), headers: ["Idempotency-Key": "group-\(n)"])
            #expect(retry.status == 201 && retry.body == reply.body, "\(n): \(retry.status) \(retry.text)")
        }
        #expect(ids.count == count)
        #expect(try ServeIdempotencyE2ETests.count(scratch) == count)
        #expect(try ServeIdempotencyE2ETests.count(scratch, "idempotency_keys") == count)
    }
}
