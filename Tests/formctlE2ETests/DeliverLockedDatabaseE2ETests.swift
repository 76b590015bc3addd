import Foundation
import Glibc
import Testing

/// `formctl deliver` from cron on a database another process keeps locked: it says so and
/// ends once its --busy-timeout runs out, rather than wait as long as the lock is held.
@Suite(.timeLimit(.minutes(2))) struct DeliverLockedDatabaseE2ETests {
    @Test func deliverOnADatabaseThatStaysLockedEndsWithTheStoreError() throws {
        let scratch = try Scratch()
        let (secret, _) = try WebhookDeliveryE2ETests.secretFile(scratch)
        try #require(try scratch.formctl(["migrate"]).exitCode == 0)
        let holder = try SQLiteLockHolder.start(database: scratch.db, seconds: 12)
        defer { holder.terminate() }

        let started = ContinuousClock.now
        let result = try scratch.formctl(["deliver", "--webhook", "http://127.0.0.1:9/hook", "--webhook-secret-file", secret,
                                          "--busy-timeout", "0.5"])
        let took = ContinuousClock.now - started
        #expect(result.exitCode == 3 && result.stderr.contains("cannot deliver from \(scratch.db)"), "\(result)")
        #expect(took < .seconds(8), "deliver waited \(took) for a lock held 12 s")
    }
}
