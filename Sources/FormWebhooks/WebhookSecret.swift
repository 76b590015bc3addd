import Crypto
import Foundation

/// A webhook's signing secret as Standard Webhooks writes it: `whsec_` followed by the key's
/// bytes in base64 (24 to 64 bytes; `formctl webhook-secret` prints a new one of 32).
public struct WebhookSecret: Sendable, Equatable, CustomStringConvertible {
    /// The key's bytes (SymmetricKey is not Sendable, so it is made for each signature).
    let key: [UInt8]

    /// The secret as written, `whsec_...`: what a receiver is given to verify with.
    public let text: String

    /// Reads a secret written as `whsec_` and base64 (surrounding whitespace, such as a
    /// file's last newline, is ignored).
    public init(_ text: String) throws(WebhookConfigurationError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("whsec_") else {
            throw WebhookConfigurationError("a webhook secret starts with whsec_ (formctl webhook-secret prints one)")
        }
        guard let bytes = Data(base64Encoded: String(trimmed.dropFirst("whsec_".count))) else {
            throw WebhookConfigurationError("a webhook secret is whsec_ followed by base64, and this one's base64 does not decode")
        }
        guard (24...64).contains(bytes.count) else {
            throw WebhookConfigurationError("a webhook secret holds 24 to 64 bytes; this one holds \(bytes.count)")
        }
        self.key = Array(bytes)
        self.text = trimmed
    }

    /// A new secret of 32 random bytes.
    public static func generate() -> WebhookSecret {
        let text = "whsec_" + SymmetricKey(size: .bits256).withUnsafeBytes { Data($0).base64EncodedString() }
        // The text was made from 32 bytes just now: it reads back.
        guard let secret = try? WebhookSecret(text) else { preconditionFailure("a generated secret does not read back") }
        return secret
    }

    /// The `webhook-signature` header's value for a message: `v1,` and the base64 of
    /// HMAC-SHA256 over `id.timestamp.body` with this secret's key.
    public func signature(id: String, timestamp: Int, body: [UInt8]) -> String {
        var mac = HMAC<SHA256>(key: SymmetricKey(data: key))
        mac.update(data: Array("\(id).\(timestamp).".utf8))
        mac.update(data: body)
        return "v1," + Data(mac.finalize()).base64EncodedString()
    }

    /// Never the secret itself: a description goes to logs.
    public var description: String { "whsec_…" }

    public static func == (a: WebhookSecret, b: WebhookSecret) -> Bool { a.text == b.text }
}
