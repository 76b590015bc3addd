import Foundation
import FormEngine
import FormWebhooks
import Testing

/// `deliverDue()`, as `formctl deliver` runs it from cron: each due delivery attempted once,
/// and a report that counts what happened.
@Suite struct DeliverDueTests {
    @Test func attemptsWhatIsDueOnceAndReportsWhatCameOfIt() async throws {
        let fixture = try await DeliveryFixture()
        let accepting = TestReceiver()
        let failing = TestReceiver { _ in (500, .zero) }
        let gone = TestReceiver { _ in (410, .zero) }
        var subscriptions: [WebhookSubscription] = []
        for receiver in [accepting, failing, gone] {
            subscriptions.append(try hook(port: try await receiver.start(), secret: .generate()))
        }
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: subscriptions,
                                         options: quickOptions(firstRetry: .seconds(1), maximumAttempts: 2, concurrency: 1))
        // The first run makes the subscriptions: nothing is due yet.
        #expect(try await deliverer.deliverDue() == WebhookDeliveryReport(delivered: 0, retrying: 0, failed: 0, disabled: []))
        for name in ["Ann", "Bo", "Cy"] { try await fixture.submit(name) }

        let first = try await deliverer.deliverDue()
        #expect(first == WebhookDeliveryReport(delivered: 3, retrying: 3, failed: 0, disabled: [subscriptions[2].url.absoluteString]))
        #expect(accepting.accepted.count == 3 && failing.received.count == 3 && gone.received.count == 1)
        // The failed attempts are due in a second: a run now has nothing to do.
        #expect(try await deliverer.deliverDue() == WebhookDeliveryReport(delivered: 0, retrying: 0, failed: 0, disabled: []))
        try await Task.sleep(for: .milliseconds(1100))
        // Their second attempt is their last.
        #expect(try await deliverer.deliverDue() == WebhookDeliveryReport(delivered: 0, retrying: 0, failed: 3, disabled: []))
        #expect(accepting.received.count == 3 && failing.received.count == 6 && gone.received.count == 1)

        let failed = try await fixture.engine.outbox(OutboxQuery(states: [.failed]))
        #expect(failed.count == 3 && failed.allSatisfy { $0.subscription == subscriptions[1].url.absoluteString && $0.lastStatus == 500 })
        #expect(failed.allSatisfy { $0.attempts == 2 && $0.lastError == "HTTP 500" }, "\(failed)")
        await deliverer.shutdown()
        for receiver in [accepting, failing, gone] { await receiver.stop() }
        await fixture.engine.close()
    }
}
