import FormStore
import struct Foundation.Date

/// The outbox as an operator sees it: what is pending or failed, retried on demand, and the
/// subscriptions (webhook receivers) it delivers to.
extension FormEngine {
    /// Pending and failed deliveries, oldest event first (`formctl outbox`).
    public func outbox(_ query: OutboxQuery = OutboxQuery()) async throws(FormEngineError) -> [OutboxEntry] {
        do { return try await storage.outbox(query) } catch { throw .storage(error) }
    }

    /// Makes the deliveries of event `eventID` (`evt_...`), or every failed delivery when nil,
    /// due now with their attempts counted afresh; only `subscription`'s when given. Returns
    /// how many (`formctl outbox retry`).
    @discardableResult
    public func retryOutbox(eventID: String? = nil, subscription: String? = nil) async throws(FormEngineError) -> Int {
        do { return try await storage.retryDeliveries(eventID: eventID, subscription: subscription, now: Date()) } catch {
            throw .storage(error)
        }
    }

    /// How many deliveries are pending and failed, and the oldest one due.
    public func outboxCounts() async throws(FormEngineError) -> OutboxCounts {
        do { return try await storage.outboxCounts(now: Date()) } catch { throw .storage(error) }
    }

    /// Every subscription the outbox knows, enabled or not.
    public func subscriptions() async throws(FormEngineError) -> [OutboxSubscription] {
        do { return try await storage.subscriptions() } catch { throw .storage(error) }
    }

    /// Enables a subscription a receiver disabled with 410 Gone; nil when there is none of
    /// that name (`formctl outbox enable URL`).
    @discardableResult
    public func enableSubscription(named name: String) async throws(FormEngineError) -> OutboxSubscription? {
        do { return try await storage.setSubscriptionDisabled(name: name, reason: nil, at: Date()) } catch { throw .storage(error) }
    }
}

/// What a deliverer (FormWebhooks) does with the outbox, through the engine's door.
extension FormEngine {
    package func subscribe(name: String, eventTypes: Set<SubmissionEventType>?) async throws(FormEngineError)
        -> OutboxSubscription
    {
        do { return try await storage.subscription(named: name, eventTypes: eventTypes) } catch { throw .storage(error) }
    }

    /// Claims due deliveries under a lease. `dueBy` (now when nil) is the time a delivery must
    /// have fallen due by: a run that attempts each due delivery once passes its start, so
    /// that a retry it scheduled itself is not claimed again (and held under a lease) before
    /// the deliveries it has not attempted yet.
    package func claimDeliveries(subscriptionID: Int64, owner: String, lease: Duration, limit: Int, dueBy: Date? = nil)
        async throws(FormEngineError) -> [ClaimedDelivery]
    {
        let now = Date()
        let leaseUntil = now.addingTimeInterval(lease.seconds)
        do {
            return try await storage.claimDeliveries(subscriptionID: subscriptionID, owner: owner, now: min(dueBy ?? now, now),
                                                     leaseUntil: leaseUntil, limit: limit)
        } catch { throw .storage(error) }
    }

    @discardableResult
    package func recordDelivery(_ claimed: ClaimedDelivery, owner: String, outcome: DeliveryOutcome) async throws(FormEngineError)
        -> Bool
    {
        do {
            return try await storage.recordDelivery(subscriptionID: claimed.subscriptionID, eventSequence: claimed.event.sequence,
                                                    owner: owner, outcome: outcome, at: Date())
        } catch { throw .storage(error) }
    }

    package func disableSubscription(named name: String, reason: String) async throws(FormEngineError) {
        do { _ = try await storage.setSubscriptionDisabled(name: name, reason: reason, at: Date()) } catch { throw .storage(error) }
    }

    package func outboxSignals() -> AsyncStream<Void> { storage.outboxSignals() }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    package var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
