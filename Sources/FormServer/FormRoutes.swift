import FormEngine
import Hummingbird

/// formctl's HTTP API, browser pages, page assets and OpenAPI document, for a service's own
/// Hummingbird router: the routes `formctl serve` answers, mounted under a path and behind the
/// service's middleware.
///
/// ```swift
/// let routes = FormRoutes(engine: engine, forms: try await ServedForms.load(directory: "forms", engine: engine))
/// try routes.add(to: router.group().add(middleware: APIKeyMiddleware()), atPath: "/forms")
/// // GET /forms/forms/contact (a page or JSON), POST /forms/forms/contact/submissions, GET /forms/openapi.json...
/// ```
///
/// The routes bound what is theirs: the body size, each request's time limit, the page
/// tokens and Origin check against cross-site posts, `Idempotency-Key`. The server's own
/// bounds (connections at once and per client, header, body and idle timeouts, a rate of
/// writes per client) are the host's: `formctl serve` adds them in ``FormServer``.
public struct FormRoutes: Sendable {
    /// What the routes take from their host.
    public struct Options: Sendable {
        /// A bearer token with every right on every form, beside the tokens stored with
        /// `formctl token create`; nil for none. The routes read `Authorization: Bearer` for
        /// these: a host's own credential must travel in another header.
        public var token: String?
        /// Forms that take submissions only with a bearer token that has write access to them.
        public var privateForms: Set<String> = []
        /// Largest request body read; a bigger one is refused with 413.
        public var maximumBodyBytes = 1 << 20
        /// Longest a request may take before it is answered 503 (nothing stored).
        public var requestTimeout: Duration = .seconds(30)

        /// The defaults: no token, no private form, 1 MiB bodies, 30 seconds a request.
        public init() {}
    }

    let server: FormServer

    /// The routes for `forms`, writing through `engine`.
    public init(engine: FormEngine, forms: ServedForms, options: Options = Options()) {
        var limits = FormServer.Limits()
        limits.maximumBodyBytes = options.maximumBodyBytes
        limits.requestTimeout = options.requestTimeout
        server = FormServer(engine: engine, forms: forms, token: options.token, privateForms: options.privateForms, limits: limits,
                            accessLog: { _ in })
    }

    init(server: FormServer) {
        self.server = server
    }

    /// Adds the routes to `router` (a router, a group with the service's middleware, a route
    /// collection) under `path`, which must be the whole path the client sends before them
    /// (`/forms` for `/forms/openapi.json`): the addresses the routes send out start with it.
    /// Throws when `path` has a segment that is not letters, digits and `-._~`.
    public func add<Router: RouterMethods>(to router: Router, atPath path: String = "/") throws {
        try server.mounted(at: try MountPath(path)).addRoutes(to: router)
    }
}
