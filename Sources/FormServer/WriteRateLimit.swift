import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// What each client address has left of its writes: a token bucket per address, filled at the
/// rate's pace up to its count.
final class WriteRateBuckets: Sendable {
    struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    let rate: FormServer.WriteRate
    private let perSecond: Double
    private let buckets = Mutex<(all: [String: Bucket], pruneAt: Int)>(([:], 4096))

    init(rate: FormServer.WriteRate) {
        self.rate = rate
        perSecond = Double(rate.count) / Double(rate.period.components.seconds)
    }

    /// Takes one write for `client`: nil when it may go on, otherwise how long until it may.
    func take(_ client: String, now: ContinuousClock.Instant = .now) -> Duration? {
        buckets.withLock { state in
            var bucket = state.all[client] ?? Bucket(tokens: Double(rate.count), updated: now)
            bucket.tokens = filled(bucket, now: now)
            bucket.updated = now
            let wait: Duration?
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                wait = nil
            } else {
                wait = .seconds((1 - bucket.tokens) / perSecond)
            }
            state.all[client] = bucket
            if state.all.count > state.pruneAt {
                // A full bucket is the same as none: dropping them keeps memory to the clients
                // writing now, however many addresses have written before.
                state.all = state.all.filter { filled($0.value, now: now) < Double(rate.count) }
                state.pruneAt = max(4096, state.all.count * 2)
            }
            return wait
        }
    }

    private func filled(_ bucket: Bucket, now: ContinuousClock.Instant) -> Double {
        let elapsed = now - bucket.updated
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return min(Double(rate.count), bucket.tokens + seconds * perSecond)
    }
}

/// What the server's responder gets for each request: the connection, for the client address
/// (Hummingbird's `BasicRequestContext`, which the routes take, does not keep it).
struct ClientRequestContext: InitializableFromSource {
    let channel: any Channel
    let logger: Logger

    init(source: ApplicationRequestContextSource) {
        channel = source.channel
        logger = source.logger
    }

    var routeContext: BasicRequestContext { BasicRequestContext(source: .init(channel: channel, logger: logger)) }
}

/// The router behind `--rate-limit`: a write (POST, PUT, PATCH or DELETE, but not
/// `POST /forms/NAME/state`, which stores nothing and is sent as the person types) from an
/// address past its rate is answered 429 with `Retry-After`, before any of its work is done.
struct WriteRateLimitResponder<Routes: HTTPResponder>: HTTPResponder where Routes.Context == BasicRequestContext {
    let routes: Routes
    /// Nil when there is no rate limit.
    let buckets: WriteRateBuckets?
    let accessLog: @Sendable (String) -> Void
    let metrics: ServerMetrics

    func respond(to request: Request, context: ClientRequestContext) async throws -> Response {
        guard let buckets, Self.isWrite(request), let client = context.channel.remoteAddress?.clientKey,
              let wait = buckets.take(client) else {
            return try await routes.respond(to: request, context: context.routeContext)
        }
        let seconds = max(1, Int((Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18).rounded(.up)))
        let message = "more writes from this address than the server allows (\(buckets.rate)); try again in \(seconds) s"
        return try await AccessLogMiddleware(log: accessLog, metrics: metrics).handle(request, context: context.routeContext) { _, _ in
            HTTPReplies.error(.tooManyRequests, message, headers: [.retryAfter: String(seconds)])
        }
    }

    static func isWrite(_ request: Request) -> Bool {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return false }
        let parts = request.uri.path.split(separator: "/")
        return !(parts.count == 3 && parts[0] == "forms" && parts[2] == "state")
    }
}
