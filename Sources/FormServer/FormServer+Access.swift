import FormEngine
import Foundation
import HTTPTypes
import Hummingbird
import Secrets

/// Who may do what: the bearer token (the `--token-file` one, an admin token for every form,
/// or one of `formctl token create`, looked up by its hash), the private forms, and a draft's
/// resume token.
extension FormServer {
    static let noDraft = "no draft with this id on this form that this request may change (send the draft's Resume-Token, or a bearer token with write access)"

    /// The header a draft's resume token is sent in.
    static let resumeTokenHeader = HTTPField.Name("Resume-Token")!

    /// The `--token-file` token: not stored, every right on every form.
    static let tokenFileGrant = AccessToken(id: 0, name: "--token-file", formName: nil, scope: .admin, createdAt: .distantPast)

    /// What the request's `Authorization: Bearer` token allows; nil without the header, 401
    /// for a token that is neither the token file's nor a stored one.
    func grant(_ request: Request) async throws -> AccessToken? {
        guard let header = request.headers[.authorization] else { return nil }
        // The scheme's name is case-insensitive (RFC 9110, 11.1): `bearer` is `Bearer`.
        guard header.utf8.count > 7, header.prefix(7).lowercased() == "bearer " else { throw Self.unauthorized }
        let given = String(header.dropFirst("Bearer ".count).withoutHTTPWhitespace)
        if let token, ConstantTime.equal(given, token) { return Self.tokenFileGrant }
        let stored: AccessToken?
        do { stored = try await engine.accessToken(presented: given) } catch { throw engineRefusal(error) }
        guard let stored else { throw Self.unauthorized }
        return stored
    }

    static var unauthorized: ServedError {
        ServedError(.unauthorized, message: "a valid bearer token is needed", headers: [.wwwAuthenticate: "Bearer"])
    }

    /// 401 without a valid token, 403 when it does not give `scope` on `form`.
    func require(_ scope: AccessScope, on form: String, _ request: Request) async throws {
        guard let grant = try await grant(request) else { throw Self.unauthorized }
        guard grant.allows(scope, on: form) else {
            throw ServedError(.forbidden, message: "this token does not give \(scope.rawValue) access to form '\(form)'")
        }
    }

    /// Who may change draft `id`: a token with write access to the form may change any of its
    /// drafts, the Resume-Token header only the draft made with it. Without either the answer
    /// is the 404 every other reason gets (no such draft, another form's, final, a wrong token).
    func draftAccess(_ request: Request, form: String, id: Int64) async throws -> DraftAccess {
        if let grant = try await grant(request), grant.allows(.write, on: form) { return .anyDraft }
        guard let token = request.headers[Self.resumeTokenHeader], !token.isEmpty else {
            throw engineRefusal(.draftNotFound(id: id, reason: "no resume token"))
        }
        return .resumeToken(token)
    }
}

/// A stored submission under `/submissions/ID`, as the request's token may see it.
extension FormServer {
    /// The same 404 whatever the reason: no such id, another form's, or deleted (to a token
    /// that is not an admin's on its form), so that the answer says nothing about the id.
    static func noSubmission(_ id: Int64) -> ServedError {
        ServedError(.notFound, message: "no submission with id \(id)")
    }

    /// The submission the path's id names and the token that asked for it: 401 without a
    /// valid token; 404 when the token cannot read the submission's form, or the submission is
    /// deleted and the token is not an admin's on its form. The token's scope for what the
    /// request does is checked by the caller (`require(_:_:on:)`).
    func visibleSubmission(_ request: Request, _ context: RouteContext) async throws -> (submission: StoredSubmission, grant: AccessToken) {
        guard let grant = try await grant(request) else { throw Self.unauthorized }
        let id = try draftID(context)
        var found = try await engineCall { try await engine.storedSubmission(id: id) }
        if found == nil && grant.scope == .admin {
            // A deleted submission is only in its history; an admin on its form sees it there.
            found = try await engineCall { try await engine.history(id: id) }?.submission
        }
        guard let found, grant.allows(.read, on: found.formName) else { throw Self.noSubmission(id) }
        if found.deletion != nil && !grant.allows(.admin, on: found.formName) { throw Self.noSubmission(id) }
        return (found, grant)
    }

    /// 403 when `grant`, which may read the submission, does not give `scope` on its form.
    static func require(_ scope: AccessScope, _ grant: AccessToken, on submission: StoredSubmission) throws {
        guard grant.allows(scope, on: submission.formName) else {
            throw ServedError(.forbidden, message: "this token does not give \(scope.rawValue) access to form '\(submission.formName)'")
        }
    }

    /// Who a history records for a request: the token's name, or `token ID` for one without.
    static func actor(_ grant: AccessToken) -> String {
        grant.name ?? "token \(grant.id)"
    }
}
