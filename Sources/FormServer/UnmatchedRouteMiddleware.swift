import Hummingbird

/// A request no route matched gets a 404 that says so, in JSON as every other refusal, rather
/// than Hummingbird's empty one: a wrong method or a mistyped address looked like a server
/// that answers nothing. The address is not quoted back: it is whatever a stranger sent.
struct UnmatchedRouteMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Where the server lists the addresses it answers (its OpenAPI document).
    let addressList: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            throw ServedError(.notFound, message: "no route answers \(request.method) at this address (GET \(addressList) lists the ones this server answers)",
                              headers: error.headers)
        }
    }
}
