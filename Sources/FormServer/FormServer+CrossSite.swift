import FormCore
import Hummingbird
import Secrets

/// Refuses a write whose Origin header names another site with 403: a page elsewhere posting
/// through a visitor's browser. A request without an Origin (an API client, curl) passes.
struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if request.method != .get && request.method != .head, let origin = request.headers[.origin],
            !Self.isOwn(origin: origin, authority: request.head.authority)
        {
            throw ServedError(.forbidden, message: "cross-site request refused: its Origin is not this server's (a page elsewhere cannot post here)")
        }
        return try await next(request, context)
    }

    /// `http://HOST[:PORT]` or `https://...` naming the host the request was sent to (its Host
    /// header); anything else, `null` included, is another site.
    static func isOwn(origin: String, authority: String?) -> Bool {
        guard let authority, !authority.isEmpty else { return false }
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            return lowered.dropFirst(scheme.count) == authority.lowercased()
        }
        return false
    }
}

extension FormServer {
    /// Whether a form-encoded post may go on: a post from a browser (an Origin header, or the
    /// page's cookie) needs a token this server made for its cookie and form; an API client's
    /// (neither) needs none.
    func acceptsPagePost(_ request: Request, form: String, read: FlatAnswers.Read) -> Bool {
        let hasCookie = request.headers[values: .cookie].contains { $0.contains(PageTokens.cookie + "=") }
        guard request.headers[.origin] != nil || hasCookie else { return true }
        guard let token = read.pageFields[PageTokens.field] else { return false }
        return pageTokens.accepts(token, form: form, cookie: pageTokens.cookie(of: request))
    }

    /// The page's response: a token for this render, and the cookie it is tied to when the
    /// browser has none yet.
    func pageResponse(_ request: Request, form: String, html render: (String) -> String, status: HTTPResponse.Status) -> Response {
        let existing = pageTokens.cookie(of: request)
        let cookie = existing ?? SecretToken.make()
        var response = HTTPReplies.html(render(pageTokens.token(form: form, cookie: cookie)), status: status)
        if existing == nil {
            response.headers[.setCookie] = "\(PageTokens.cookie)=\(cookie); Path=\(paths.cookiePath); HttpOnly; SameSite=Lax"
        }
        return response
    }
}
