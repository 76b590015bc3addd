#if Webhooks
import ArgumentParser
import FormWebhooks

/// `formctl webhook-secret`: a new signing secret on stdout, for `--webhook-secret-file`.
struct WebhookSecretCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhook-secret",
        abstract: "Print a new webhook signing secret (whsec_ and 32 random bytes in base64).",
        discussion: """
            Save it for serve and deliver, readable by you alone, and give it to the receiver, \
            which verifies each request's webhook-signature with it: \
            (umask 077; formctl webhook-secret > webhook.secret)
            """
    )

    func run() throws {
        Terminal.printOut(WebhookSecret.generate().text)
    }
}
#endif
