import Foundation

// SHAPE: the store slice replaces every body here (tables, triggers or same-transaction inserts,
// claims under leases, LISTEN/NOTIFY on PostgreSQL).
extension SQLiteStorage {
    private var notBuilt: StorageError {
        StorageError(kind: .other, backend: backend, message: "SHAPE: the outbox is not built yet", database: path)
    }

    package func events(after sequence: Int64, limit: Int) async throws(StorageError) -> [SubmissionEvent] { throw notBuilt }

    package func lastEventSequence() async throws(StorageError) -> Int64 { throw notBuilt }

    package func subscription(named name: String, eventTypes: Set<SubmissionEventType>?) async throws(StorageError)
        -> OutboxSubscription
    { throw notBuilt }

    package func subscriptions() async throws(StorageError) -> [OutboxSubscription] { throw notBuilt }

    package func claimDeliveries(subscriptionID: Int64, owner: String, now: Date, leaseUntil: Date, limit: Int)
        async throws(StorageError) -> [ClaimedDelivery]
    { throw notBuilt }

    @discardableResult
    package func recordDelivery(subscriptionID: Int64, eventSequence: Int64, owner: String, outcome: DeliveryOutcome, at: Date)
        async throws(StorageError) -> Bool
    { throw notBuilt }

    package func setSubscriptionDisabled(name: String, reason: String?, at: Date) async throws(StorageError) -> OutboxSubscription? {
        throw notBuilt
    }

    package func outbox(_ query: OutboxQuery) async throws(StorageError) -> [OutboxEntry] { throw notBuilt }

    package func retryDeliveries(eventID: String?, subscription: String?, now: Date) async throws(StorageError) -> Int { throw notBuilt }

    package func outboxCounts(now: Date) async throws(StorageError) -> OutboxCounts { throw notBuilt }

    package func outboxSignals() -> AsyncStream<Void> { AsyncStream { $0.finish() } }
}
