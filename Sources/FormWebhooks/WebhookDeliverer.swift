import FormEngine
import Metrics

/// Delivers the engine's outbox to webhook receivers, each event at least once and in order
/// per submission, signed as Standard Webhooks specifies. `run()` delivers until its task is
/// cancelled (`formctl serve --webhook`); `deliverDue()` attempts what is due once and returns
/// (`formctl deliver`, from cron). Several deliverers, in one process or many on one
/// PostgreSQL database, share the work: each delivery is claimed by one of them under a lease.
public final class WebhookDeliverer: Sendable {
    // SHAPE: the webhooks slice writes the deliverer (AsyncHTTPClient, claims through the
    // engine's package outbox API, metrics through `metrics`).
    let engine: FormEngine
    let subscriptions: [WebhookSubscription]
    let options: WebhookDeliveryOptions
    let metrics: (any MetricsFactory)?

    /// A deliverer of `engine`'s outbox to `subscriptions`; metrics (attempts by result, delivery
    /// latency) go to `metrics` when given, else to swift-metrics' global factory.
    public init(engine: FormEngine, subscriptions: [WebhookSubscription], options: WebhookDeliveryOptions = WebhookDeliveryOptions(),
                metrics: (any MetricsFactory)? = nil) {
        self.engine = engine
        self.subscriptions = subscriptions
        self.options = options
        self.metrics = metrics
    }

    /// Delivers until the calling task is cancelled: due events at once, new ones as they are
    /// written, retries as they fall due. Throws only for a storage error it cannot go on from.
    public func run() async throws(FormEngineError) {}

    /// Attempts every delivery that is due now once (a failure is scheduled for later, not
    /// waited for) and returns what happened.
    public func deliverDue() async throws(FormEngineError) -> WebhookDeliveryReport {
        WebhookDeliveryReport(delivered: 0, retrying: 0, failed: 0, disabled: [])
    }

    /// Closes the HTTP client; call it once `run()` has returned and no `deliverDue()` is running.
    public func shutdown() async {}
}

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
}
