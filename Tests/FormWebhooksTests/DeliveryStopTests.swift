import Foundation
import FormEngine
import FormWebhooks
import Testing

/// A deliverer stopped mid-attempt ends at once without recording anything; its claim expires
/// and another deliverer (another process, or this one restarted) delivers the event.
@Suite struct DeliveryStopTests {
    @Test func aDelivererStoppedMidAttemptEndsAtOnceAndAnotherDeliversTheEventOnceTheLeaseExpires() async throws {
        let fixture = try await DeliveryFixture()
        let receiver = TestReceiver { request in (200, request.attempt == 1 ? .seconds(20) : .zero) }
        let port = try await receiver.start()
        defer { Task { await receiver.stop() } }
        let subscription = try hook(port: port, secret: .generate())
        // A lease of 2 x 1 s + 5 s.
        let options = quickOptions(timeout: .seconds(1))
        let first = WebhookDeliverer(engine: fixture.engine, subscriptions: [subscription], options: options)
        let running = Task { try await first.run() }
        try await fixture.subscribed()
        try await fixture.submit("Ann")
        try await eventually("posted") { receiver.received.count == 1 }
        let stopped = ContinuousClock.now
        running.cancel()
        try await running.value
        #expect(ContinuousClock.now - stopped < .milliseconds(500))
        await first.shutdown()
        // Nothing was recorded: the event is pending, its attempt not counted.
        let pending = try await fixture.engine.outbox(OutboxQuery(states: [.pending]))
        #expect(pending.count == 1 && pending.first?.attempts == 0 && pending.first?.lastError == nil, "\(pending)")

        let log = AttemptLog()
        let second = WebhookDeliverer(engine: fixture.engine, subscriptions: [subscription], options: options, onAttempt: log.hook)
        try await whileRunning(second) {
            try await eventually(within: .seconds(15), "delivered after the lease") { log.all.contains { $0.result == .delivered } }
        }
        // Not before the first claim's lease ran out.
        #expect(ContinuousClock.now - stopped > .seconds(5))
        #expect(receiver.received.count == 2 && Set(receiver.received.map(\.webhookID)).count == 1)
        #expect(log.all.map(\.attempt) == [1])
        await fixture.engine.close()
    }
}
