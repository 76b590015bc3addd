import CoreMetrics
import FormEngine
import Metrics
import Prometheus
import Synchronization

/// What `GET /metrics` shows of one server, in Prometheus' text format: a registry of its own,
/// never the process-wide `MetricsSystem`, so that several servers in one process (a test, a
/// service with two mounts) count apart. Everything is recorded through swift-metrics' API on
/// ``factory``, which a deliverer beside the server is given too, so its metrics appear here.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let factory: PrometheusMetricsFactory

    /// The route of a request no route matched: the raw path would make a label value per
    /// address a scanner tries.
    static let unmatched = "unmatched"

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // A request may run up to its time limit (30 s by default); the last default bucket is 10 s.
        factory.durationHistogramBuckets["formctl_http_request_duration_seconds"] = [
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30),
        ]
        // From an event to its acceptance: retries stretch it from milliseconds to hours.
        factory.durationHistogramBuckets["formctl_webhook_delivery_seconds"] = [
            .milliseconds(100), .milliseconds(500), .seconds(1), .seconds(5), .seconds(30), .seconds(60), .seconds(300),
            .seconds(1800), .seconds(3600), .seconds(6 * 3600), .seconds(24 * 3600),
        ]
        self.factory = factory
        // Present from the start at 0, so that a rate over them has a beginning.
        for kind in ["busy", "full"] {
            _ = Counter(label: "formctl_store_errors_total", dimensions: [("kind", kind)], factory: factory)
        }
    }

    /// The request metrics made so far, by route and status: making one through the factory
    /// checks its name and labels and looks it up in the registry under a lock, which every
    /// request paid twice. Bounded, as the labels are: routes are patterns, statuses HTTP's.
    private let requestMetrics = Mutex<[RequestKey: (count: CoreMetrics.Counter, duration: CoreMetrics.Timer)]>([:])

    private struct RequestKey: Hashable {
        var route: String
        var status: Int
    }

    /// One request answered: `route` is the matched route's pattern (`/forms/{name}/submissions`).
    func request(route: String?, status: Int, duration: Duration) {
        let key = RequestKey(route: route ?? Self.unmatched, status: status)
        let factory = self.factory
        let (count, timer) = requestMetrics.withLock { made in
            if let known = made[key] { return known }
            let metrics = (
                count: Counter(label: "formctl_http_requests_total", dimensions: [("route", key.route), ("status", String(status))],
                               factory: factory),
                duration: Timer(label: "formctl_http_request_duration_seconds", dimensions: [("route", key.route)], factory: factory)
            )
            made[key] = metrics
            return metrics
        }
        count.increment()
        let (seconds, attoseconds) = duration.components
        timer.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// A submission stored (created, a draft saved, a draft finalized).
    func stored(_ submission: Submission) {
        let status = submission.status == .final ? "final" : "draft"
        Counter(label: "formctl_submissions_stored_total", dimensions: [("form", submission.formName), ("status", status)], factory: factory)
            .increment()
    }

    /// A request refused because the store was busy (503) or full (507).
    func storeError(_ kind: StorageError.Kind) {
        guard kind == .busy || kind == .full else { return }
        Counter(label: "formctl_store_errors_total", dimensions: [("kind", kind.rawValue)], factory: factory).increment()
    }

    /// The outbox as last read: deliveries pending and failed.
    func outbox(_ counts: OutboxCounts) {
        Gauge(label: "formctl_outbox_pending", factory: factory).record(counts.pending)
        Gauge(label: "formctl_outbox_failed", factory: factory).record(counts.failed)
    }

    /// The text `GET /metrics` answers.
    func exposition() -> String { registry.emitToString() }
}
