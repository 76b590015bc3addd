import Foundation
import Testing

/// `formctl serve --webhook`'s /metrics counts the deliverer's attempts and their latency, as
/// the Operations section says: the deliverer records on the server's own registry.
@Suite(.timeLimit(.minutes(2))) struct ServeWebhookMetricsE2ETests {
    @Test func metricsCountTheWebhookAttemptsServeMakes() throws {
        let scratch = try Scratch()
        let (secret, _) = try WebhookDeliveryE2ETests.secretFile(scratch)
        let receiver = try WebhookReceiver(scratch)
        defer { receiver.stop() }
        let server = try ServerProcess(scratch, extra: ["--webhook", receiver.url, "--webhook-secret-file", secret])
        defer { server.stop() }
        try WebhookDeliveryE2ETests.submit(0..<3, ports: [server.port])
        receiver.waitForEvents(3, timeout: 30)
        var metrics = ""
        for _ in 0..<50 {
            metrics = try server.request("GET", "/metrics").text
            if metrics.contains(#"formctl_webhook_attempts_total{result="delivered"} 3"#) { break }
            usleep(100_000)
        }
        #expect(metrics.contains(#"formctl_webhook_attempts_total{result="delivered"} 3"#), "\(metrics)")
        #expect(metrics.contains("formctl_webhook_delivery_seconds_count 3"), "\(metrics)")
    }
}
