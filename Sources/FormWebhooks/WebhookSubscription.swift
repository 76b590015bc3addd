import FormEngine
import Foundation

/// A receiver of webhooks: where they are posted, the secret they are signed with, and which
/// events it takes. Its URL names it in the outbox, across processes and restarts.
public struct WebhookSubscription: Sendable, Equatable {
    /// An `http` or `https` URL. Redirects are not followed: a 3xx is a failed attempt.
    public let url: URL
    /// The signing secret.
    public let secret: WebhookSecret
    /// The event types it receives; every type when nil.
    public let eventTypes: Set<SubmissionEventType>?

    /// A subscription to `url`; an address that is not an absolute http(s) URL with a host is
    /// refused.
    public init(url: String, secret: WebhookSecret, eventTypes: Set<SubmissionEventType>? = nil)
        throws(WebhookConfigurationError)
    {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = parsed.host, !host.isEmpty
        else {
            throw WebhookConfigurationError("--webhook \(url): expected an http:// or https:// URL with a host")
        }
        self.url = parsed
        self.secret = secret
        self.eventTypes = eventTypes
    }

    /// Reads `--webhook-events`: type names separated by commas, short (`created`) or full
    /// (`submission.created`).
    public static func eventTypes(_ list: String) throws(WebhookConfigurationError) -> Set<SubmissionEventType> {
        var types = Set<SubmissionEventType>()
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let type = SubmissionEventType(name: name) else {
                let known = SubmissionEventType.allCases.map(\.shortName).joined(separator: ", ")
                throw WebhookConfigurationError("unknown event type '\(name)' (known: \(known))")
            }
            types.insert(type)
        }
        guard !types.isEmpty else { throw WebhookConfigurationError("--webhook-events names no event type") }
        return types
    }
}
