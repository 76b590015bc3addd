// A service of its own that mounts formctl's forms: its Hummingbird application checks its own
// API key on every request, and FormServer's routes (the JSON API, the browser pages, their
// assets, the OpenAPI document) answer under /forms behind that check. Its own GET /export.csv
// exports a form's submissions as CSV through FormEngine.
//
//   FORMS_SERVICE_KEY=... swift run forms-service FORMS_DIR DATABASE [PORT]
//
// The port is the third argument, else $PORT, else 8080 (0 picks a free one); the service
// listens on 127.0.0.1 only. Clients send the key as `X-API-Key: KEY`: `Authorization: Bearer`
// is left to the routes, for the tokens of `formctl token create` that read submissions.
import FormEngine
import FormServer
import Foundation
import HTTPTypes
import Hummingbird

/// The service's own authentication: 401 for a request without the key.
struct APIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("X-API-Key")! }
    let key: [UInt8]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let given = request.headers[Self.header], Self.equal(Array(given.utf8), key) else {
            return Response(status: .unauthorized, headers: [.contentType: "application/json"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"send the service's key in X-API-Key"}"# + "\n")))
        }
        return try await next(request, context)
    }

    /// Compares every byte whatever the first difference, so that the time taken does not
    /// tell a caller how much of a guess was right.
    static func equal(_ given: [UInt8], _ key: [UInt8]) -> Bool {
        guard given.count == key.count else { return false }
        return zip(given, key).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// An export's bytes into the response body, as the client reads them.
struct ResponseSink: ExportSink {
    var writer: any ResponseBodyWriter

    mutating func write(_ bytes: [UInt8]) async throws {
        try await writer.write(ByteBuffer(bytes: bytes))
    }
}

/// `GET /export.csv?form=NAME`: the form's final submissions as CSV, through FormEngine alone.
/// The export is prepared (the form checked, the columns found) before the status line goes
/// out, so an unknown form is a 404 rather than a cut-short 200.
func exportCSV(_ request: Request, engine: FormEngine) async throws -> Response {
    guard let name = request.uri.queryParameters["form"].map(String.init), !name.isEmpty else {
        throw HTTPError(.badRequest, message: "name the form: /export.csv?form=NAME")
    }
    let export: PreparedExport
    do { export = try await engine.prepareExport(SubmissionQuery(formName: name, status: .final), as: .csv) } catch {
        switch error {
        case .unknownForm, .unknownVersion: throw HTTPError(.notFound, message: error.description)
        default: throw error
        }
    }
    let body = ResponseBody { writer in
        try await export.write(to: ResponseSink(writer: writer))
        try await writer.finish(nil)
    }
    return Response(status: .ok, headers: [.contentType: "text/csv; charset=utf-8"], body: body)
}

/// A line on stderr, unbuffered: "listening on" is there as soon as the service listens.
func say(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
guard arguments.count == 2 || arguments.count == 3 else {
    say("usage: FORMS_SERVICE_KEY=KEY forms-service FORMS_DIR DATABASE [PORT]")
    exit(2)
}
guard let key = environment["FORMS_SERVICE_KEY"], key.utf8.count >= 16 else {
    say("forms-service: set FORMS_SERVICE_KEY to a key of at least 16 characters")
    exit(2)
}
let portText = arguments.count == 3 ? arguments[2] : environment["PORT"] ?? "8080"
guard let port = Int(portText), (0...65535).contains(port) else {
    say("forms-service: the port must be 0 to 65535, not '\(portText)'")
    exit(2)
}

do {
    let engine = try FormEngine(databasePath: arguments[1])
    let forms = try await ServedForms.load(directory: arguments[0], engine: engine)
    for warning in forms.warnings { say("forms-service: warning: \(warning)") }

    let router = Router()
    // Every route of the service from here on is behind its key.
    let protected = router.group().add(middleware: APIKeyMiddleware(key: Array(key.utf8)))
    try FormRoutes(engine: engine, forms: forms).add(to: protected, atPath: "/forms")
    // The service's own route beside them, reading the same store through the engine.
    protected.get("/export.csv") { request, _ in try await exportCSV(request, engine: engine) }

    let app = Application(
        router: router,
        configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "forms-service"),
        onServerRunning: { channel in say("forms-service: listening on http://127.0.0.1:\(channel.localAddress?.port ?? port)") }
    )
    // Until SIGTERM or SIGINT, finishing the requests in flight.
    try await app.runService()
} catch {
    say("forms-service: \(error)")
    exit(1)
}
