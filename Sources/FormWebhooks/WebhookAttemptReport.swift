import FormEngine

/// One attempt to deliver an event, as a deliverer's `onAttempt` hook is told of it: for a log
/// line of the program's own. It never holds the body or the secret.
public struct WebhookAttemptReport: Sendable, Equatable {
    /// What came of an attempt.
    public enum Result: String, Sendable, CaseIterable {
        /// The receiver answered 2xx.
        case delivered
        /// It failed and is due again later.
        case retry
        /// It failed and was the last attempt: the event stays in the outbox as failed.
        case failed
        /// The receiver answered 410 Gone: the subscription is disabled (`formctl outbox
        /// enable URL` enables it again) and the event stays pending.
        case gone
    }

    /// The webhook's URL.
    public let subscription: String
    /// The event's id (`webhook-id`).
    public let eventID: String
    /// The event's type.
    public let eventType: SubmissionEventType
    /// 1 for the first attempt.
    public let attempt: Int
    /// What came of it.
    public let result: Result
    /// The receiver's HTTP status, if it answered.
    public let status: Int?
    /// What went wrong (`HTTP 500`, `timed out after 10 s`, ...); nil when delivered.
    public let error: String?
    /// How long the attempt took.
    public let duration: Duration
}
