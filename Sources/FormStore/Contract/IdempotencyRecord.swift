import struct Foundation.Date

/// The answer a service gave to a write, kept under the client's `Idempotency-Key` so that a
/// retry gets it again instead of storing again.
public struct IdempotentResponse: Sendable, Equatable {
    /// The HTTP status, e.g. 201.
    public var status: Int
    /// The `Content-Type` of `body`.
    public var contentType: String
    /// The body as sent, less any secret given once (a resume token is never kept).
    public var body: String

    /// The answer to keep: its status, content type and body.
    public init(status: Int, contentType: String, body: String) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
}

/// What a `SubmissionWrite` records under an idempotency key, in its own transaction: the key
/// is unique, so of two writes with one key only the first commits, and the other fails with a
/// `constraint` error having stored nothing.
package struct IdempotencyWrite: Sendable {
    /// The client's key, as sent.
    package var key: String
    /// The SHA-256 (hex) of what identifies the request; a retry must bring the same.
    package var fingerprint: String
    /// When the record stops answering retries (and may be pruned).
    package var expiresAt: Date
    /// The answer to keep, made from the row just stored (its id, its uuid).
    package var response: @Sendable (StoredSubmission) -> IdempotentResponse

    package init(key: String, fingerprint: String, expiresAt: Date,
                 response: @escaping @Sendable (StoredSubmission) -> IdempotentResponse) {
        self.key = key
        self.fingerprint = fingerprint
        self.expiresAt = expiresAt
        self.response = response
    }

    /// Expired records deleted by one write, at most: the pruning never grows with a backlog.
    package static let pruneLimit = 100
}

extension IdempotencyWrite: Equatable {
    /// Writes are equal when they record under the same key, fingerprint and expiry (a
    /// function cannot be compared).
    package static func == (a: Self, b: Self) -> Bool {
        a.key == b.key && a.fingerprint == b.fingerprint && a.expiresAt == b.expiresAt
    }
}

/// A kept answer, as read back by its key.
package struct IdempotencyRecord: Sendable, Equatable {
    package let key: String
    package let fingerprint: String
    /// The submission the answer was about.
    package let submissionID: Int64
    package let response: IdempotentResponse
    package let expiresAt: Date

    package init(key: String, fingerprint: String, submissionID: Int64, response: IdempotentResponse, expiresAt: Date) {
        self.key = key
        self.fingerprint = fingerprint
        self.submissionID = submissionID
        self.response = response
        self.expiresAt = expiresAt
    }
}
