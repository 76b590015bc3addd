#if Webhooks
import ArgumentParser
import FormWebhooks

/// The flags `serve` and `deliver` share: where webhooks go, what signs them, which events each
/// takes, and how they are attempted. A secret file and an event list apply to every
/// `--webhook` when given once, or to each in order when given once per `--webhook`.
struct WebhookOptions: ParsableArguments {
    @Option(name: .customLong("webhook"), help: ArgumentHelp(
        "An http(s) URL to POST each submission event to, signed (repeatable).", valueName: "URL"))
    var urls: [String] = []

    @Option(name: .customLong("webhook-secret-file"), help: ArgumentHelp(
        "A file holding the signing secret, whsec_ and base64 (formctl webhook-secret > FILE makes one; keep it mode 600). Once for every --webhook, or once per --webhook in order.",
        valueName: "FILE"), completion: .file())
    var secretFiles: [String] = []

    @Option(name: .customLong("webhook-events"), help: ArgumentHelp(
        "The event types to send, separated by commas: created, draft_saved, finalized, updated, reviewed, deleted (default: all). Once for every --webhook, or once per --webhook in order.",
        valueName: "LIST"))
    var eventLists: [String] = []

    @Option(name: .customLong("webhook-timeout"), help: ArgumentHelp(
        "Seconds one attempt may take, connecting included; a slower one failed and is retried.", valueName: "SECONDS"))
    var timeout: Double = 10

    @Option(name: .customLong("webhook-concurrency"), help: ArgumentHelp(
        "Attempts in flight at once to one webhook.", valueName: "N"))
    var concurrency = 4

    @Option(name: .customLong("webhook-first-retry"), help: ArgumentHelp(
        "Seconds before a failed attempt's first retry; each later wait is 4 times longer (at most 12 hours), give or take 10%.",
        valueName: "SECONDS"))
    var firstRetry: Double = 5

    @Option(name: .customLong("webhook-max-attempts"), help: ArgumentHelp(
        "Attempts in all, the first included; after the last the event stays in the outbox as failed (formctl outbox retry).",
        valueName: "N"))
    var maximumAttempts = 12

    func validate() throws {
        guard timeout.isFinite, timeout >= 0.1, timeout <= 3600 else {
            throw ValidationError("--webhook-timeout takes 0.1 to 3600 seconds, not \(timeout)")
        }
        guard (1...256).contains(concurrency) else { throw ValidationError("--webhook-concurrency takes 1 to 256, not \(concurrency)") }
        guard firstRetry.isFinite, firstRetry >= 0.01, firstRetry <= 86_400 else {
            throw ValidationError("--webhook-first-retry takes 0.01 to 86400 seconds, not \(firstRetry)")
        }
        guard (1...100).contains(maximumAttempts) else {
            throw ValidationError("--webhook-max-attempts takes 1 to 100, not \(maximumAttempts)")
        }
        try Self.requireCount(secretFiles.count, of: "--webhook-secret-file", webhooks: urls.count)
        try Self.requireCount(eventLists.count, of: "--webhook-events", webhooks: urls.count)
        if !urls.isEmpty && secretFiles.isEmpty {
            throw ValidationError("""
                --webhook needs --webhook-secret-file FILE: every webhook is signed. Make a secret with \
                formctl webhook-secret > FILE (and give it to the receiver)
                """)
        }
        if let repeated = urls.first(where: { url in urls.filter { $0 == url }.count > 1 }) {
            throw ValidationError("--webhook \(repeated) is given twice: a webhook is known by its URL, and gets each event once")
        }
        for list in eventLists {
            do { _ = try WebhookSubscription.eventTypes(list) } catch { throw ValidationError("--webhook-events \(list): \(error)") }
        }
    }

    /// A per-webhook flag is given once for all, once per `--webhook`, or (with no webhook) not at all.
    static func requireCount(_ count: Int, of flag: String, webhooks: Int) throws {
        if webhooks == 0 && count > 0 { throw ValidationError("\(flag) is given but no --webhook") }
        if count > 1 && count != webhooks {
            throw ValidationError("""
                \(flag) is given \(count) times for \(webhooks) --webhook: give it once for every webhook, \
                or once per --webhook in their order
                """)
        }
    }

    /// The subscriptions the flags describe, secrets read from their files.
    func subscriptions() throws -> [WebhookSubscription] {
        var secrets: [String: WebhookSecret] = [:]
        for path in Set(secretFiles) { secrets[path] = try WebhookSecretFile.read(path) }
        return try urls.indices.map { index in
            let path = secretFiles.count == 1 ? secretFiles[0] : secretFiles[index]
            let list = eventLists.isEmpty ? nil : eventLists.count == 1 ? eventLists[0] : eventLists[index]
            do {
                let types = try list.map { try WebhookSubscription.eventTypes($0) }
                // Validated in `validate()`: the secret was read above.
                guard let secret = secrets[path] else { throw WebhookConfigurationError("no secret read from \(path)") }
                return try WebhookSubscription(url: urls[index], secret: secret, eventTypes: types)
            } catch {
                throw CommandFailure("formctl: \(error)", exitCode: .usage)
            }
        }
    }

    /// How the deliverer attempts, from the flags.
    var deliveryOptions: WebhookDeliveryOptions {
        WebhookDeliveryOptions(
            timeout: .milliseconds(Int64((timeout * 1000).rounded())), concurrency: concurrency,
            retry: WebhookRetryPolicy(firstRetry: .milliseconds(Int64((firstRetry * 1000).rounded())), maximumAttempts: maximumAttempts))
    }

    /// What `serve` says about its webhooks when it starts: URLs and event types, never a secret.
    static func summary(_ subscriptions: [WebhookSubscription]) -> String {
        subscriptions.map { subscription in
            let types = subscription.eventTypes.map { $0.sorted().map(\.shortName).joined(separator: ",") } ?? "every event"
            return "\(subscription.name) (\(types))"
        }.joined(separator: ", ")
    }
}
#endif
