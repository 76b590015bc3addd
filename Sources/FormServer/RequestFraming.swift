import HTTPTypes
import Hummingbird

/// What HTTP/1.1 asks of a server before it reads a request (RFC 9112): a request with more
/// than one Host header is refused with 400 (3.2), since which host it was sent to cannot be
/// told and the Origin check compares with it; a body in a transfer coding other than
/// `chunked` is refused with 501 (6.1), since formctl would read compressed bytes as answers.
/// `formctl serve` adds it in front of every route; a service embedding `FormRoutes` frames
/// requests as its own server does.
struct RequestFramingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The first Host became the request's authority; any further one stays a header.
        if !request.headers[values: Self.host].isEmpty {
            throw ServedError(.badRequest, message: "the request has more than one Host header", headers: [.connection: "close"])
        }
        let codings = request.headers[values: .transferEncoding].flatMap { $0.split(separator: ",") }
            .map { $0.withoutHTTPWhitespace.lowercased() }
        if let unread = codings.first(where: { $0 != "chunked" }) {
            throw ServedError(.notImplemented, message: "the body's transfer coding '\(unread)' is not read here; send it with chunked alone or with Content-Length",
                              headers: [.connection: "close"])
        }
        return try await next(request, context)
    }

    /// `HTTPField.Name.host` is unavailable (HTTPTypes keeps the first Host as the authority).
    private static var host: HTTPField.Name { HTTPField.Name("Host")! }
}

/// A query string whose percent-escapes do not spell UTF-8 (`%ZZ`, `%FF`) is refused with
/// 400: read leniently, its values would reach the store with U+FFFD in place of what the
/// client sent (a deletion's reason) or be taken as the literal `%ZZ`.
struct QueryEscapesMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let query = request.uri.query, !Self.escapesAreUTF8(query) {
            throw ServedError(.badRequest, message: "the query string has a malformed percent-escape: a % must be followed by two hex digits that spell UTF-8")
        }
        return try await next(request, context)
    }

    /// Whether every `%XX` in `query` is two hex digits and the bytes they make, with the rest,
    /// are UTF-8: what the path's segments are held to (`FormServer.percentDecoded`).
    static func escapesAreUTF8(_ query: String) -> Bool {
        FormServer.percentDecoded(query) != nil
    }
}
