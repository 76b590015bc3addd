/// What one `deliverDue()` did.
public struct WebhookDeliveryReport: Sendable, Equatable {
    /// Attempts the receiver accepted.
    public var delivered: Int
    /// Attempts that failed and are due again later.
    public var retrying: Int
    /// Attempts that failed with no attempt left: those events stay in the outbox as failed.
    public var failed: Int
    /// Subscriptions a receiver disabled with 410 Gone during the run.
    public var disabled: [String]

    /// A report of these counts.
    public init(delivered: Int, retrying: Int, failed: Int, disabled: [String]) {
        self.delivered = delivered
        self.retrying = retrying
        self.failed = failed
        self.disabled = disabled
    }

    /// Counts one attempt's result in.
    mutating func count(_ attempt: WebhookAttemptReport) {
        switch attempt.result {
        case .delivered: delivered += 1
        case .retry: retrying += 1
        case .failed: failed += 1
        case .gone: if !disabled.contains(attempt.subscription) { disabled.append(attempt.subscription) }
        }
    }

    /// Both reports' counts together.
    mutating func add(_ other: WebhookDeliveryReport) {
        delivered += other.delivered
        retrying += other.retrying
        failed += other.failed
        disabled += other.disabled.filter { !disabled.contains($0) }
    }
}
