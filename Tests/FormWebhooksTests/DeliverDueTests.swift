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
                                         options: Self.hourly(maximumAttempts: 2))
        // The first run makes the subscriptions: nothing is due yet.
        #expect(try await deliverer.deliverDue() == WebhookDeliveryReport(delivered: 0, retrying: 0, failed: 0, disabled: []))
        for name in ["Ann", "Bo", "Cy"] { try await fixture.submit(name) }

        let first = try await deliverer.deliverDue()
        #expect(first == WebhookDeliveryReport(delivered: 3, retrying: 3, failed: 0, disabled: [subscriptions[2].url.absoluteString]))
        #expect(accepting.accepted.count == 3 && failing.received.count == 3 && gone.received.count == 1)
        // The failed attempts are due in an hour: a run now has nothing to do.
        #expect(try await deliverer.deliverDue() == WebhookDeliveryReport(delivered: 0, retrying: 0, failed: 0, disabled: []))
        // Made due now (as `formctl outbox retry` does, attempts counted afresh) for a deliverer
        // that makes one attempt: with none left, they are failed.
        for entry in try await fixture.engine.outbox(OutboxQuery(states: [.pending], subscription: subscriptions[1].name)) {
            #expect(try await fixture.engine.retryOutbox(eventID: entry.event.id, subscription: subscriptions[1].name) == 1)
        }
        let last = WebhookDeliverer(engine: fixture.engine, subscriptions: subscriptions,
                                    options: Self.hourly(maximumAttempts: 1))
        #expect(try await last.deliverDue() == WebhookDeliveryReport(delivered: 0, retrying: 0, failed: 3, disabled: []))
        await last.shutdown()
        #expect(accepting.received.count == 3 && failing.received.count == 6 && gone.received.count == 1)

        let failed = try await fixture.engine.outbox(OutboxQuery(states: [.failed]))
        #expect(failed.count == 3 && failed.allSatisfy { $0.subscription == subscriptions[1].url.absoluteString && $0.lastStatus == 500 })
        #expect(failed.allSatisfy { $0.attempts == 1 && $0.lastError == "HTTP 500" }, "\(failed)")
        await deliverer.shutdown()
        for receiver in [accepting, failing, gone] { await receiver.stop() }
        await fixture.engine.close()
    }

    /// One attempt at a time, a retry an hour after a failure: nothing falls due while a test
    /// runs, however slowly.
    static func hourly(maximumAttempts: Int) -> WebhookDeliveryOptions {
        WebhookDeliveryOptions(timeout: .seconds(60), concurrency: 1,
                               retry: WebhookRetryPolicy(firstRetry: .seconds(3600), factor: 1, maximumInterval: .seconds(3600),
                                                         maximumAttempts: maximumAttempts, jitter: 0))
    }
}
