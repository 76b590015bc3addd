import Foundation
import FormEngine
import FormWebhooks
import MetricsTestKit
import Testing

/// What a receiver can count on: no more requests at once than the concurrency, a submission's
/// changes in the order they were made, and a 410 Gone that stops the posts.
@Suite struct DeliveryLimitsTests {
    @Test func neverMoreRequestsInFlightThanTheConcurrency() async throws {
        let fixture = try await DeliveryFixture()
        let receiver = TestReceiver { _ in (200, .milliseconds(1500)) }
        let port = try await receiver.start()
        defer { Task { await receiver.stop() } }
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: [try hook(port: port, secret: .generate())],
                                         options: quickOptions(concurrency: 3))
        let count = 12
        try await whileRunning(deliverer) {
            try await fixture.subscribed()
            for index in 1...count { try await fixture.submit("guest \(index)") }
            try await eventually("accepted: \(receiver.accepted.count)") { receiver.accepted.count == count }
        }
        // Three at once (the submissions are apart, so nothing else holds them back), never four;
        // a loaded run may write the submissions too slowly to fill all three.
        #expect((2...3).contains(receiver.mostInFlight), "\(receiver.mostInFlight) at once")
        #expect(Set(receiver.accepted.map(\.webhookID)).count == count)
        await fixture.engine.close()
    }

    @Test func aSubmissionsChangesArriveInTheOrderTheyWereMade() async throws {
        let fixture = try await DeliveryFixture()
        // The first attempt at each submission's first event fails: its later changes wait for it.
        let receiver = TestReceiver { request in
            (request.json?["type"] as? String == "submission.created" && request.attempt == 1 ? 503 : 200, .milliseconds(20))
        }
        let port = try await receiver.start()
        defer { Task { await receiver.stop() } }
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: [try hook(port: port, secret: .generate())],
                                         options: quickOptions(concurrency: 4))
        try await whileRunning(deliverer) {
            try await fixture.subscribed()
            let ann = try await fixture.submit("Ann")
            for name in ["Ann B", "Ann C", "Ann D"] {
                _ = try await fixture.engine.edit(id: ann.id, SubmissionEdit(answers: ["name": .string(name)]))
            }
            let bo = try await fixture.submit("Bo")
            _ = try await fixture.engine.edit(id: bo.id, SubmissionEdit(answers: ["name": "Bo B"]))
            try await eventually("accepted: \(receiver.accepted.count)") { receiver.accepted.count == 6 }

            for submission in [ann, bo] {
                let events = try await fixture.events().filter { $0.submissionID == submission.id }.map(\.id)
                // Each change first reached the receiver after the one before it was accepted.
                let requests = receiver.received
                let firstPosted = events.map { id in requests.firstIndex { $0.webhookID == id } ?? -1 }
                let accepted = events.map { id in requests.firstIndex { $0.webhookID == id && $0.status == 200 } ?? -1 }
                #expect(!firstPosted.contains(-1) && !accepted.contains(-1), "\(requests.map(\.webhookID))")
                #expect(zip(accepted, firstPosted.dropFirst()).allSatisfy { $0 < $1 },
                        "accepted at \(accepted), first posted at \(firstPosted)")
                // Each body shows the submission at its event's revision.
                let bodies = accepted.filter { $0 >= 0 }.map { requests[$0] }
                #expect(bodies.map { $0.submission?["revision"] as? Int } == Array(1...events.count))
            }
            #expect(receiver.accepted.compactMap { $0.submission?["id"] as? Int == Int(ann.id) ? $0.values?["name"] as? String : nil }
                    == ["Ann", "Ann B", "Ann C", "Ann D"])
        }
        await fixture.engine.close()
    }

    @Test func a410DisablesTheSubscriptionAndNothingMoreIsPostedUntilItIsEnabled() async throws {
        let fixture = try await DeliveryFixture()
        let gone = Mutex(true)
        let receiver = TestReceiver { _ in (gone.withLock { $0 } ? 410 : 200, .zero) }
        let port = try await receiver.start()
        defer { Task { await receiver.stop() } }
        let subscription = try hook(port: port, secret: .generate())
        let metrics = TestMetrics()
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: [subscription], options: quickOptions(), metrics: metrics)
        try await whileRunning(deliverer) {
            try await fixture.subscribed()
            try await fixture.submit("Ann")
            try await eventually("the subscription was not disabled") {
                try await fixture.engine.subscriptions().first?.disabledAt != nil
            }
            let disabled = try #require(try await fixture.engine.subscriptions().first)
            #expect(disabled.name == subscription.url.absoluteString && disabled.disabledReason?.contains("410") == true)
            try await fixture.submit("Bo")
            try await fixture.submit("Cy")
            try await Task.sleep(for: .seconds(1))
            #expect(receiver.received.count == 1)
            // The event the receiver refused stays pending.
            let pending = try await fixture.engine.outbox(OutboxQuery(states: [.pending]))
            #expect(pending.map(\.event.id).contains(receiver.received[0].webhookID), "\(pending)")

            // Enabled again, everything held back goes out.
            gone.withLock { $0 = false }
            try #require(try await fixture.engine.enableSubscription(named: subscription.url.absoluteString) != nil)
            try await eventually("accepted: \(receiver.accepted.count)") { receiver.accepted.count == 3 }
            // The receiver answers before the deliverer counts the answer: stopping it at once
            // could stop it between the two (the event is then posted again on the next run).
            try await eventually("counted as delivered") {
                (try? metrics.expectCounter("formctl_webhook_attempts_total", [("result", "delivered")]).totalValue) == 3
            }
        }
        #expect(try metrics.expectCounter("formctl_webhook_attempts_total", [("result", "gone")]).totalValue == 1)
        #expect(try metrics.expectCounter("formctl_webhook_attempts_total", [("result", "delivered")]).totalValue == 3)
        await fixture.engine.close()
    }
}

import Synchronization
