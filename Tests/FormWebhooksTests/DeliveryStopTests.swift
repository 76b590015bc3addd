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
        // A lease of 2 x 5 s + 5 s, short enough for the test to wait it out. The attempt's
        // timeout must outlast the test noticing the request under a loaded run: with 1 s, CI
        // saw the first deliverer time out and record a retry before the test stopped it.
        let options = quickOptions(timeout: .seconds(5))
        let first = WebhookDeliverer(engine: fixture.engine, subscriptions: [subscription], options: options)
        let running = Task { try await first.run() }
        try await fixture.subscribed()
        try await fixture.submit("Ann")
        try await eventually("posted") { receiver.received.count == 1 }
        let stopped = ContinuousClock.now
        running.cancel()
        try await running.value
        // Alone it ends in milliseconds; what shows it did not wait for the attempt's answer or
        // timeout is that nothing was recorded (below), so the bound is loose for a loaded run.
        #expect(ContinuousClock.now - stopped < .seconds(10))
        await first.shutdown()
        // Nothing was recorded: the event is pending, its attempt not counted.
        let pending = try await fixture.engine.outbox(OutboxQuery(states: [.pending]))
        #expect(pending.count == 1 && pending.first?.attempts == 0 && pending.first?.lastError == nil, "\(pending)")

        let log = AttemptLog()
        let second = WebhookDeliverer(engine: fixture.engine, subscriptions: [subscription], options: options, onAttempt: log.hook)
        try await whileRunning(second) {
            try await eventually("delivered after the lease") { log.all.contains { $0.result == .delivered } }
        }
        // Not before the first claim's lease ran out: it was claimed less than the 5 s timeout
        // before the stop (nothing was recorded), so at least 10 s of its 15 s remained.
        #expect(ContinuousClock.now - stopped > .seconds(9))
        #expect(Set(receiver.received.map(\.webhookID)).count == 1)
        // Attempt 1 of the second deliverer: the receiver answers its second request at once.
        #expect(log.all.first?.attempt == 1 && log.all.last?.result == .delivered, "\(log.all)")
        await fixture.engine.close()
    }
}
