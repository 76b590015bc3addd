// What `formctl serve`'s submit rate is made of: the same POST answered by less and less of it,
// on the same framework and the same machine, so that Scripts/bench-serve.sh can show where a
// submission's time goes and what the framework alone allows.
//
//   bench-http-floor MODE DATABASE FORM.json
//
// MODE is one of:
//   responder  Hummingbird with one closure as its whole responder: the body collected (up to
//              1 MiB, as serve's limit), a fixed 201 answer of serve's size. No router, no
//              middleware: the framework's floor (SwiftNIO's HTTP/1 parsing, Hummingbird's
//              async channel, one task per connection).
//   router     the same answer from a Router route (`POST /forms/:name/submissions`).
//   engine     that route parsing the body and storing it through FormEngine.submit (the
//              form at FORM.json, the database at DATABASE), answering 201 with the stored
//              submission's summary as serve does: serve's work without its middleware,
//              deadlines, limits, metrics or access log.
// It listens on 127.0.0.1 on a free port and says so on stderr as serve does
// (`formctl serve: listening on http://127.0.0.1:PORT`), then serves until SIGTERM or SIGINT.
import FormEngine
import Foundation
import Hummingbird

let arguments = CommandLine.arguments
guard arguments.count == 4, ["responder", "router", "engine"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: bench-http-floor responder|router|engine DATABASE FORM.json\n".utf8))
    exit(2)
}
let mode = arguments[1]

enum Floor {
    /// Serve's answer to a stored submission, as it looks: id, uuid, form, version, status.
    static let answer = ByteBuffer(string: #"{"id":1,"uuid":"01a21a23-43db-7198-bb97-70008efb3806","form":"signup","version":1,"status":"final"}"# + "\n")
    static let maximumBody = 1 << 20

    static func listening(on port: Int?) {
        FileHandle.standardError.write(Data("formctl serve: listening on http://127.0.0.1:\(port ?? 0)\n".utf8))
    }

    static func created(_ answer: ByteBuffer) -> Response {
        Response(status: .created, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: answer))
    }

    /// Serves `responder` on 127.0.0.1, a free port, until SIGTERM or SIGINT.
    static func run<Responder: HTTPResponder>(_ responder: Responder) async throws
    where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let app = Application(responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { listening(on: $0.localAddress?.port) })
        try await app.runService()
    }
}

do {
    switch mode {
    case "responder":
        let responder = CallbackResponder { (request: Request, _: BasicRequestContext) in
            var request = request
            _ = try await request.collectBody(upTo: Floor.maximumBody)
            return Floor.created(Floor.answer)
        }
        try await Floor.run(responder)
    case "router":
        let router = Router()
        router.post("/forms/:name/submissions") { request, _ -> Response in
            var request = request
            _ = try await request.collectBody(upTo: Floor.maximumBody)
            return Floor.created(Floor.answer)
        }
        try await Floor.run(router.buildResponder())
    default:
        let engine = try FormEngine(databasePath: arguments[2])
        let form = try engine.loadForm(path: arguments[3])
        let router = Router()
        router.post("/forms/:name/submissions") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: Floor.maximumBody)
            let answers = try FormValue(json: String(buffer: body))
            let stored = try await engine.submit(SubmissionRequest(answers: answers), to: form)
            return Floor.created(ByteBuffer(string: stored.summaryJSON.jsonString() + "\n"))
        }
        try await Floor.run(router.buildResponder())
    }
} catch {
    FileHandle.standardError.write(Data("bench-http-floor: \(error)\n".utf8))
    exit(1)
}
