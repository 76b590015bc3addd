import struct Foundation.Date

/// The answer a service gave to a write, kept under the client's `Idempotency-Key` so that a
/// retry gets it again instead of storing again.
public struct IdempotentResponse: Sendable, Equatable {
    /// The HTTP status, e.g. 201.
    public var status: Int
    public var contentType: String
    /// The body as sent, less any secret given once (a resume token is never kept).
    public var body: String

    public init(status: Int, contentType: String, body: String) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
}

/// What a `SubmissionWrite` records under an idempotency key, in its own transaction: the key
/// is unique, so of two writes with one key only the first commits, and the other fails with a
/// `constraint` error having stored nothing.
public struct IdempotencyWrite: Sendable {
    /// The client's key, as sent.
    public var key: String
    /// The SHA-256 (hex) of what identifies the request; a retry must bring the same.
    public var fingerprint: String
    /// When the record stops answering retries (and may be pruned).
    public var expiresAt: Date
    /// The answer to keep, made from the row just stored (its id, its uuid).
    public var response: @Sendable (StoredSubmission) -> IdempotentResponse

    public init(key: String, fingerprint: String, expiresAt: Date,
                response: @escaping @Sendable (StoredSubmission) -> IdempotentResponse) {
        self.key = key
        self.fingerprint = fingerprint
        self.expiresAt = expiresAt
        self.response = response
    }

    /// Expired records deleted by one write, at most: the pruning never grows with a backlog.
    public static let pruneLimit = 100
}

extension IdempotencyWrite: Equatable {
    /// Writes are equal when they record under the same key, fingerprint and expiry (a
    /// function cannot be compared).
    public static func == (a: Self, b: Self) -> Bool {
        a.key == b.key && a.fingerprint == b.fingerprint && a.expiresAt == b.expiresAt
    }
}

/// A kept answer, as read back by its key.
public struct IdempotencyRecord: Sendable, Equatable {
    public let key: String
    public let fingerprint: String
    /// The submission the answer was about.
    public let submissionID: Int64
    public let response: IdempotentResponse
    public let expiresAt: Date

    public init(key: String, fingerprint: String, submissionID: Int64, response: IdempotentResponse, expiresAt: Date) {
        self.key = key
        self.fingerprint = fingerprint
        self.submissionID = submissionID
        self.response = response
        self.expiresAt = expiresAt
    }
}
