import FormStore
import Secrets

/// The answers kept under clients' idempotency keys (`SubmissionRequest.idempotency`), read
/// back for a retry by FormServer; package like the store's records of them.
extension FormEngine {
    /// The unexpired answer kept under `key`, if any.
    package func idempotencyRecord(key: String) async throws(FormEngineError) -> IdempotencyRecord? {
        do { return try await storage.idempotencyRecord(key: key) } catch { throw .storage(error) }
    }
}

extension IdempotencyRecord {
    /// Whether the answer was kept for the request with this fingerprint, compared in constant
    /// time; a retry with another fingerprint reused the key for another request.
    package func isAnswer(toFingerprint fingerprint: String) -> Bool {
        ConstantTime.equal(self.fingerprint, fingerprint)
    }
}

extension SubmissionIdempotency {
    /// The SHA-256 (hex) of what makes a request this request: each part (method, address,
    /// credentials...) and then the body, each preceded by its length so that no two requests
    /// differ only in where one part ends and the next begins.
    package static func fingerprint<Body: Collection>(parts: [String], body: Body) -> String where Body.Element == UInt8 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count + parts.reduce(0) { $0 + $1.utf8.count + 8 } + 8)
        for part in parts {
            bytes += Array("\(part.utf8.count):".utf8) + Array(part.utf8)
        }
        bytes += Array("\(body.count):".utf8)
        bytes += body
        return SHA256.hex(ofBytes: bytes)
    }
}
