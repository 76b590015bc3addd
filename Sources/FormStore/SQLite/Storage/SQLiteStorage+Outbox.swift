import Foundation

/// The outbox on SQLite: events come from the triggers of migrations/0008_outbox.sql, in the
/// transaction of each change; claims and outcomes are writes on the writer's thread, so two
/// deliverers in one process take turns and, across processes, `BEGIN IMMEDIATE` does it.
extension SQLiteStorage {
    package func events(after sequence: Int64, limit: Int) async throws(StorageError) -> [SubmissionEvent] {
        try await readers.read { try $0.events(after: sequence, limit: limit) }
    }

    package func lastEventSequence() async throws(StorageError) -> Int64 {
        try await readers.read { try $0.lastEventSequence() }
    }

    package func subscription(named name: String, eventTypes: Set<SubmissionEventType>?) async throws(StorageError)
        -> OutboxSubscription
    {
        try await write { try $0.subscription(named: name, eventTypes: eventTypes) }
    }

    package func subscriptions() async throws(StorageError) -> [OutboxSubscription] {
        try await readers.read { try $0.subscriptions() }
    }

    package func claimDeliveries(subscriptionID: Int64, owner: String, now: Date, leaseUntil: Date, limit: Int)
        async throws(StorageError) -> [ClaimedDelivery]
    {
        try await write(signalling: false) {
            try $0.claimDeliveries(subscriptionID: subscriptionID, owner: owner, now: now, leaseUntil: leaseUntil, limit: limit)
        }
    }

    @discardableResult
    package func recordDelivery(subscriptionID: Int64, eventSequence: Int64, owner: String, outcome: DeliveryOutcome, at: Date)
        async throws(StorageError) -> Bool
    {
        try await write(signalling: false) {
            try $0.recordDelivery(subscriptionID: subscriptionID, eventSequence: eventSequence, owner: owner, outcome: outcome, at: at)
        }
    }

    package func setSubscriptionDisabled(name: String, reason: String?, at: Date) async throws(StorageError) -> OutboxSubscription? {
        try await write { try $0.setSubscriptionDisabled(name: name, reason: reason, at: at) }
    }

    package func outbox(_ query: OutboxQuery) async throws(StorageError) -> [OutboxEntry] {
        try await readers.read { try $0.outbox(query) }
    }

    package func retryDeliveries(eventID: String?, subscription: String?, now: Date) async throws(StorageError) -> Int {
        try await write { try $0.retryDeliveries(eventID: eventID, subscription: subscription, now: now) }
    }

    package func outboxCounts(now: Date) async throws(StorageError) -> OutboxCounts {
        try await readers.read { try $0.outboxCounts(now: now) }
    }

    /// Signals after each of this storage's committed writes; another process's writes to the
    /// same file are not heard of (the caller's poll finds them).
    package func outboxSignals() -> AsyncStream<Void> {
        outboxBroadcast.stream()
    }
}
