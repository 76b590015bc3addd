#if Webhooks
import FormWebhooks
#endif

/// What the outbox knows a webhook by, from a URL an operator typed: without its
/// `user:password@` (a password is neither stored nor shown), so `outbox enable`, `retry` and
/// `--subscription` find a webhook given as it was to `--webhook`.
enum WebhookName {
    static func of(_ url: String) -> String {
        #if Webhooks
        WebhookSubscription.name(ofURL: url)
        #else
        url
        #endif
    }
}
