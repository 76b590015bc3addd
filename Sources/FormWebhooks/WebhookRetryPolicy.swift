import FormEngine

/// When a failed delivery is attempted again: the first retry after `firstRetry`, each later
/// one `factor` times as long (with up to `jitter` of it added or taken at random, so that
/// receivers coming back are not hit all at once), never longer than `maximumInterval`, and
/// at most `maximumAttempts` attempts in all. The defaults make the first three attempts within
/// 30 seconds of the event (at 0, about 5 and about 25 seconds) and the last about 2.3 days
/// after it.
public struct WebhookRetryPolicy: Sendable, Equatable {
    /// The wait before the second attempt.
    public var firstRetry: Duration
    /// How much longer each wait is than the one before.
    public var factor: Double
    /// The longest wait between two attempts.
    public var maximumInterval: Duration
    /// Attempts in all, the first included; the event is failed after the last.
    public var maximumAttempts: Int
    /// The share of each wait that is random, either way (0.1: ±10%).
    public var jitter: Double

    /// The documented schedule: 5 s, then 4 times longer each time up to 12 hours, 12 attempts.
    public init(firstRetry: Duration = .seconds(5), factor: Double = 4, maximumInterval: Duration = .seconds(12 * 3600),
                maximumAttempts: Int = 12, jitter: Double = 0.1) {
        self.firstRetry = firstRetry
        self.factor = factor
        self.maximumInterval = maximumInterval
        self.maximumAttempts = maximumAttempts
        self.jitter = jitter
    }

    /// The wait after failed attempt `attempt` (1 for the first), without jitter; nil when
    /// it was the last.
    public func interval(afterAttempt attempt: Int) -> Duration? {
        guard attempt < maximumAttempts else { return nil }
        let cap = maximumInterval.seconds
        var wait = firstRetry.seconds
        for _ in 1..<max(attempt, 1) where wait < cap { wait *= factor }
        return .milliseconds(Int64((min(wait, cap) * 1000).rounded()))
    }

    /// The wait after failed attempt `attempt` with its jitter; nil when it was the last.
    public func delay<R: RandomNumberGenerator>(afterAttempt attempt: Int, using random: inout R) -> Duration? {
        guard let wait = interval(afterAttempt: attempt) else { return nil }
        guard jitter > 0 else { return wait }
        let scale = 1 + Double.random(in: -jitter...jitter, using: &random)
        return .milliseconds(Int64((wait.seconds * 1000 * scale).rounded()))
    }
}
