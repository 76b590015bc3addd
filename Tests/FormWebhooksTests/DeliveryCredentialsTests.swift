import Foundation
import FormEngine
import FormWebhooks
import Testing

/// A webhook URL with `user:password@`: the password is sent as Basic authentication, and
/// neither stored in the outbox nor shown in a report.
@Suite struct DeliveryCredentialsTests {
    @Test func credentialsInTheURLAreSentAsBasicAuthenticationAndNeverStoredOrShown() async throws {
        let fixture = try await DeliveryFixture()
        let receiver = TestReceiver { _ in (410, .zero) }
        let port = try await receiver.start()
        let subscription = try WebhookSubscription(url: "http://alice:pa%3Ass@127.0.0.1:\(port)/hook", secret: .generate())
        #expect(subscription.name == "http://127.0.0.1:\(port)/hook")
        let reports = AttemptLog()
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: [subscription], options: quickOptions(),
                                         onAttempt: reports.hook)
        _ = try await deliverer.deliverDue()
        try await fixture.submit("Ann")
        let report = try await deliverer.deliverDue()

        let request = try #require(receiver.received.first)
        let expected = "Basic " + Data("alice:pa:ss".utf8).base64EncodedString()
        #expect(request.headers["authorization"] == expected)
        #expect(report.disabled == [subscription.name])
        #expect(reports.all.map(\.subscription) == [subscription.name])
        let stored = try await fixture.engine.subscriptions()
        #expect(stored.map(\.name) == [subscription.name])
        #expect(stored.allSatisfy { !($0.disabledReason ?? "").contains("pa%3Ass") })
        let pending = try await fixture.engine.outbox(OutboxQuery())
        #expect(pending.map(\.subscription) == [subscription.name])
        await deliverer.shutdown()
        await receiver.stop()
        await fixture.engine.close()
    }

    @Test func anInvalidURLIsNamedWithoutItsPassword() {
        #expect(throws: WebhookConfigurationError.self) {
            try WebhookSubscription(url: "ftp://alice:secret@example.com/hook", secret: .generate())
        }
        do {
            _ = try WebhookSubscription(url: "ftp://alice:secret@example.com/hook", secret: .generate())
        } catch {
            #expect(!"\(error)".contains("secret"), "\(error)")
        }
    }
}
