#if Server
import ArgumentParser
import FormEngine
import FormServer
import Foundation
#if Webhooks
import FormWebhooks
#endif

/// `formctl serve`: the forms of a directory over HTTP (JSON for native clients, HTML for
/// browsers), writing through the same engine as `fill` and `import`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the forms of a directory over HTTP: JSON for apps, HTML for browsers.",
        discussion: """
            Every NAME.json definition in FORMS_DIR is form NAME (bound to NAME-data.json beside \
            it, if there is one); a file that is not a valid definition, or names an action with \
            no handler, is skipped with a warning. GET /openapi.json describes every endpoint. \
            Reading stored submissions (GET /forms/NAME/submissions, GET /submissions/ID) needs \
            the header Authorization: Bearer TOKEN with a token of formctl token create (read \
            access to the form) or the one in --token-file (every right on every form). A draft \
            (POST ...?draft=true) answers with its resume_token: changing or finalizing it needs \
            the header Resume-Token: TOKEN, or a bearer token with write access. Each request is logged to \
            stderr as one JSON line (method, path without query, status, milliseconds): never a \
            body, a header or a value; what an --action program prints on stdout is logged as one \
            JSON line too (its last 4 KB). SIGTERM or Ctrl-C stops accepting connections, finishes the \
            requests in flight, and exits 0. With --webhook, every change to a submission from then on is \
            POSTed to the URL, signed with the secret, from the outbox in the database: what is not \
            delivered when the server stops (or is killed) is delivered after the next start. \
            With --watch, a form whose files change is loaded again and served at the version its \
            content gives (a definition that no longer loads keeps the last good one served, and \
            the error is logged); a new NAME.json is served and a removed one is no longer.
            Exit codes: 0 stopped, 2 usage, 3 the database or the address cannot be opened.
            """
    )

    @Argument(help: "The directory of form definitions.", completion: .directory)
    var formsDirectory = "forms"

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port (0 picks a free one, printed when listening).")
    var port = 8080

    @Option(help: ArgumentHelp(
        "A file whose first line is a bearer token with every right on every form (keep it mode 600).", valueName: "FILE"))
    var tokenFile: String?

    @Option(name: .customLong("private"), help: ArgumentHelp(
        "A form that takes submissions only with a bearer token with write access to it (repeatable).", valueName: "FORM"))
    var privateForms: [String] = []

    @Option(help: "The largest request body, in bytes.")
    var maxBody = 1 << 20

    @Option(help: "Seconds a request may take before it is answered 503.")
    var requestTimeout = 30

    @Option(help: "Connections served at once.")
    var maxConnections = 256

    @Option(help: "Seconds a request head may take to arrive; a slower connection is closed.")
    var headerTimeout = 5

    @Option(help: "Seconds a request body may pause; a connection that stops sending it is closed.")
    var bodyTimeout = 10

    @Option(help: "Connections one client address may hold at once; more are closed as they open.")
    var maxConnectionsPerClient = 32

    @Option(help: ArgumentHelp("Writes (POST, PUT, DELETE) one client address may make, such as 20/s or 600/min; past it, 429. Off unless given.",
                               valueName: "COUNT/UNIT"))
    var rateLimit: String?

    @Flag(help: ArgumentHelp(
        "Reload a form whose NAME.json, NAME-data.json or NAME.strings.json changes (within 2 seconds), serve new ones, drop removed ones."))
    var watch = false

    @OptionGroup var actions: ActionOptions

    @OptionGroup var database: DatabaseOptions

    #if Webhooks
    @OptionGroup(title: "Webhooks") var webhooks: WebhookOptions
    #endif

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
        guard maxBody >= 1024 else { throw ValidationError("--max-body takes at least 1024 bytes") }
        guard requestTimeout >= 1 else { throw ValidationError("--request-timeout takes at least 1 second") }
        guard maxConnections >= 1 else { throw ValidationError("--max-connections takes at least 1") }
        guard headerTimeout >= 1 else { throw ValidationError("--header-timeout takes at least 1 second") }
        guard bodyTimeout >= 1 else { throw ValidationError("--body-timeout takes at least 1 second") }
        guard maxConnectionsPerClient >= 1 else { throw ValidationError("--max-connections-per-client takes at least 1") }
        if let rateLimit {
            do { _ = try FormServer.WriteRate(parsing: rateLimit) } catch { throw ValidationError("--rate-limit: \(error)") }
        }
    }

    func run() async throws {
        let token = try tokenFile.map(readToken)
        #if Webhooks
        let subscriptions = try webhooks.subscriptions()
        #endif
        let engine = try await database.openEngine()
        ActionRoutes.register(on: engine, routes: try ActionRoutes.parse(actions)) { line in Terminal.printError(line) }
        let forms: ServedForms
        do { forms = try await ServedForms.load(directory: formsDirectory, engine: engine) } catch {
            throw CommandFailure("formctl: \(error)", exitCode: .storage)
        }
        for warning in forms.warnings { Terminal.printError("warning: \(CLIMessages.text(warning))") }
        if forms.forms.isEmpty { throw CommandFailure("formctl: no form to serve in \(formsDirectory)", exitCode: .invalid) }
        for name in privateForms where forms.forms[name] == nil {
            throw CommandFailure("formctl: --private \(name): no such form is served from \(formsDirectory)", exitCode: .usage)
        }
        var limits = FormServer.Limits()
        limits.maximumBodyBytes = maxBody
        limits.requestTimeout = .seconds(requestTimeout)
        limits.maximumConnections = maxConnections
        limits.headerTimeout = .seconds(headerTimeout)
        limits.bodyTimeout = .seconds(bodyTimeout)
        limits.maximumConnectionsPerClient = maxConnectionsPerClient
        limits.writeRate = try rateLimit.map { try FormServer.WriteRate(parsing: $0) }
        let server = FormServer(engine: engine, forms: forms, token: token, privateForms: Set(privateForms), limits: limits,
                                accessLog: Terminal.errorLines())
        let host = self.host
        #if Webhooks
        let delivery = subscriptions.isEmpty ? nil : BackgroundDelivery(
            deliverer: WebhookDeliverer(engine: engine, subscriptions: subscriptions, options: webhooks.deliveryOptions,
                                        metrics: server.metricsFactory)
        ) { line in Terminal.printError(line) }
        let webhookSummary = subscriptions.isEmpty ? nil : WebhookOptions.summary(subscriptions)
        #else
        let webhookSummary: String? = nil
        #endif
        // Ends with the server: cancelled as `run` returns, whichever way it does.
        let formsDirectory = self.formsDirectory
        let watching = watch ? Task {
            await server.watchForms(in: formsDirectory) { line in Terminal.printError(CLIMessages.text(line)) }
        } : nil
        defer { watching?.cancel() }
        do {
            try await server.run(host: host, port: port) { port in
                Terminal.printError("formctl serve: listening on http://\(host):\(port)")
                if let webhookSummary { Terminal.printError("formctl serve: webhooks to \(webhookSummary)") }
            }
        } catch {
            #if Webhooks
            await delivery?.stop()
            #endif
            if let listening = error as? ListenError {
                let hint = listening.portIsInUse ? " (stop it, or choose another port with --port)" : ""
                throw CommandFailure("formctl: \(listening)\(hint)", exitCode: .storage)
            }
            throw CommandFailure("formctl: cannot serve on \(host):\(port): \(error)", exitCode: .storage)
        }
        #if Webhooks
        await delivery?.stop()
        #endif
    }

    /// The first line of the file without the spaces and line ending around it (a CRLF ending
    /// must not lock everyone out); it must be at least 16 characters: an empty token would let
    /// anyone in. A file other users can read is used, with a warning.
    func readToken(_ path: String) throws -> String {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw CommandFailure("formctl: cannot read --token-file \(path): \(error.localizedDescription)", exitCode: .usage)
        }
        let token = String(text.split(whereSeparator: \.isNewline).first ?? "").trimmingCharacters(in: .whitespaces)
        guard token.count >= 16 else {
            throw CommandFailure("formctl: the token in \(path) is shorter than 16 characters", exitCode: .usage)
        }
        if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, mode & 0o044 != 0 {
            Terminal.printError("warning: --token-file \(path) can be read by other users (mode \(String(mode & 0o777, radix: 8))): chmod 600 it")
        }
        return token
    }
}
#endif
