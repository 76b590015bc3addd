import CoreMetrics
import FormEngine
import Foundation

/// The deliverer's metrics: attempts by what came of them, and how long an event took from
/// its change to a receiver's acceptance (retries included).
struct WebhookMetrics: Sendable {
    static let attemptsLabel = "formctl_webhook_attempts_total"
    static let deliveryLabel = "formctl_webhook_delivery_seconds"

    let attempts: [WebhookAttemptReport.Result: CoreMetrics.Counter]
    let delivery: CoreMetrics.Timer

    /// On `factory`, or on swift-metrics' global factory when nil.
    init(factory: (any MetricsFactory)?) {
        var attempts: [WebhookAttemptReport.Result: CoreMetrics.Counter] = [:]
        for result in WebhookAttemptReport.Result.allCases {
            let dimensions = [("result", result.rawValue)]
            attempts[result] = factory.map { Counter(label: Self.attemptsLabel, dimensions: dimensions, factory: $0) }
                ?? Counter(label: Self.attemptsLabel, dimensions: dimensions)
        }
        self.attempts = attempts
        delivery = factory.map { Timer(label: Self.deliveryLabel, factory: $0) } ?? Timer(label: Self.deliveryLabel)
    }

    func record(_ attempt: WebhookAttemptReport, event: SubmissionEvent, at now: Date) {
        attempts[attempt.result]?.increment()
        if attempt.result == .delivered {
            delivery.recordNanoseconds(Int64(max(0, now.timeIntervalSince(event.occurredAt)) * 1e9))
        }
    }
}
