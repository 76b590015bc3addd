import Foundation
import Glibc
import PostgresTestServer
import Testing

/// Two `formctl serve --webhook` processes on one PostgreSQL database share the deliveries:
/// none lost, none sent twice, except what a killed process had in flight.
@Suite(.serialized, .timeLimit(.minutes(5)),
       .enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL tests skipped: \(PostgresTestServer.unavailableReason ?? "")"))
struct WebhookPostgresE2ETests {
    @Test func twoServersDeliverAThousandEventsNoneLostAndOnlyTheKilledOnesInFlightTwice() throws {
        let scratch = try Scratch()
        let database = try PostgresTestServer.shared().createDatabase()
        let (secret, _) = try WebhookDeliveryE2ETests.secretFile(scratch)
        let receiver = try WebhookReceiver(scratch, delay: 0.1)
        let flags = ["--webhook", receiver.url, "--webhook-secret-file", secret, "--webhook-first-retry", "0.2", "--webhook-timeout", "2"]
        let first = try ServerProcess(scratch, extra: flags, database: database)
        let second = try ServerProcess(scratch, extra: flags, database: database)
        defer { second.stop() }

        // Both alive: every event once.
        try WebhookDeliveryE2ETests.submit(0..<500, ports: [first.port, second.port])
        receiver.waitForEvents(500, timeout: 90)
        usleep(1_000_000)
        let calm = receiver.requests
        #expect(Set(calm.map(\.id)).count == 500, "delivered \(Set(calm.map(\.id)).count) of 500")
        #expect(calm.count == 500, "two servers, each event once: \(calm.count) requests for 500 events")

        // One killed mid-delivery: the other delivers the rest once its claims' lease runs out.
        try WebhookDeliveryE2ETests.submit(500..<1000, ports: [first.port, second.port])
        receiver.waitForEvents(600, timeout: 60)
        let killedAt = Date().timeIntervalSince1970
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(Set(receiver.requests.map(\.id)).count < 1000, "killed mid-delivery")
        receiver.waitForEvents(1000, timeout: 90)
        #expect(try WebhookDeliveryE2ETests.waitUntilOutboxEmpty(database, directory: scratch.directory),
                "every delivery accepted and recorded, the killed server's claims by the other once their lease ran out")
        let all = receiver.requests
        let submissions = WebhookDeliveryE2ETests.submissionCounts(all)
        #expect(submissions.count == 1000, "none lost: \(submissions.count) of 1000 submissions delivered")
        var byID: [String: [WebhookReceiver.Request]] = [:]
        for request in all { byID[request.id, default: []].append(request) }
        let repeated = byID.filter { $0.value.count > 1 }
        #expect(repeated.count <= 4, "only what the killed server had in flight (--webhook-concurrency 4) twice: \(repeated.count)")
        for (id, requests) in repeated {
            #expect(requests[0].arrivedAt < killedAt + 1, "\(id) was sent twice but was not in flight when the server was killed")
        }
        #expect(second.stop() == 0, "\(second.log)")
    }
}
