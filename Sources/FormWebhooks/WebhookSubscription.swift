import FormEngine
import Foundation

/// A receiver of webhooks: where they are posted, the secret they are signed with, and which
/// events it takes. Its URL names it in the outbox, across processes and restarts.
public struct WebhookSubscription: Sendable, Equatable {
    /// An `http` or `https` URL. Redirects are not followed: a 3xx is a failed attempt. A
    /// `user:password@` in it is sent as HTTP Basic authentication, and never shown.
    public let url: URL
    /// The URL without its `user:password@`: what the outbox knows the webhook by, and what
    /// reports, logs and `formctl outbox` show (a password in a URL is a secret like any other).
    public let name: String
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
            throw WebhookConfigurationError("--webhook \(Self.name(ofURL: url)): expected an http:// or https:// URL with a host")
        }
        self.url = parsed
        name = Self.name(ofURL: url)
        self.secret = secret
        self.eventTypes = eventTypes
    }

    /// `url` without a `user:password@`, as the outbox names a webhook; `url` itself when it
    /// has none or does not parse.
    public static func name(ofURL url: String) -> String {
        guard var components = URLComponents(string: url), components.user != nil || components.password != nil else { return url }
        components.user = nil
        components.password = nil
        return components.string ?? url
    }

    /// The `user:password@` of the URL, percent-decoded, for a Basic `authorization` header.
    var credentials: (user: String, password: String)? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.user != nil || components.password != nil
        else { return nil }
        return (components.user ?? "", components.password ?? "")
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
