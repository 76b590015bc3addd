import Foundation
import FormEngine
import FormWebhooks
import MetricsTestKit
import Testing

/// Delivery through failures: a receiver that fails, one that is down, one that is too slow.
/// Each event is accepted once, signed, with the same webhook-id on every attempt.
@Suite struct DeliveryRetryTests {
    @Test func aReceiverFailingTwiceAcceptsTheThirdAttemptOnceWithTheSameIdAndAValidSignature() async throws {
        let fixture = try await DeliveryFixture()
        let receiver = TestReceiver { request in (request.attempt <= 2 ? 500 : 204, .zero) }
        let port = try await receiver.start()
        defer { Task { await receiver.stop() } }
        let secret = WebhookSecret.generate()
        let metrics = TestMetrics()
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: [try hook(port: port, secret: secret)],
                                         options: quickOptions(), metrics: metrics)
        try await whileRunning(deliverer) {
            try await fixture.subscribed()
            let ann = try await fixture.submit("Ann")
            try await eventually("accepted: \(receiver.received.map(\.status))") { receiver.accepted.count == 1 }
            // Nothing more once it is accepted.
            try await Task.sleep(for: .milliseconds(600))
            let requests = receiver.received
            #expect(requests.map(\.status) == [500, 500, 204])
            let event = try #require(try await fixture.events().first)
            #expect(event.id.hasPrefix("evt_") && Set(requests.map(\.webhookID)) == [event.id])
            for request in requests {
                #expect(signatureIsValid(request, secret: secret), "\(request.headers)")
                #expect(request.headers["content-type"] == "application/json")
                #expect(request.headers["user-agent"] == "formctl/\(FormEngine.version)")
                let timestamp = try #require(Int(request.headers["webhook-timestamp"] ?? ""))
                #expect(abs(Double(timestamp) - Date().timeIntervalSince1970) < 30)
                #expect(request.json?["type"] as? String == "submission.created", "\(String(decoding: request.body, as: UTF8.self))")
                #expect(request.json?["timestamp"] as? String == Timestamp.format(event.occurredAt))
                #expect(request.submission?["uuid"] as? String == ann.uuid && request.submission?["revision"] as? Int == 1)
                #expect(request.values?["name"] as? String == "Ann")
                #expect(!String(decoding: request.body, as: UTF8.self).contains(DeliveryFixture.pin))
            }
            // The body is the same on every attempt; only the timestamp and signature change.
            #expect(Set(requests.map(\.body)).count == 1)
            // A signature by another secret does not verify: the check above can fail.
            #expect(!signatureIsValid(requests[0], secret: WebhookSecret.generate()))
        }
        #expect(try metrics.expectCounter("formctl_webhook_attempts_total", [("result", "retry")]).totalValue == 2)
        #expect(try metrics.expectCounter("formctl_webhook_attempts_total", [("result", "delivered")]).totalValue == 1)
        #expect(try metrics.expectTimer("formctl_webhook_delivery_seconds").values.count == 1)
        let counts = try await fixture.engine.outboxCounts()
        #expect(counts.pending == 0 && counts.failed == 0)
        await fixture.engine.close()
    }

    @Test func aReceiverDownDuringTheSubmissionsGetsThemAllOnceItIsUp() async throws {
        let fixture = try await DeliveryFixture()
        // A port that was free a moment ago: nothing listens on it until the receiver starts.
        let receiver = TestReceiver()
        let port = try await receiver.start()
        await receiver.stop()
        let log = AttemptLog()
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: [try hook(port: port, secret: .generate())],
                                         options: quickOptions(maximumAttempts: 100), onAttempt: log.hook)
        let count = 60
        try await whileRunning(deliverer) {
            try await fixture.subscribed()
            for index in 1...count { try await fixture.submit("guest \(index)") }
            try await eventually("attempts while down: \(log.all.count)") { log.all.filter { $0.result == .retry }.count >= count }
            #expect(log.all.allSatisfy { $0.result == .retry && $0.status == nil && $0.error != nil })
            #expect(log.all.first?.error?.contains("refused") == true, "\(log.all.first?.error ?? "")")
            _ = try await receiver.start(port: port)
            try await eventually("accepted: \(receiver.accepted.count)") { Set(receiver.accepted.map(\.webhookID)).count == count }
            try await Task.sleep(for: .milliseconds(400))
        }
        await receiver.stop()
        let events = try await fixture.events()
        #expect(events.count == count)
        // Each event accepted exactly once.
        #expect(receiver.accepted.map(\.webhookID).sorted() == events.map(\.id).sorted())
        #expect(try await fixture.engine.outboxCounts().pending == 0)
        await fixture.engine.close()
    }

    @Test func anAttemptSlowerThanTheTimeoutFailsAndIsRetried() async throws {
        let fixture = try await DeliveryFixture()
        let receiver = TestReceiver { request in (200, request.attempt == 1 ? .seconds(120) : .zero) }
        let port = try await receiver.start()
        defer { Task { await receiver.stop() } }
        let log = AttemptLog()
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: [try hook(port: port, secret: .generate())],
                                         options: quickOptions(timeout: .seconds(1)), onAttempt: log.hook)
        try await whileRunning(deliverer) {
            try await fixture.subscribed()
            try await fixture.submit("Ann")
            try await eventually("attempts: \(log.all)") { log.all.contains { $0.result == .delivered } }
        }
        let attempts = log.all
        // [.retry, .delivered] alone; a loaded run may time out the immediate second answer too.
        #expect(attempts.first?.result == .retry && attempts.last?.result == .delivered, "\(attempts)")
        #expect(attempts.first?.error == "timed out after 1 s" && attempts.first?.status == nil)
        #expect(attempts.map(\.attempt) == Array(1...attempts.count))
        // Cut at the 1 s timeout, not held for the receiver's 120 s: loose, because a loaded
        // run on two cores can hold the deliverer's task up for more than 10 s (CI saw 11.6 s).
        #expect(attempts.first.map { $0.duration < .seconds(60) } == true, "the attempt took \(attempts.first?.duration ?? .zero)")
        #expect(Set(receiver.received.map(\.webhookID)).count == 1 && receiver.received.count == attempts.count)
        await fixture.engine.close()
    }
}
