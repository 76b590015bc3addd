import FormCore
import FormEngine
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Metrics

/// `formctl serve`: the forms of one directory over HTTP, for clients that draw them (JSON:
/// the bound definition, the live state of every field, submissions) and for browsers (plain
/// HTML that works without JavaScript, and a small script of ours that shows and hides
/// conditional fields as the person types). Every write goes through the engine: a submission
/// through `FormEngine.submit`, an edit through `FormEngine.edit`, a review, a deletion.
/// A server of its own: ``FormRoutes`` at `/` with the bounds a public server needs; a service
/// mounts ``FormRoutes`` in its own application instead.
public struct FormServer: Sendable {
    /// What a public server must bound.
    public struct Limits: Sendable {
        /// Largest request body read; a bigger one is refused with 413.
        public var maximumBodyBytes = 1 << 20
        /// Longest a request may take before it is answered 503.
        public var requestTimeout: Duration = .seconds(30)
        /// Connections served at once; more wait to be accepted.
        public var maximumConnections = 256
        /// An idle keep-alive connection is closed after this long.
        public var idleTimeout: Duration = .seconds(60)
        /// A request head must be whole this long after its first byte (a new connection's,
        /// after the connection opens); the connection is closed otherwise.
        public var headerTimeout: Duration = .seconds(5)
        /// A request body may pause this long between bytes; the connection is closed otherwise.
        public var bodyTimeout: Duration = .seconds(10)
        /// Connections one client address may hold at once; more are closed as they open.
        public var maximumConnectionsPerClient = 32
        /// Writes one client address may make (429 past it); nil for no limit.
        public var writeRate: WriteRate?
        /// The defaults above; no rate limit.
        public init() {}
    }

    let engine: FormEngine
    /// The forms served, replaced one by one while `watchForms` runs.
    let current: CurrentForms
    /// The forms as they are now.
    var forms: ServedForms { current.forms }
    /// A bearer token with every right on every form (`--token-file`), beside the stored ones.
    let token: String?
    /// Forms that take submissions only with a bearer token that has write access to them.
    let privateForms: Set<String>
    let limits: Limits
    let accessLog: @Sendable (String) -> Void
    /// Signs the HTML form's per-render tokens with a key of this process.
    let pageTokens = PageTokens()
    /// The `Idempotency-Key`s whose first request is still being handled here.
    let keysInFlight = IdempotencyKeysInFlight()
    /// The deadlines of the requests being handled (`limited`).
    let requestDeadlines = RequestDeadlines()
    /// Where the routes are mounted: every address they send out starts with it.
    private(set) var paths = MountPath.root
    /// Whether `/healthz`, `/readyz` and `/metrics` are served beside the routes (by ``run``),
    /// for the OpenAPI document.
    private(set) var servesOperations = false
    /// What `GET /metrics` shows: this server's own registry.
    let metrics = ServerMetrics()
    /// The store read behind `/readyz` and the outbox gauges.
    let outboxProbe: OutboxProbe

    /// Where this server's metrics are recorded: hand it to what runs beside the server (the
    /// webhook deliverer) and its metrics appear in `GET /metrics` too. A factory of this
    /// server's own, not `MetricsSystem`'s: bootstrapping that is left to the host.
    public var metricsFactory: any MetricsFactory { metrics.factory }

    /// A server for `forms`, writing through `engine`; `token` and `privateForms` as in
    /// ``FormRoutes/Options``; each request's line goes to `accessLog`.
    public init(engine: FormEngine, forms: ServedForms, token: String?, privateForms: Set<String> = [], limits: Limits = Limits(),
                accessLog: @escaping @Sendable (String) -> Void) {
        self.engine = engine
        current = CurrentForms(forms)
        self.token = token
        self.privateForms = privateForms
        self.limits = limits
        self.accessLog = accessLog
        outboxProbe = OutboxProbe { () async throws(FormEngineError) in try await engine.outboxCounts() }
    }

    /// Serves until SIGTERM or SIGINT, then stops accepting, lets the requests in flight
    /// (writes included) finish, and returns. `onListening` gets the port (useful with port 0).
    /// Throws `ListenError` when it cannot listen on `host` and `port`.
    /// Beside the routes: `GET /healthz`, `GET /readyz` and `GET /metrics`, without a token.
    public func run(host: String, port: Int, onListening: @escaping @Sendable (Int) async -> Void) async throws {
        // HEAD on every GET route, as HTTP requires of a server (RFC 9110, 9.1): monitors probe with it.
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessLogMiddleware(log: accessLog, metrics: metrics))
        router.add(middleware: RequestFramingMiddleware())
        router.add(middleware: UnmatchedRouteMiddleware(addressList: paths("/openapi.json")))
        addOperations(to: router)
        var served = self
        served.servesOperations = true
        try FormRoutes(server: served).add(to: router)
        let accessLog = self.accessLog
        let logger = Logger(label: "formctl.serve") { _ in FrameworkLogHandler(write: accessLog) }
        let clients = ClientConnectionCounts(maximumPerClient: limits.maximumConnectionsPerClient)
        let (headerTimeout, bodyTimeout) = (limits.headerTimeout, limits.bodyTimeout)
        let connection = HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                ClientConnectionLimit(counts: clients),
                RequestReadTimeout(headerTimeout: headerTimeout, bodyTimeout: bodyTimeout),
            ],
            idleTimeout: .seconds(Int64(limits.idleTimeout.components.seconds))
        )
        let responder = WriteRateLimitResponder(routes: router.buildResponder(), buckets: limits.writeRate.map(WriteRateBuckets.init),
                                                accessLog: accessLog, metrics: metrics)
        let app = Application(
            responder: responder,
            server: .http1(configuration: connection),
            configuration: .init(address: .hostname(host, port: port), serverName: "formctl",
                                 availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
            logger: logger
        )
        do {
            try await app.runService()
        } catch {
            // Binding is the only system call a start makes: an IOError is a place not listened on.
            throw ListenError.from(error, host: host, port: port) ?? error
        }
    }

    /// The same server answering under `paths`.
    func mounted(at paths: MountPath) -> FormServer {
        var mounted = self
        mounted.paths = paths
        return mounted
    }

    /// The routes under `paths`, behind the Origin check; whatever the router's context type,
    /// a handler sees the path's parameters (`RouteContext`).
    func addRoutes<Routes: RouterMethods>(to router: Routes) throws {
        typealias Handler = @Sendable (Request, RouteContext) async throws -> Response
        let routes = router.group(RouterPath(paths.prefix)).add(middleware: SameOriginMiddleware()).add(middleware: QueryEscapesMiddleware())
        func on(_ method: HTTPRequest.Method, _ path: RouterPath, _ handler: @escaping Handler) {
            routes.on(path, method: method) { request, context in try await handler(request, RouteContext(context)) }
        }
        on(.get, "/forms") { request, _ in listForms(request) }
        on(.get, "/forms/:name") { request, context in try await limited { try await showForm(request, context) } }
        on(.post, "/forms/:name/state") { request, context in try await limited { try await state(request, context) } }
        on(.post, "/forms/:name/submissions") { request, context in
            try await limited { try await submit(request, context, draftID: nil) }
        }
        on(.put, "/forms/:name/submissions/:id") { request, context in
            try await limited { try await submit(request, context, draftID: try draftID(context)) }
        }
        on(.post, "/forms/:name/submissions/:id") { request, context in
            try await limited { try await submit(request, context, draftID: try draftID(context)) }
        }
        on(.get, "/forms/:name/drafts/:id") { request, context in try await limited { try await showDraftPage(request, context) } }
        on(.post, "/forms/:name/drafts/:id") { request, context in try await limited { try await postDraftPage(request, context) } }
        on(.get, "/forms/:name/submissions") { request, context in try await listSubmissions(request, context) }
        on(.get, "/submissions/:id") { request, context in try await limited { try await showSubmission(request, context) } }
        on(.put, "/submissions/:id") { request, context in try await limited { try await editSubmission(request, context) } }
        on(.delete, "/submissions/:id") { request, context in try await limited { try await deleteSubmission(request, context) } }
        on(.get, "/submissions/:id/files/:keyPath") { request, context in try await limited { try await showFile(request, context) } }
        on(.get, "/submissions/:id/history") { request, context in try await limited { try await showHistory(request, context) } }
        on(.post, "/submissions/:id/review") { request, context in try await limited { try await reviewSubmission(request, context) } }
        // Our own constant: a failure here is a broken build, which the e2e tests catch. It
        // names the forms served when it is asked for: `watchForms` adds and removes some.
        let (prefix, operations) = (paths.prefix, servesOperations)
        _ = try OpenAPIDocument.json(formNames: forms.names, mountedAt: prefix, operations: operations)
        on(.get, "/openapi.json") { _, _ in
            let document = try OpenAPIDocument.json(formNames: forms.names, mountedAt: prefix, operations: operations)
            return Assets.reply(document, type: "application/json; charset=utf-8")
        }
        on(.get, "/assets/form.js") { _, _ in Assets.reply(Assets.script, type: "text/javascript; charset=utf-8") }
        on(.get, "/assets/form.css") { _, _ in Assets.reply(Assets.style, type: "text/css; charset=utf-8") }
        let list = paths("/forms")
        on(.get, "/") { _, _ in Response.redirect(to: list, type: .found) }
    }

    func form(_ context: RouteContext) throws -> ServedForms.Form {
        // The router gives the path segment as sent: `my%20form` for the form `my form`.
        let name = try Self.pathSegment(context.parameters.get("name") ?? "", naming: "the form name")
        guard let form = current.form(named: name) else {
            throw ServedError(.notFound, message: "no form named '\(name)' (GET \(paths("/forms")) lists them)")
        }
        return form
    }

    /// A path segment as sent, decoded; nil when its escapes are not UTF-8. Foundation's
    /// decoding bridges through NSString, a measurable share of a submit's CPU, so a segment
    /// without `%` (nearly every one) is taken as it is.
    static func percentDecoded(_ segment: String) -> String? {
        segment.utf8.contains(UInt8(ascii: "%")) ? segment.removingPercentEncoding : segment
    }

    /// A path segment decoded, or 400 saying which part of the path is malformed: a `%` not
    /// followed by two hex digits, or escapes that are not UTF-8, name nothing (answering 404
    /// for the empty name they decoded to would send the client looking for a form '').
    static func pathSegment(_ segment: String, naming what: String) throws -> String {
        guard let decoded = percentDecoded(segment) else {
            throw ServedError(.badRequest, message: "\(what) in the path has a malformed percent-escape: a % must be followed by two hex digits that spell UTF-8")
        }
        return decoded
    }

    func draftID(_ context: RouteContext) throws -> Int64 {
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
            throw ServedError(.badRequest, message: "the submission id must be a positive whole number")
        }
        return id
    }

    /// Each form's title in the language it is shown in for the request.
    func listForms(_ request: Request) -> Response {
        let preferences = Self.languagePreferences(of: request)
        let served = forms
        let list = served.names.compactMap { served.forms[$0] }.map { form -> FormValue in
            let title = form.loaded.definition.title(in: form.loaded.language(for: preferences))
            return ["name": .string(form.name), "title": title.map(FormValue.string) ?? .null, "version": .int(form.version)]
        }
        return HTTPReplies.json(.array(list), headers: [.vary: "Accept-Language"])
    }
}
