import Foundation
import FormEngine
import FormWebhooks
import Synchronization
import Testing

/// A running deliverer does not wait for its poll: what is due when it starts goes at once, a
/// new event as soon as the store signals it, a retry when it falls due.
@Suite struct DeliveryWakeTests {
    @Test func dueEventsGoAtStartNewOnesOnTheStoresSignalAndRetriesWhenDueWithoutPolling() async throws {
        let fixture = try await DeliveryFixture()
        // The third request fails once.
        let requests = Mutex(0)
        let receiver = TestReceiver { _ in (requests.withLock { $0 += 1; return $0 } == 3 ? 500 : 200, .zero) }
        let port = try await receiver.start()
        defer { Task { await receiver.stop() } }
        var options = quickOptions()
        options.pollInterval = .seconds(600)
        let log = AttemptLog()
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: [try hook(port: port, secret: .generate())],
                                         options: options, onAttempt: log.hook)
        // A first run makes the subscription; two events are then written while none runs.
        #expect(try await deliverer.deliverDue().delivered == 0)
        try await fixture.submit("Ann")
        try await fixture.submit("Bo")
        try await whileRunning(deliverer) {
            try await eventually("due at start") { receiver.accepted.count == 2 }
            try await fixture.submit("Cy")
            try await eventually("on the store's signal") { receiver.received.count == 3 }
            // The attempt is recorded after the receiver answers: wait for the record, or the
            // stop below may cancel the deliverer between the two (CI saw three records).
            try await eventually("retried when due") { receiver.accepted.count == 3 && log.all.count == 4 }
        }
        #expect(log.all.map(\.result) == [.delivered, .delivered, .retry, .delivered])
        await fixture.engine.close()
    }
}
