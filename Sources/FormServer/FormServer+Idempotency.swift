import FormCore
import FormEngine
import Foundation
import HTTPTypes
import Hummingbird
import Synchronization

/// The keys whose first request this process is still handling: a retry meanwhile must not
/// run the write a second time.
final class IdempotencyKeysInFlight: Sendable {
    private let keys = Mutex<Set<String>>([])

    /// False when the key is already being handled.
    func claim(_ key: String) -> Bool { keys.withLock { $0.insert(key).inserted } }

    func release(_ key: String) { _ = keys.withLock { $0.remove(key) } }
}

/// `Idempotency-Key` (the IETF httpapi draft) on every write: the answer of a write that
/// stored is kept with its row, in the same transaction, for `idempotencyLifetime`; a retry
/// with the same key and the same request gets that answer (status and body) without storing
/// or running the action again. Answers of writes that stored nothing (422, 409, 503...) are
/// not kept: a retry runs again, which is safe since nothing was stored.
extension FormServer {
    static let idempotencyKeyHeader = HTTPField.Name("Idempotency-Key")!
    /// The hidden input carrying the page's key: one per rendered form.
    static let idempotencyKeyField = "_idempotency_key"
    /// How long a kept answer answers retries: a day.
    static let idempotencyLifetime: TimeInterval = 86_400

    /// The key sent in `source` (a header or the page's field): 1 to 255 visible ASCII
    /// characters, else 400 naming where it came from.
    /// The request's `Idempotency-Key` header, checked; 400 when it is sent more than once
    /// (which key was meant cannot be told, and the joined values are no key the client made).
    static func idempotencyKey(of request: Request) throws -> String? {
        let sent = request.headers[values: idempotencyKeyHeader]
        guard sent.count <= 1 else {
            throw ServedError(.badRequest, message: "the Idempotency-Key header was sent \(sent.count) times; send it once")
        }
        return try idempotencyKey(sent.first, from: "Idempotency-Key header")
    }

    static func idempotencyKey(_ text: String?, from source: String) throws -> String? {
        guard let text else { return nil }
        guard (1...255).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
            throw ServedError(.badRequest, message: "the \(source) must be 1 to 255 visible ASCII characters (no spaces)")
        }
        return text
    }

    /// The SHA-256 of what makes a request this request: method, path and query, content type,
    /// the credentials it was sent with (another principal reusing a key does not get this
    /// one's answer), an edit's `If-Match` (the revision it changes) and the body, each
    /// preceded by its length so that no two differ only in where one ends. `If-Match` is a
    /// part only when sent, so a request without it has the fingerprint it always had.
    static func fingerprint(_ request: Request, body: FingerprintSource) -> String {
        var parts = [request.method.rawValue, request.uri.description, request.headers[.contentType] ?? "",
                     request.headers[.authorization] ?? "", request.headers[resumeTokenHeader] ?? ""]
        if let revision = request.headers[.ifMatch] { parts.append(revision) }
        return SubmissionIdempotency.fingerprint(parts: parts, body: body.bytes())
    }

    /// Runs `write` under `key`: the kept answer when there is one (422 if it was for another
    /// request); else, once no other request of this process holds the key (409, or with
    /// `waits` a wait for it: a double click on the page), the write, whose answer `response`
    /// makes for keeping. A write that fails because another process kept an answer under the
    /// key first (the key is unique, and the loser's transaction is rolled back) answers that.
    /// A replay's headers are `replayHeaders`' (without it, a submit's `Location`).
    func idempotent(_ key: String?, fingerprint: @autoclosure () -> String, waits: Bool,
                    response: @escaping @Sendable (Submission) -> IdempotentResponse,
                    replayHeaders: ((IdempotencyRecord) -> HTTPFields)? = nil,
                    _ write: (SubmissionIdempotency?) async throws -> Response) async throws -> Response
    {
        guard let key else { return try await write(nil) }
        // Hashed only for a request that sends a key: the others need no fingerprint.
        let fingerprint = fingerprint()
        if let kept = try await keptAnswer(key) { return try replay(kept, fingerprint: fingerprint, headers: replayHeaders?(kept)) }
        while !keysInFlight.claim(key) {
            guard waits else {
                throw ServedError(.conflict, message: "a request with this Idempotency-Key is still being handled: retry once it has been answered")
            }
            // Cancelled at the request's deadline, like any other wait.
            try await Task.sleep(for: .milliseconds(50))
        }
        defer { keysInFlight.release(key) }
        if let kept = try await keptAnswer(key) { return try replay(kept, fingerprint: fingerprint, headers: replayHeaders?(kept)) }
        let idempotency = SubmissionIdempotency(key: key, fingerprint: fingerprint,
                                                expiresAt: Date().addingTimeInterval(Self.idempotencyLifetime), response: response)
        do { return try await write(idempotency) } catch {
            if let kept = try? await keptAnswer(key) { return try replay(kept, fingerprint: fingerprint, headers: replayHeaders?(kept)) }
            throw error
        }
    }

    private func keptAnswer(_ key: String) async throws -> IdempotencyRecord? {
        do { return try await engine.idempotencyRecord(key: key) } catch { throw engineRefusal(error) }
    }

    /// The kept answer as it was sent, with `headers` (nil: a submit's, its JSON answer's
    /// `Location`); 422 when the key was used for another request.
    func replay(_ kept: IdempotencyRecord, fingerprint: String, headers given: HTTPFields? = nil) throws -> Response {
        guard kept.isAnswer(toFingerprint: fingerprint) else {
            throw ServedError(.unprocessableContent, message: "this Idempotency-Key was used for another request (a different method, "
                              + "path, body or credentials): send a new key with a new request")
        }
        var headers = given ?? [:]
        if given == nil && kept.response.contentType.hasPrefix("application/json") {
            headers[.location] = paths("/submissions/\(kept.submissionID)")
        }
        let status = HTTPResponse.Status(code: kept.response.status)
        if kept.response.contentType.hasPrefix("text/html") { return HTTPReplies.html(kept.response.body, status: status) }
        return HTTPReplies.text(kept.response.body, type: kept.response.contentType, status: status, headers: headers)
    }
}
