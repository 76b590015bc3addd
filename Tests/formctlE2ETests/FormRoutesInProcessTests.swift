import FormEngine
import FormServer
import Foundation
import Hummingbird
import Logging
import Testing

/// FormRoutes in a service's own application, in this process: a request context of the
/// service's own type, its middleware in front, a path of several segments, and the options
/// (`token`, `maximumBodyBytes`) in force under it.
@Suite(.serialized) struct FormRoutesInProcessTests {
    /// The service's context: who its middleware let in.
    struct ServiceContext: RequestContext {
        var coreContext: CoreRequestContextStorage
        var user: String?

        init(source: ApplicationRequestContextSource) {
            coreContext = .init(source: source)
        }
    }

    struct UserMiddleware: RouterMiddleware {
        typealias Context = ServiceContext

        func handle(_ request: Request, context: ServiceContext, next: (Request, ServiceContext) async throws -> Response) async throws -> Response {
            guard let user = request.uri.queryParameters["user"].map(String.init) ?? request.headers.first(where: { $0.name.canonicalName == "x-user" })?.value
            else { return Response(status: .unauthorized) }
            var context = context
            context.user = user
            return try await next(request, context)
        }
    }

    static let token = "service-admin-token-0123456789"

    /// One request off the concurrency pool: `ServerProcess.request` waits on a semaphore.
    static func request(port: Int, _ method: String, _ path: String, body: String? = nil, headers: [String: String] = ["X-User": "ann"])
        async throws -> ServerProcess.Reply
    {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try ServerProcess.request(port: port, method, path, body: body, headers: headers) })
            }
        }
    }

    @Test func theRoutesServeAServicesOwnContextUnderAPathOfSeveralSegmentsWithTheirOptions() async throws {
        let scratch = try Scratch()
        let engine = try FormEngine(databasePath: scratch.db)
        let forms = try await ServedForms.load(directory: RepositoryFilesForms.directory, engine: engine)
        var options = FormRoutes.Options()
        options.token = Self.token
        options.maximumBodyBytes = 2048
        let router = Router(context: ServiceContext.self)
        let protected = router.group().add(middleware: UserMiddleware())
        protected.get("/api/v1/me") { _, context in context.user ?? "" }
        try FormRoutes(engine: engine, forms: forms, options: options).add(to: protected, atPath: "api/v1/forms/")

        var logger = Logger(label: "forms-in-process")
        logger.logLevel = .critical
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in listening.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let running = Task { try await app.run() }
        defer { running.cancel() }
        var next = ports.makeAsyncIterator()
        let port = try #require(await next.next())

        #expect(try await Self.request(port: port, "GET", "/api/v1/forms/forms", headers: [:]).status == 401)
        #expect(try await Self.request(port: port, "GET", "/api/v1/me").text == "ann")
        let page = try await Self.request(port: port, "GET", "/api/v1/forms/forms/signup", headers: ["X-User": "ann", "Accept": "text/html"])
        #expect(page.text.contains(#"action="/api/v1/forms/forms/signup/submissions""#) && page.text.contains(#"href="/api/v1/forms/assets/form.css""#),
                "\(page.text)")
        let created = try await Self.request(port: port, "POST", "/api/v1/forms/forms/signup/submissions", body: ServeE2ETests.ann)
        #expect(created.status == 201 && created.headers["location"] == "/api/v1/forms/submissions/1", "\(created.status) \(created.headers)")
        // The options hold under the mount: the body limit, and the token reading submissions.
        let large = try await Self.request(port: port, "POST", "/api/v1/forms/forms/signup/submissions",
                                           body: #"{"name":"\#(String(repeating: "a", count: 4096))"}"#)
        #expect(large.status == 413, "\(large.status) \(large.text)")
        let unread = try await Self.request(port: port, "GET", "/api/v1/forms/forms/signup/submissions")
        #expect(unread.status == 401)
        let read = try await Self.request(port: port, "GET", "/api/v1/forms/forms/signup/submissions",
                                          headers: ["X-User": "ann", "Authorization": "Bearer \(Self.token)"])
        #expect(read.status == 200 && read.text.contains(#""name":"Ann Lee""#), "\(read.status) \(read.text)")
        // An edit under the mount: a draft is sent to its own address, which is under the mount too.
        let bearer = ["X-User": "ann", "Authorization": "Bearer \(Self.token)"]
        let edited = try await Self.request(port: port, "PUT", "/api/v1/forms/submissions/1", body: #"{"name":"Ann Lea"}"#, headers: bearer)
        #expect(edited.status == 200 && edited.headers["etag"] == #""2""#, "\(edited.status) \(edited.text)")
        let draft = try await Self.request(port: port, "POST", "/api/v1/forms/forms/signup/submissions?draft=true", body: #"{"name":"Cy Young"}"#)
        let draftID = try #require(draft.object["id"] as? Int, "\(draft.text)")
        let draftEdit = try await Self.request(port: port, "PUT", "/api/v1/forms/submissions/\(draftID)", body: "{}", headers: bearer)
        #expect(draftEdit.status == 409 && draftEdit.text.contains("PUT /api/v1/forms/forms/signup/submissions/\(draftID)"), "\(draftEdit.text)")

        running.cancel()
        _ = await running.result
    }

    @Test func aMountPathThatPagesWouldMisreadIsRefused() async throws {
        let scratch = try Scratch()
        let engine = try FormEngine(databasePath: scratch.db)
        let forms = try await ServedForms.load(directory: RepositoryFilesForms.directory, engine: engine)
        let routes = FormRoutes(engine: engine, forms: forms)
        #expect(throws: ServerError.self) { try routes.add(to: Router(), atPath: "/forms\"><script>") }
        #expect(throws: ServerError.self) { try routes.add(to: Router(), atPath: "/:name") }
    }

    /// A form whose action nobody registered is not served, and the warning a service gets
    /// names the library's call, not formctl's `--action` flag (serve maps it to the flag).
    @Test func anUnroutedFormsWarningNamesTheLibrarysCall() async throws {
        let scratch = try Scratch()
        let engine = try FormEngine(databasePath: scratch.db)
        let forms = try await ServedForms.load(directory: RepositoryFilesForms.directory, engine: engine)
        let warning = try #require(forms.warnings.first { $0.contains("loginform.json") }, "\(forms.warnings)")
        #expect(warning.contains("no handler for action 'onLogin' (register one with the engine's registerAction)"), "\(warning)")
        #expect(!warning.contains("--action"), "\(warning)")
        #expect(!forms.names.contains("loginform"))
    }
}
