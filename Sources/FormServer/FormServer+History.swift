import FormCore
import FormEngine
import Hummingbird

/// A submission on the record: one submission (a deleted one shown only to an admin), its
/// history, its review and its deletion. Reviewing and deleting are an operator's acts: they
/// need a token with `admin` on the submission's form (one for every form included); a `write`
/// token, which a client that submits may hold, can edit but not judge or remove its data.
extension FormServer {
    /// `GET /submissions/ID`: the object `formctl show` prints, with `ETag: "REVISION"` for an
    /// edit's `If-Match`; a deleted one (to an admin only) with its `deleted` member.
    func showSubmission(_ request: Request, _ context: RouteContext) async throws -> Response {
        let (found, _) = try await visibleSubmission(request, context)
        var shown = try await engineCall { try engine.jsonValue(of: found) }
        if let deletion = found.deletion, case .object(var object) = shown {
            object["deleted"] = deletion.jsonValue
            shown = .object(object)
        } else if case .object(var object) = shown {
            // Where each file's bytes are read (`GET .../files/KEYPATH`).
            object["files"] = try await fileLinks(of: found)
            shown = .object(object)
        }
        return HTTPReplies.json(shown, headers: [.eTag: Self.entityTag(found.revision)])
    }

    /// `GET /submissions/ID/history`: every revision with its values and what it changed,
    /// every review, and the deletion (`SubmissionHistory.jsonValue()`, which `formctl show
    /// --history --json` prints too). A token that reads the form reads a live submission's
    /// history; a deleted one's is an admin's only.
    func showHistory(_ request: Request, _ context: RouteContext) async throws -> Response {
        let (found, grant) = try await visibleSubmission(request, context)
        // Read after the check: deleted in between, it is an admin's only, as it would have been.
        guard let history = try await engineCall({ try await engine.history(id: found.id) }),
            history.submission.deletion == nil || grant.allows(.admin, on: found.formName)
        else { throw Self.noSubmission(found.id) }
        do { return HTTPReplies.json(try history.jsonValue()) } catch {
            throw ServedError(.internalServerError, message: "the history of submission \(found.id) cannot be read: \(error)")
        }
    }

    /// `POST /submissions/ID/review` with `{"state", "comment"}`: the review is kept in the
    /// history and the submission, as GET shows it, is the answer. Drafts are not reviewed (409).
    func reviewSubmission(_ request: Request, _ context: RouteContext) async throws -> Response {
        let (found, grant) = try await visibleSubmission(request, context)
        try Self.require(.admin, grant, on: found)
        if found.deletion != nil { throw Self.noSubmission(found.id) }
        if found.status == .draft {
            throw ServedError(.conflict, message: "submission \(found.id) is a draft: only a final submission is reviewed")
        }
        var members = try await readJSONObject(request)
        let states = ReviewState.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = members.removeValue(forKey: "state")?.stringValue, let state = ReviewState(rawValue: text) else {
            throw ServedError(.badRequest, message: "state is one of \(states)")
        }
        let comment = try Self.textMember(members.removeValue(forKey: "comment"), named: "comment")
        if let unknown = members.keys.first { throw ServedError(.badRequest, message: "unknown member '\(unknown)': send state and comment") }
        let reviewed: StoredSubmission
        do throws(FormEngineError) {
            reviewed = try await engine.review(id: found.id, state: state, comment: comment, actor: Self.actor(grant))
        } catch {
            // Deleted meanwhile (the draft and the missing one were answered above).
            if case .notEditable = error { throw Self.noSubmission(found.id) }
            throw engineRefusal(error)
        }
        return HTTPReplies.json(try await engineCall { try engine.jsonValue(of: reviewed) }, headers: [.eTag: Self.entityTag(reviewed.revision)])
    }

    /// `DELETE /submissions/ID[?reason=TEXT]`: a tombstone with the token's name, the time and
    /// the reason; its history stays readable to an admin until `formctl purge`. 204.
    func deleteSubmission(_ request: Request, _ context: RouteContext) async throws -> Response {
        let (found, grant) = try await visibleSubmission(request, context)
        try Self.require(.admin, grant, on: found)
        if found.deletion != nil { throw Self.noSubmission(found.id) }
        let reason = try Self.textMember(request.uri.queryParameters["reason"].map { .string(String($0)) }, named: "reason")
        let deleted = try await engineCall { try await engine.delete(id: found.id, actor: Self.actor(grant), reason: reason) }
        guard deleted else { throw Self.noSubmission(found.id) }
        return Response(status: .noContent)
    }
}
