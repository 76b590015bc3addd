import Foundation

/// A receiver of the outbox's events as the store keeps it: its name (a webhook's URL), the
/// types it takes, and how far its deliveries reach.
public struct OutboxSubscription: Sendable, Equatable {
    /// The store's id of the subscription.
    public let id: Int64
    /// What identifies it across processes and restarts: a webhook's URL, as given.
    public let name: String
    /// The types it receives; every type when nil.
    public let eventTypes: Set<SubmissionEventType>?
    /// Set when a receiver answered 410 Gone (or an operator disabled it): nothing is attempted
    /// until it is enabled again; its deliveries stay in the outbox.
    public let disabledAt: Date?
    /// Why it was disabled, as recorded.
    public let disabledReason: String?

    /// For the backends, and for fakes and tests in this package.
    package init(id: Int64, name: String, eventTypes: Set<SubmissionEventType>?, disabledAt: Date? = nil,
                 disabledReason: String? = nil) {
        self.id = id
        self.name = name
        self.eventTypes = eventTypes
        self.disabledAt = disabledAt
        self.disabledReason = disabledReason
    }
}

/// Where one event stands with one subscription.
public enum DeliveryState: String, Sendable, CaseIterable {
    /// Not yet accepted: due at `nextAttemptAt`, or being attempted under a lease.
    case pending
    /// Accepted by the receiver (a 2xx answer).
    case delivered
    /// Every attempt failed: it stays in the outbox until `formctl outbox retry`.
    case failed
}

/// One event for one subscription, as `formctl outbox` lists it.
public struct OutboxEntry: Sendable, Equatable {
    /// The event.
    public let event: SubmissionEvent
    /// The subscription's name (a webhook's URL).
    public let subscription: String
    /// Pending or failed (delivered entries are not listed).
    public let state: DeliveryState
    /// Attempts made so far.
    public let attempts: Int
    /// When it is next due (pending only).
    public let nextAttemptAt: Date?
    /// The last attempt's HTTP status, if the receiver answered.
    public let lastStatus: Int?
    /// What went wrong on the last attempt (`HTTP 500`, `timed out after 10 s`, ...).
    public let lastError: String?

    /// For the backends, and for fakes and tests in this package.
    package init(event: SubmissionEvent, subscription: String, state: DeliveryState, attempts: Int, nextAttemptAt: Date?,
                 lastStatus: Int?, lastError: String?) {
        self.event = event
        self.subscription = subscription
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastStatus = lastStatus
        self.lastError = lastError
    }
}

/// How much the outbox holds, for `/metrics`, `/readyz` and `formctl outbox`.
public struct OutboxCounts: Sendable, Equatable {
    /// Deliveries not yet accepted, across every subscription (disabled ones included).
    public let pending: Int
    /// Deliveries that exhausted their attempts.
    public let failed: Int
    /// The earliest `nextAttemptAt` of a pending delivery of an enabled subscription that is
    /// not under a live lease: a deliverer that runs has attempted it by now, so one far in the
    /// past means delivery is stuck.
    public let oldestDueAt: Date?

    /// For the backends, and for fakes and tests in this package.
    package init(pending: Int, failed: Int, oldestDueAt: Date?) {
        self.pending = pending
        self.failed = failed
        self.oldestDueAt = oldestDueAt
    }
}

/// A delivery claimed under a lease by one deliverer: no other claims it until the lease
/// expires (a killed deliverer's claims go to another after that).
package struct ClaimedDelivery: Sendable, Equatable {
    package let subscriptionID: Int64
    package let event: SubmissionEvent
    /// 1 for the first attempt.
    package let attempt: Int

    package init(subscriptionID: Int64, event: SubmissionEvent, attempt: Int) {
        self.subscriptionID = subscriptionID
        self.event = event
        self.attempt = attempt
    }
}

/// What an attempt came to, recorded by the deliverer that holds the claim.
package enum DeliveryOutcome: Sendable, Equatable {
    /// The receiver accepted it.
    case delivered
    /// It failed and is due again at the given time.
    case retry(at: Date, status: Int?, error: String)
    /// It failed and has no attempt left: it stays as failed.
    case exhausted(status: Int?, error: String)
}

/// Which entries `formctl outbox` lists.
public struct OutboxQuery: Sendable, Equatable {
    /// Only these states (pending and failed when nil).
    public var states: Set<DeliveryState>?
    /// Only this subscription's entries.
    public var subscription: String?
    /// At most this many, oldest event first.
    public var limit: Int

    /// Pending and failed entries of every subscription, oldest first.
    public init(states: Set<DeliveryState>? = nil, subscription: String? = nil, limit: Int = 100) {
        self.states = states
        self.subscription = subscription
        self.limit = limit
    }
}
