import FormCore
import FormStore
import struct Foundation.Date

/// A submit made under a client's idempotency key: its answer is kept with the row, in the
/// same transaction (`SubmissionWrite.idempotency`), so that a retry gets that answer instead
/// of storing again. Nothing is kept for a submit that stores nothing.
public struct SubmissionIdempotency: Sendable {
    /// The client's key (an `Idempotency-Key` header), unique in the store.
    public var key: String
    /// The SHA-256 (hex) of what identifies the request.
    public var fingerprint: String
    /// Until when a retry with the key gets the kept answer.
    public var expiresAt: Date
    /// The answer to keep, made from the stored submission (without its resume token, which
    /// is given once and never kept).
    public var response: @Sendable (Submission) -> IdempotentResponse

    /// An idempotent submit under `key` whose answer, made by `response`, is kept until `expiresAt`.
    public init(key: String, fingerprint: String, expiresAt: Date, response: @escaping @Sendable (Submission) -> IdempotentResponse) {
        self.key = key
        self.fingerprint = fingerprint
        self.expiresAt = expiresAt
        self.response = response
    }

    /// The storage's record of it, answering from the row with `values` and `notices`.
    func write(values: FormValue, notices: [FieldError]) -> IdempotencyWrite {
        let response = response
        return IdempotencyWrite(key: key, fingerprint: fingerprint, expiresAt: expiresAt) { stored in
            var submission = Submission(stored, values: values)
            submission.notices = notices
            return response(submission)
        }
    }
}
