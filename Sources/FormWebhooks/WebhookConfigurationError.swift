/// A webhook that cannot be set up as given: a URL, secret or event list that is wrong, with
/// what to write instead.
public struct WebhookConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for a person.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
