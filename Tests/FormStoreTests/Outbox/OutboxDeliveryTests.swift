import Foundation
import Testing
@testable import FormStore
import Secrets

/// Claims under leases, outcomes, order per submission, retry, enable and disable, counts and
/// the listing, on each backend.
@Suite struct OutboxDeliveryTests {
    static let form = OutboxEventTests.form
    static let url = "http://127.0.0.1:9/hook"

    static func saveFinal(_ store: any SubmissionStorage, _ values: String = "{}") async throws -> StoredSubmission {
        try await store.save(SubmissionWrite(version: form, status: .final, valuesJSON: values))
    }

    static func claim(_ store: any SubmissionStorage, _ subscription: OutboxSubscription, owner: String, now: Date = Date(),
                      lease: TimeInterval = 60, limit: Int = 100) async throws -> [ClaimedDelivery] {
        try await store.claimDeliveries(subscriptionID: subscription.id, owner: owner, now: now,
                                        leaseUntil: now.addingTimeInterval(lease), limit: limit)
    }

    @Test(arguments: OutboxBackends.all) func aSubscriptionReceivesEventsOfItsTypesWrittenAfterItsCreation(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let early = try await Self.saveFinal(store)
        let all = try await store.subscription(named: Self.url, eventTypes: nil)
        let deletions = try await store.subscription(named: "http://127.0.0.1:9/deleted", eventTypes: [.deleted])
        #expect(all.eventTypes == nil && deletions.eventTypes == [.deleted] && all.id != deletions.id)
        #expect(try await store.subscription(named: Self.url, eventTypes: nil) == all, "the same name is the same subscription")
        #expect(try await store.subscriptions() == [all, deletions])
        let later = try await Self.saveFinal(store)
        #expect(try await store.delete(id: early.id, actor: nil, reason: nil))
        let claimed = try await Self.claim(store, all, owner: "a")
        #expect(claimed.map(\.event.type) == [.created, .deleted] && claimed.map(\.event.submissionID) == [later.id, early.id])
        #expect(claimed.allSatisfy { $0.attempt == 1 && $0.subscriptionID == all.id })
        #expect(try await Self.claim(store, deletions, owner: "a").map(\.event.type) == [.deleted])

        // New types apply to events written from then on.
        _ = try await store.subscription(named: "http://127.0.0.1:9/deleted", eventTypes: [.created])
        let third = try await Self.saveFinal(store)
        #expect(try await store.delete(id: later.id, actor: nil, reason: nil))
        let next = try await Self.claim(store, deletions, owner: "a")
        #expect(next.map(\.event.type) == [.created] && next.map(\.event.submissionID) == [third.id])
        await store.close()
    }

    @Test(arguments: OutboxBackends.all) func outcomesAreRecordedOnlyByTheLeaseHolder(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let subscription = try await store.subscription(named: Self.url, eventTypes: nil)
        for n in 0..<3 { _ = try await Self.saveFinal(store, "\(n)") }
        let now = Date()
        let claimed = try await Self.claim(store, subscription, owner: "a", now: now, lease: 30)
        #expect(claimed.count == 3)
        #expect(try await Self.claim(store, subscription, owner: "b", now: now).isEmpty, "every one is under a live lease")
        #expect(try await Self.claim(store, subscription, owner: "a", now: now).isEmpty, "nor claimed twice by its holder")
        let (first, second, third) = (claimed[0].event.sequence, claimed[1].event.sequence, claimed[2].event.sequence)
        #expect(try await !store.recordDelivery(subscriptionID: subscription.id, eventSequence: first, owner: "b", outcome: .delivered, at: now))
        #expect(try await store.recordDelivery(subscriptionID: subscription.id, eventSequence: first, owner: "a", outcome: .delivered, at: now))
        #expect(try await !store.recordDelivery(subscriptionID: subscription.id, eventSequence: first, owner: "a", outcome: .delivered, at: now),
                "a delivered one is not recorded again")
        let retryAt = now.addingTimeInterval(5)
        #expect(try await store.recordDelivery(subscriptionID: subscription.id, eventSequence: second, owner: "a",
                                               outcome: .retry(at: retryAt, status: 500, error: "HTTP 500"), at: now))
        #expect(try await store.recordDelivery(subscriptionID: subscription.id, eventSequence: third, owner: "a",
                                               outcome: .exhausted(status: nil, error: "timed out after 10 s"), at: now))
        let listed = try await store.outbox(OutboxQuery())
        #expect(listed.map(\.event.sequence) == [second, third])
        #expect(listed.map(\.state) == [.pending, .failed] && listed.map(\.attempts) == [1, 1])
        #expect(listed[0].lastStatus == 500 && listed[0].lastError == "HTTP 500" && listed[0].nextAttemptAt == Self.ms(retryAt))
        #expect(listed[1].lastStatus == nil && listed[1].lastError == "timed out after 10 s" && listed[1].nextAttemptAt == nil)
        #expect(listed.allSatisfy { $0.subscription == Self.url })
        #expect(try await store.outbox(OutboxQuery(states: [.failed])).map(\.event.sequence) == [third])
        #expect(try await store.outbox(OutboxQuery(subscription: "http://elsewhere")).isEmpty)
        #expect(try await store.outbox(OutboxQuery(limit: 1)).count == 1)

        // Not due before its time; then attempt 2.
        #expect(try await Self.claim(store, subscription, owner: "b", now: now.addingTimeInterval(4)).isEmpty)
        let again = try await Self.claim(store, subscription, owner: "b", now: now.addingTimeInterval(6))
        #expect(again.map(\.event.sequence) == [second] && again.map(\.attempt) == [2])
        let counts = try await store.outboxCounts(now: now.addingTimeInterval(6))
        #expect(counts.pending == 1 && counts.failed == 1 && counts.oldestDueAt == nil, "the pending one is under a live lease")
        await store.close()
    }

    @Test(arguments: OutboxBackends.all) func anExpiredLeaseHandsTheClaimToAnotherOwner(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let subscription = try await store.subscription(named: Self.url, eventTypes: nil)
        _ = try await Self.saveFinal(store)
        let now = Date()
        let lost = try await Self.claim(store, subscription, owner: "killed", now: now, lease: 10)
        #expect(lost.count == 1)
        #expect(try await Self.claim(store, subscription, owner: "b", now: now.addingTimeInterval(9)).isEmpty)
        let taken = try await Self.claim(store, subscription, owner: "b", now: now.addingTimeInterval(11))
        #expect(taken.map(\.event) == lost.map(\.event) && taken.map(\.attempt) == [1], "the lost attempt was never recorded")
        // The first owner's late outcome is ignored; the new holder's counts.
        #expect(try await !store.recordDelivery(subscriptionID: subscription.id, eventSequence: lost[0].event.sequence, owner: "killed",
                                                outcome: .delivered, at: now))
        #expect(try await store.recordDelivery(subscriptionID: subscription.id, eventSequence: lost[0].event.sequence, owner: "b",
                                               outcome: .delivered, at: now))
        #expect(try await store.outbox(OutboxQuery()).isEmpty)
        await store.close()
    }

    @Test(arguments: OutboxBackends.all) func aSubmissionsEventsAreDeliveredInOrder(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let subscription = try await store.subscription(named: Self.url, eventTypes: nil)
        let first = try await Self.saveFinal(store, "1")
        let other = try await Self.saveFinal(store, "2")
        _ = try await store.edit(StorageHistoryTests.edit(first, "3"))
        let now = Date()
        // The created event of `first` is claimed; its update waits for it, the other row does not.
        let claimed = try await Self.claim(store, subscription, owner: "a", now: now)
        #expect(claimed.map(\.event.submissionID) == [first.id, other.id] && claimed.map(\.event.type) == [.created, .created])
        #expect(try await store.recordDelivery(subscriptionID: subscription.id, eventSequence: claimed[0].event.sequence, owner: "a",
                                               outcome: .retry(at: now, status: 503, error: "HTTP 503"), at: now))
        // Due again: the earlier one comes first, alone for its submission.
        let retried = try await Self.claim(store, subscription, owner: "a", now: now)
        #expect(retried.map(\.event.sequence) == [claimed[0].event.sequence])
        #expect(try await store.outboxCounts(now: now).oldestDueAt == nil, "the update waits behind a leased event, it is not stuck")
        #expect(try await store.recordDelivery(subscriptionID: subscription.id, eventSequence: claimed[0].event.sequence, owner: "a",
                                               outcome: .exhausted(status: 503, error: "HTTP 503"), at: now))
        // A failed one does not hold the later ones back.
        let update = try await Self.claim(store, subscription, owner: "a", now: now)
        #expect(update.map(\.event.type) == [.updated] && update.map(\.event.submissionID) == [first.id])
        await store.close()
    }

    @Test(arguments: OutboxBackends.all) func retryEnableDisableAndCounts(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let subscription = try await store.subscription(named: Self.url, eventTypes: nil)
        let other = try await store.subscription(named: "http://127.0.0.1:9/other", eventTypes: [.created])
        let start = Date()
        #expect(try await store.outboxCounts(now: start) == OutboxCounts(pending: 0, failed: 0, oldestDueAt: nil))
        let row = try await Self.saveFinal(store)
        // Owed before any deliverer ran: counted and listed as pending, due since it occurred.
        let counted = try await store.outboxCounts(now: Date())
        #expect(counted.pending == 2 && counted.failed == 0 && counted.oldestDueAt == row.createdAt)
        #expect(try await store.outbox(OutboxQuery()).map(\.subscription) == [Self.url, "http://127.0.0.1:9/other"])
        #expect(try await store.outbox(OutboxQuery()).allSatisfy { $0.state == .pending && $0.attempts == 0 })

        let disabled = try await store.setSubscriptionDisabled(name: Self.url, reason: "HTTP 410 Gone", at: start)
        #expect(disabled?.disabledReason == "HTTP 410 Gone" && disabled?.disabledAt == Self.ms(start))
        #expect(try await Self.claim(store, subscription, owner: "a").isEmpty, "a disabled subscription claims nothing")
        #expect(try await store.outboxCounts(now: Date()).pending == 2, "its deliveries stay in the outbox")
        #expect(try await store.setSubscriptionDisabled(name: "http://unknown", reason: "x", at: start) == nil)
        let enabled = try await store.setSubscriptionDisabled(name: Self.url, reason: nil, at: start)
        #expect(enabled?.disabledAt == nil && enabled?.disabledReason == nil)
        let claimed = try await Self.claim(store, subscription, owner: "a")
        let otherClaimed = try await Self.claim(store, other, owner: "a")
        #expect(claimed.count == 1 && otherClaimed.count == 1)
        for claim in claimed + otherClaimed {
            #expect(try await store.recordDelivery(subscriptionID: claim.subscriptionID, eventSequence: claim.event.sequence, owner: "a",
                                                   outcome: .exhausted(status: 500, error: "HTTP 500"), at: Date()))
        }
        let failed = try await store.outboxCounts(now: Date())
        #expect(failed.pending == 0 && failed.failed == 2 && failed.oldestDueAt == nil)

        // Retry by event id on one subscription, then every failed one.
        #expect(try await store.retryDeliveries(eventID: claimed[0].event.id, subscription: Self.url, now: start) == 1)
        #expect(try await store.retryDeliveries(eventID: "evt_00000000000000000000000000000000", subscription: nil, now: start) == 0)
        let retried = try await Self.claim(store, subscription, owner: "b")
        #expect(retried.map(\.event) == claimed.map(\.event) && retried.map(\.attempt) == [1], "attempts count from 0 again")
        #expect(try await store.retryDeliveries(eventID: nil, subscription: nil, now: start) == 1)
        let counts = try await store.outboxCounts(now: Date())
        #expect(counts.pending == 2 && counts.failed == 0 && counts.oldestDueAt == Self.ms(start))
        await store.close()
    }

    /// Two owners claiming at once, each through its own storage: no delivery goes to both, and
    /// every one goes to one of them.
    @Test(arguments: OutboxBackends.all) func claimsByTwoOwnersNeverOverlap(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let first = try await database.open()
        let second = try await database.open()
        let subscription = try await first.subscription(named: Self.url, eventTypes: nil)
        let version = try await first.register(formName: "bulk", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        _ = try await first.saveFinalBatch(formVersionID: version.id, valuesJSON: Array(repeating: "{}", count: 300))
        let claims = try await withThrowingTaskGroup(of: [(String, Int64)].self) { group in
            for (owner, store) in [("a", first), ("b", second), ("c", first), ("d", second)] {
                group.addTask {
                    var mine: [(String, Int64)] = []
                    while true {
                        let claimed = try await Self.claim(store, subscription, owner: owner, limit: 7)
                        if claimed.isEmpty { return mine }
                        for claim in claimed {
                            mine.append((owner, claim.event.sequence))
                            #expect(try await store.recordDelivery(subscriptionID: subscription.id, eventSequence: claim.event.sequence,
                                                                   owner: owner, outcome: .delivered, at: Date()))
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(claims.count == 300 && Set(claims.map(\.1)).count == 300)
        #expect(Set(claims.map(\.0)).count > 1, "both storages claimed some: \(Set(claims.map(\.0)))")
        #expect(try await first.outboxCounts(now: Date()).pending == 0)
        await first.close()
        await second.close()
    }

    @Test(arguments: OutboxBackends.all) func signalsWakeAWaiterAfterAWrite(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        // No write, no signal (PostgreSQL's listener signals once when it starts listening).
        #expect(await Self.settle(store))
        let signals = store.outboxSignals()
        let ended = store.outboxSignals()
        _ = try await Self.saveFinal(store)
        #expect(await Self.within(seconds: 10) { await Self.next(signals) } == true)
        // A deliverer's own claims and outcomes wake nobody (it would wake itself forever).
        let subscription = try await store.subscription(named: Self.url, eventTypes: nil)
        _ = try await Self.saveFinal(store)
        // The write's own signal, and on PostgreSQL its NOTIFY heard a moment later.
        #expect(await Self.settle(store))
        let afterClaims = store.outboxSignals()
        let claimed = try await Self.claim(store, subscription, owner: "a")
        #expect(try await store.recordDelivery(subscriptionID: subscription.id, eventSequence: claimed[0].event.sequence, owner: "a",
                                               outcome: .delivered, at: Date()))
        #expect(await Self.within(seconds: 0.3) { await Self.next(afterClaims) } == nil)
        // Every stream ends when the storage closes, and one asked for later ends at once.
        await store.close()
        #expect(await Self.within(seconds: 10) { var count = 0; for await _ in ended { count += 1 }; return count } == 1,
                "the signal it held, then its end")
        #expect(await Self.within(seconds: 10) { await Self.next(store.outboxSignals()) } == false)
    }

    /// Waits until signals stop: true once a new stream hears none for 0.3 s (a stream whose
    /// wait timed out is cancelled, which ends it, so each try listens on a new one).
    static func settle(_ store: any SubmissionStorage) async -> Bool {
        for _ in 0..<20 {
            let stream = store.outboxSignals()
            if await within(seconds: 0.3, { await next(stream) }) == nil { return true }
        }
        return false
    }

    /// Whether the stream gave an element (false when it ended).
    static func next(_ stream: AsyncStream<Void>) async -> Bool {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next() != nil
    }

    /// `body`'s result, or nil if it takes longer than `seconds`.
    static func within<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async -> T) async -> T? {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { await body() }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// `date` as the store keeps it, to the millisecond.
    static func ms(_ date: Date) -> Date? { Timestamp.parse(Timestamp.format(date)) }
}
