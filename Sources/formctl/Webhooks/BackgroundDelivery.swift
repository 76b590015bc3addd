#if Webhooks
import FormCore
import FormEngine
import FormWebhooks

/// The deliverer `serve --webhook` runs beside the server on the same engine, until the
/// server stops. A storage error stops one run, not delivery: it is logged and the deliverer
/// runs again a few seconds later (a PostgreSQL restart, a full disk freed), since events stay
/// in the outbox and nothing is lost by starting over.
final class BackgroundDelivery: Sendable {
    private let deliverer: WebhookDeliverer
    private let task: Task<Void, Never>

    init(deliverer: WebhookDeliverer, log: @escaping @Sendable (String) -> Void) {
        self.deliverer = deliverer
        task = Task {
            while !Task.isCancelled {
                do { try await deliverer.run() } catch {
                    let line: FormValue = ["webhooks": "delivery stopped by a storage error; starting again in 5 s", "error": .string("\(error)")]
                    log(line.jsonString())
                }
                try? await Task.sleep(for: .seconds(5))
            }
        }
    }

    /// Stops delivering (an attempt in flight is abandoned: its event stays pending, and its
    /// lease runs out for the next deliverer) and closes the HTTP client.
    func stop() async {
        task.cancel()
        await task.value
        await deliverer.shutdown()
    }
}
#endif
