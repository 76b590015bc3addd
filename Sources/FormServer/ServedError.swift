import FormCore
import FormEngine
import Hummingbird

/// A request the server refuses, answered as `{"error": "...", ...}` with its status (and for
/// a browser the same in a page): every 4xx says what was wrong and what to send instead.
struct ServedError: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    let message: String
    var extra: [String: FormValue] = [:]
    var headers: HTTPFields = [:]
    /// The store's kind of failure when the store refused the request, for the metrics.
    var storeError: StorageError.Kind?

    init(_ status: HTTPResponse.Status, message: String, extra: [String: FormValue] = [:], headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.extra = extra
        self.headers = headers
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        closesConnection ? HTTPReplies.errorClosingConnection(status, message, extra, headers: headers)
            : HTTPReplies.error(status, message, extra, headers: headers)
    }

    /// Whether the connection is closed once the answer is out: for a request whose body the
    /// server will not read (too large, or framed in a way it does not trust), where the next
    /// bytes on the connection cannot be taken for the next request.
    var closesConnection: Bool { headers[.connection] == "close" }
}

/// The status an engine refusal means to a client: 422 with every field error, 409 when an
/// action cancelled or an edit conflicted, 503 with Retry-After while the store is busy, 507 when it is full, the same 404 for a draft that
/// is not there or not the caller's; other storage failures are 500 with the kind, never the database's path or message.
func engineRefusal(_ error: FormEngineError) -> ServedError {
    switch error {
    case .invalid(let errors):
        let list = errors.map { error -> FormValue in ["path": .string(error.path), "rule": .string(error.rule), "message": .string(error.message)] }
        return ServedError(.unprocessableContent, message: "the values are not valid", extra: ["errors": .array(list)])
    case .cancelled(let action, let message):
        return ServedError(.conflict, message: message, extra: ["action": .string(action)])
    case .draftNotFound:
        // One answer whatever the reason, so that it does not tell a stranger whether the id
        // exists, which form it is of, or whether it is final.
        return ServedError(.notFound, message: FormServer.noDraft)
    case .interrupted:
        return ServedError(.serviceUnavailable, message: "\(error); try again", headers: [.retryAfter: "1"])
    case .storage(let storage):
        var refusal: ServedError
        switch storage.kind {
        case .busy: refusal = ServedError(.serviceUnavailable, message: "the store is busy; try again", headers: [.retryAfter: "1"])
        case .full: refusal = ServedError(.insufficientStorage, message: "the store is full; nothing was stored", extra: ["kind": "full"])
        default:
            refusal = ServedError(.internalServerError, message: "the store failed (\(storage.kind.rawValue))", extra: ["kind": .string(storage.kind.rawValue)])
        }
        refusal.storeError = storage.kind
        return refusal
    case .definition(let definition):
        return ServedError(.badRequest, message: "the definition cannot be bound to this data: \(definition)")
    case .editConflict(let id, let currentRevision):
        // The edit handler adds the submission as it is now; this is the answer without it.
        return ServedError(.conflict, message: "submission \(id) was changed meanwhile and is at revision \(currentRevision)",
                           extra: ["revision": .int(currentRevision)])
    case .notEditable(let id, _):
        // A draft, a deleted or a missing submission: one answer, as for a missing draft.
        return FormServer.noSubmission(id)
    case .unroutedActions, .actionFailed, .foreignSession:
        return ServedError(.internalServerError, message: "the form's action failed")
    }
}

/// Data a request gave that does not have the classes the form declares: 400 naming each
/// path in the data and the class expected there (`user.age: expected Int, found "forty"`),
/// the same words formctl prints, and the list as `errors` for a program. Nil for any other
/// refusal.
func dataRefusal(_ error: FormEngineError, source: String) -> ServedError? {
    guard case .definition(let definition) = error else { return nil }
    let mismatches = definition.errors.filter { $0.code == .dataMismatch }
    guard !mismatches.isEmpty else { return nil }
    let words = mismatches.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" }
    let list = mismatches.map { issue -> FormValue in ["path": .string(issue.path), "message": .string(issue.message)] }
    return ServedError(.badRequest, message: "\(source) does not fit the data the form declares: \(words.joined(separator: "; "))",
                       extra: ["errors": .array(list)])
}

extension HTTPResponse.Status {
    /// 507 (RFC 4918), which HTTPTypes does not name: the store is full.
    static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
