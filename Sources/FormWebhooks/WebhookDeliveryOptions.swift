import FormEngine

/// How a deliverer attempts: time per attempt, attempts in flight per receiver, the retry
/// schedule, and how often it looks for events it was not woken for.
public struct WebhookDeliveryOptions: Sendable, Equatable {
    /// The time one attempt may take, connection included; past it the attempt failed.
    public var timeout: Duration
    /// Attempts in flight at once to one receiver.
    public var concurrency: Int
    /// When failed attempts are made again.
    public var retry: WebhookRetryPolicy
    /// How often the outbox is looked at when nothing woke the deliverer (events written by
    /// another process on SQLite, retries falling due).
    public var pollInterval: Duration
    /// The `user-agent` header: `formctl/` and `FormEngine.version` unless given.
    public var userAgent: String

    /// 10 s per attempt, 4 at once per receiver, the default retry schedule, a look every second.
    public init(timeout: Duration = .seconds(10), concurrency: Int = 4, retry: WebhookRetryPolicy = WebhookRetryPolicy(),
                pollInterval: Duration = .seconds(1), userAgent: String = "formctl/" + FormEngine.version) {
        self.timeout = timeout
        self.concurrency = concurrency
        self.retry = retry
        self.pollInterval = pollInterval
        self.userAgent = userAgent
    }

    /// How long a claim on a delivery lasts: past it, another deliverer (another process, or
    /// this one restarted after being killed) may attempt it. Twice an attempt's time and
    /// 5 seconds, so that a live attempt's claim never runs out.
    public var lease: Duration { timeout * 2 + .seconds(5) }
}
