import Hummingbird

/// What a handler reads of the request's context: the path's parameters. The routes serve a
/// router of any context type (the service's own), and keep only this, which is `Sendable`, so
/// that a handler can run in the request's time limit (`limited`) whatever the context holds.
struct RouteContext: Sendable {
    let parameters: Parameters

    init(_ context: some RequestContext) {
        parameters = context.parameters
    }
}
