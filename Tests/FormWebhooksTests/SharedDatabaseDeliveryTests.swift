import Foundation
import FormEngine
import FormWebhooks
import PostgresTestServer
import TestSupport
import Testing

/// Two deliverers (two engines, as two `formctl serve` would have) on one PostgreSQL database
/// share the outbox: every event is delivered, and none twice.
@Suite struct SharedDatabaseDeliveryTests {
    @Test(.enabled(if: PostgresTestServer.unavailableReason == nil, "needs PostgreSQL's binaries"))
    func twoDeliverersOnOneDatabaseDeliverEveryEventOnce() async throws {
        let address = try PostgresTestServer.shared().createDatabase()
        let scratch = try TemporaryDirectory(prefix: "webhooks-pg")
        let fixtures = [try await DeliveryFixture(engine: try await FormEngine(database: address), scratch: scratch),
                        try await DeliveryFixture(engine: try await FormEngine(database: address), scratch: scratch)]
        let receiver = TestReceiver { _ in (200, .milliseconds(2)) }
        let subscription = try hook(port: try await receiver.start(), secret: .generate())
        let logs = [AttemptLog(), AttemptLog()]
        let deliverers = zip(fixtures, logs).map { fixture, log in
            WebhookDeliverer(engine: fixture.engine, subscriptions: [subscription], options: quickOptions(), onAttempt: log.hook)
        }
        let running = deliverers.map { deliverer in Task { try await deliverer.run() } }
        try await fixtures[0].subscribed()

        let count = 1000
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, fixture) in fixtures.enumerated() {
                group.addTask {
                    for number in stride(from: index, to: count, by: 2) { try await fixture.submit("guest \(number)") }
                }
            }
            try await group.waitForAll()
        }
        try await eventually(within: .seconds(180), "accepted: \(Set(receiver.accepted.map(\.webhookID)).count)") {
            Set(receiver.accepted.map(\.webhookID)).count == count
        }
        try await Task.sleep(for: .milliseconds(500))
        for task in running { try await stop(task) }
        for deliverer in deliverers { await deliverer.shutdown() }
        await receiver.stop()

        let events = try await fixtures[0].events()
        #expect(events.count == count)
        // None lost, none twice; and both took a share.
        #expect(receiver.received.map(\.webhookID).sorted() == events.map(\.id).sorted())
        #expect(logs.allSatisfy { log in log.all.contains { $0.result == .delivered } }, "\(logs.map { $0.all.count })")
        #expect(try await fixtures[1].engine.outboxCounts().pending == 0)
        for fixture in fixtures { await fixture.engine.close() }
    }
}
