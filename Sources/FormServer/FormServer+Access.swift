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
        guard header.hasPrefix("Bearer ") else { throw Self.unauthorized }
        let given = String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
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
