import Foundation
import Testing

/// `--request-timeout` stops the work, not only the answer: what is still running at the
/// deadline is stopped and stored nothing (503), and a write already under way finishes (201),
/// so a client told to try again never stores twice.
@Suite(.serialized) struct ServeDeadlineE2ETests {
    static func count(_ scratch: Scratch) throws -> String {
        try scratch.rows("select count(*) from submissions").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = Date()
        let result = try body()
        return (result, Date().timeIntervalSince(start))
    }

    @Test func anActionStillRunningAtTheDeadlineIsKilledAndNothingIsStored() throws {
        let scratch = try Scratch()
        let marker = scratch.path("action-finished")
        let server = try ServerProcess(scratch, formsDirectory: try ServeE2ETests.orderForms(scratch), extra: [
            "--request-timeout", "1", "--action", "check=sh -c 'read -r line; sleep 3; touch \(marker)'",
        ])
        defer { server.stop() }
        let (reply, seconds) = try Self.timed { try server.request("POST", "/forms/order/submissions", body: #"{"item":"tea"}"#) }
        #expect(reply.status == 503 && reply.headers["retry-after"] == "1", "\(reply.status) \(reply.text)")
        #expect(seconds < 2, "answered \(seconds) s after the request, the deadline was 1 s")
        // Had the program gone on, it would have finished and the row been stored by now.
        usleep(3_000_000)
        #expect(!FileManager.default.fileExists(atPath: marker), "the action program was not killed")
        #expect(try Self.count(scratch) == "0")
    }

    @Test func aWriteUnderWayAtTheDeadlineFinishesWith201() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try ServeE2ETests.orderForms(scratch), extra: [
            "--request-timeout", "1", "--action", "check=true",
        ])
        defer { server.stop() }
        #expect(try server.request("POST", "/forms/order/submissions", body: #"{"item":"warm-up"}"#).status == 201)
        // Every insert now takes about two seconds inside its transaction.
        _ = try scratch.rows("""
            CREATE TRIGGER slow_insert AFTER INSERT ON submissions BEGIN
              SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000000) SELECT x FROM c);
            END;
            """)
        let (reply, seconds) = try Self.timed { try server.request("POST", "/forms/order/submissions", body: #"{"item":"tea"}"#) }
        #expect(seconds > 1, "the insert was not slow (\(seconds) s): the test does not cross the deadline")
        #expect(reply.status == 201, "\(reply.status) \(reply.text)")
        #expect(try Self.count(scratch) == "2")
    }

    @Test func aStoreLockedPastTheDeadlineIs503AndNothingIsStoredLater() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try ServeE2ETests.orderForms(scratch), extra: [
            "--busy-timeout", "10", "--request-timeout", "1", "--action", "check=true",
        ])
        defer { server.stop() }
        #expect(try server.request("POST", "/forms/order/submissions", body: #"{"item":"tea"}"#).status == 201)
        // Another process holds SQLite's write lock for three seconds.
        let holder = try SQLiteLockHolder.start(database: scratch.db, seconds: 3)
        let (reply, seconds) = try Self.timed { try server.request("POST", "/forms/order/submissions", body: #"{"item":"coffee"}"#) }
        #expect(reply.status == 503 && reply.headers["retry-after"] == "1", "\(reply.status) \(reply.text)")
        #expect(seconds < 2, "answered \(seconds) s after the request, the deadline was 1 s")
        holder.waitUntilExit()
        // The abandoned write does not take the lock once it is free.
        usleep(500_000)
        #expect(try Self.count(scratch) == "1")
    }

    @Test func aFillStillRunningAtTheDeadlineStopsAndNothingIsStored() throws {
        let scratch = try Scratch()
        let forms = scratch.path("guest-forms")
        try FileManager.default.createDirectory(atPath: forms, withIntermediateDirectories: true)
        // Every item's rule reads the whole repeat: filling 2,500 guests given at once takes
        // seconds of CPU finding what depends on what. The repeat declares room for them (a
        // repeat that declares nothing takes at most 1,000 items from one request).
        _ = try scratch.write("guest-forms/guests.json", """
            {"title": "Guests", "sections": [{"bind": "iterate:guests", "maximumItems": 5000, "elementTemplate":
              {"type": "entry", "key": "email", "bind": "textValue:email", "required": "@{guests.@count > 0}"}}]}
            """)
        let server = try ServerProcess(scratch, formsDirectory: forms, extra: ["--request-timeout", "1"])
        defer { server.stop() }
        let guests = (0..<2500).map { #"{"email":"g\#($0)@x.io"}"# }.joined(separator: ",")
        let (reply, seconds) = try Self.timed {
            try server.request("POST", "/forms/guests/submissions", body: #"{"guests":[\#(guests)]}"#)
        }
        #expect(reply.status == 503, "\(reply.status) \(reply.text)")
        #expect(seconds < 2, "answered \(seconds) s after the request, the deadline was 1 s")
        #expect(try Self.count(scratch) == "0")
        #expect(try server.request("POST", "/forms/guests/submissions", body: #"{"guests":[{"email":"a@x.io"}]}"#).status == 201)
    }
}
