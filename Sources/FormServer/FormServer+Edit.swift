import FormCore
import FormEngine
import Foundation
import Hummingbird

/// `PUT /submissions/ID`: an edit of a final submission through the engine's edit pipeline
/// (the submit's validation, starting from the stored values), made by a token with `write` on
/// its form. The body is answers as a submit takes them, merged over the stored values, plus
/// the request's own members, which start with `_` as the page's own fields do so that no
/// field's key is taken: `_reason` (text kept with the revision) and `_toLatest` (true: move
/// the values to the version of the form served now; also `?toLatest=true`). `If-Match: "N"`
/// makes the edit only of revision N; without it, of the revision read when the edit starts.
/// The answer's `ETag` is the stored revision.
extension FormServer {
    static let reasonMember = "_reason"
    static let toLatestMember = "_toLatest"

    func editSubmission(_ request: Request, _ context: RouteContext) async throws -> Response {
        let (stored, grant) = try await visibleSubmission(request, context)
        try Self.require(.write, grant, on: stored)
        // An admin sees a deleted submission, but it is not there to edit.
        if stored.deletion != nil { throw Self.noSubmission(stored.id) }
        if stored.status == .draft {
            throw ServedError(.conflict, message: "submission \(stored.id) is a draft: change it with PUT "
                              + paths("/forms/\(HTML.pathSegment(stored.formName))/submissions/\(stored.id)"))
        }
        guard let served = forms.forms[stored.formName] else {
            throw ServedError(.conflict, message: "form '\(stored.formName)' is not served here: edit submission \(stored.id) with formctl edit")
        }
        let expected = try Self.expectedRevision(request.headers[.ifMatch])
        let key = try Self.idempotencyKey(of: request)
        let (body, source) = try await readBodyWithFingerprint(request, for: served)
        guard case .json(let json) = body else { throw ServedError(.unsupportedMediaType, message: "an edit is sent as application/json") }
        guard case .object(var answers) = json else {
            throw ServedError(.badRequest, message: "send the answers to change as a JSON object keyed by element key")
        }
        let reason = try Self.textMember(answers.removeValue(forKey: Self.reasonMember), named: Self.reasonMember)
        let toLatest = try Self.flagMember(answers.removeValue(forKey: Self.toLatestMember), named: Self.toLatestMember)
            || Self.flagParameter(request.uri.queryParameters["toLatest"], named: "toLatest")
        var edit = SubmissionEdit(answers: .object(answers), reason: reason, actor: Self.actor(grant),
                                  form: toLatest ? served.loaded : nil, expectedRevision: expected, data: served.loaded.data,
                                  deadline: Self.deadline)
        // The editor's language, else the one the submission was given in.
        edit.languages = Self.languagePreferences(of: request)
        let kept: @Sendable (Submission) -> IdempotentResponse = { edited in
            IdempotentResponse(status: 200, contentType: HTTPReplies.jsonType, body: edited.jsonValue.jsonString() + "\n")
        }
        return try await speaking(served, request, recorded: stored.language) { [edit] in
            try await idempotent(key, fingerprint: Self.fingerprint(request, body: source), waits: false, response: kept,
                                 replayHeaders: Self.revisionTag(ofKept:)) { idempotency in
                var edit = edit
                edit.idempotency = idempotency
                let edited: Submission
                do throws(FormEngineError) { edited = try await engine.edit(id: stored.id, edit) } catch {
                    throw await editRefusal(error)
                }
                return HTTPReplies.json(edited.jsonValue, headers: [.eTag: Self.entityTag(edited.revision)])
            }
        }
    }

    /// An edit refused: a conflict carries the revision the submission is at now and the
    /// submission as GET shows it, so the client can redo its change on it; a submission
    /// deleted meanwhile is the 404 of a missing one.
    func editRefusal(_ error: FormEngineError) async -> ServedError {
        switch error {
        case .editConflict(let id, _):
            // Read again rather than taken from the error: the answer shows one revision whole.
            guard let current = try? await engine.storedSubmission(id: id), current.deletion == nil,
                let shown = try? engine.jsonValue(of: current)
            else { return Self.noSubmission(id) }
            let tag = Self.entityTag(current.revision)
            return ServedError(.conflict, message: "submission \(id) was changed meanwhile and is at revision \(current.revision): "
                               + "apply your change to it and send If-Match: \(tag)",
                               extra: ["revision": .int(current.revision), "submission": shown], headers: [.eTag: tag])
        case .notEditable(let id, _):
            return Self.noSubmission(id)
        default:
            return engineRefusal(error)
        }
    }

    /// The revision an `If-Match: "N"` header asks for; nil without one or for `*` (any
    /// revision: the one read when the edit starts). Anything else is 400.
    static func expectedRevision(_ header: String?) throws -> Int? {
        guard let header else { return nil }
        let text = header.withoutHTTPWhitespace
        if text == "*" { return nil }
        guard text.count > 2, text.hasPrefix("\""), text.hasSuffix("\""), let revision = Int(text.dropFirst().dropLast()), revision > 0 else {
            throw ServedError(.badRequest, message: "If-Match is one revision as its ETag gives it (\"3\", with the quotes), not '\(text.prefix(40))'")
        }
        return revision
    }

    /// A revision as an entity tag: `"3"`.
    static func entityTag(_ revision: Int) -> String { "\"\(revision)\"" }

    /// A replayed edit's ETag, read from the kept answer (the submission with its `revision`).
    static func revisionTag(ofKept kept: IdempotencyRecord) -> HTTPFields {
        guard let revision = (try? FormValue(json: kept.response.body))?.objectValue?["revision"]?.intValue else { return [:] }
        return [.eTag: entityTag(revision)]
    }

    /// A request member that is text: absent or null is nil, anything else but a string is 400.
    static func textMember(_ value: FormValue?, named name: String) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?:
            if let offset = text.unicodeScalars.firstIndex(where: { $0 != "\n" && $0 != "\t" && ControlCharacterCheck.isControl($0) }) {
                let position = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: offset) + 1
                throw ServedError(.badRequest, message: "\(name) contains a control character at character \(position)")
            }
            return text.isEmpty ? nil : text
        default: throw ServedError(.badRequest, message: "\(name) is text (a JSON string)")
        }
    }

    /// A query parameter that is `true` or `false` (`1` or `0`); absent is false. Anything else
    /// is a 400: `?draft=yes` read as false would store a final submission, or finalize a draft.
    static func flagParameter(_ value: Substring?, named name: String) throws -> Bool {
        switch value {
        case nil, "false"?, "0"?: return false
        case "true"?, "1"?: return true
        default: throw ServedError(.badRequest, message: "\(name) is true or false, not '\(value?.prefix(40) ?? "")'")
        }
    }

    /// A request member that is true or false; absent is false.
    static func flagMember(_ value: FormValue?, named name: String) throws -> Bool {
        switch value {
        case nil: return false
        case .bool(let flag)?: return flag
        default: throw ServedError(.badRequest, message: "\(name) is true or false")
        }
    }
}
