import FormEngine
import Foundation
import Hummingbird

/// `GET /healthz`, `GET /readyz` and `GET /metrics`: what an orchestrator and Prometheus ask of
/// `formctl serve`. They take no token (they tell nothing of a form or a submission beyond
/// counts by form name) and belong behind the network's own controls; none reads a body, and
/// each answer is small (`/metrics` has a line per route and status, per form, per kind).
extension FormServer {
    /// How long `/readyz` and `/metrics` wait for the store's read.
    static let storeAnswerBound: Duration = .seconds(2)
    /// How long a delivery may stay due without an attempt before the outbox counts as stuck.
    static let stuckDeliveryAfter: TimeInterval = 300

    func addOperations<Routes: RouterMethods>(to router: Routes) {
        router.get("/healthz") { _, _ in HTTPReplies.json(["status": "ok"]) }
        router.get("/readyz") { _, _ in await readiness() }
        router.get("/metrics") { _, _ in await metricsReply() }
    }

    /// What `/readyz` answers.
    enum Readiness: Equatable {
        case ready
        case unready(reason: String)
    }

    /// 200 when the store answers a read within the bound and no delivery has been due longer
    /// than `stuckDeliveryAfter` without an attempt; 503 with the reason otherwise.
    func readiness() async -> Response {
        let outcome = await outboxProbe.read(within: Self.storeAnswerBound)
        if case .counts(let counts) = outcome { metrics.outbox(counts) }
        switch Self.readiness(of: outcome, now: Date()) {
        case .ready: return HTTPReplies.json(["status": "ready"])
        case .unready(let reason): return HTTPReplies.json(["status": "unready", "reason": .string(reason)], status: .serviceUnavailable)
        }
    }

    /// The reason is a kind or a duration: never the store's message, which may name a path or
    /// an address.
    static func readiness(of outcome: OutboxProbe.Outcome, now: Date) -> Readiness {
        switch outcome {
        case .counts(let counts):
            let late = counts.oldestDueAt.map { now.timeIntervalSince($0) } ?? 0
            guard late > stuckDeliveryAfter else { return .ready }
            return .unready(reason: "a webhook delivery has been due for \(Int(late)) s without an attempt (the bound is \(Int(stuckDeliveryAfter)) s): "
                + "is a deliverer running (formctl serve --webhook or formctl deliver)?")
        case .failed(.storage(let error)):
            return .unready(reason: "the store failed a read (\(error.kind.rawValue))")
        case .failed:
            return .unready(reason: "the store failed a read")
        case .noAnswer(let since):
            return .unready(reason: "the store has not answered a read for \(since.components.seconds) s (the bound is \(storeAnswerBound.components.seconds) s)")
        }
    }

    /// Prometheus' text format 0.0.4, the outbox's gauges read now (their last values when the
    /// store does not answer within the bound).
    func metricsReply() async -> Response {
        if case .counts(let counts) = await outboxProbe.read(within: Self.storeAnswerBound) { metrics.outbox(counts) }
        return HTTPReplies.text(metrics.exposition(), type: "text/plain; version=0.0.4; charset=utf-8")
    }
}
