import ArgumentParser
import FormCore
import FormEngine
import Foundation

/// One `--action NAME=PROGRAM`: the action's name, the program's words, its time limit.
struct ActionRoute {
    var name: String
    var arguments: [String]
    var timeout: Duration
    /// PROGRAM as the person wrote it, for messages.
    var program: String
}

/// formctl's action handlers: the built-ins, and `--action NAME=PROGRAM` routes to programs.
enum ActionRoutes {
    /// Parses `NAME=PROGRAM [ARGUMENTS]` routes; a malformed one is a usage error.
    static func parse(_ routes: [String], timeout: Duration = .seconds(30)) throws -> [ActionRoute] {
        try routes.map { route in
            guard let equals = route.firstIndex(of: "="), equals != route.startIndex,
                route.index(after: equals) != route.endIndex
            else { throw ValidationError("--action takes NAME=PROGRAM, got '\(route)'") }
            let program = String(route[route.index(after: equals)...])
            let words: [String]
            do { words = try ProgramWords.split(program) } catch {
                throw ValidationError("--action \(route): \(error)")
            }
            guard !words.isEmpty else { throw ValidationError("--action takes NAME=PROGRAM, got '\(route)'") }
            return ActionRoute(name: ActionName.normalize(String(route[..<equals])), arguments: words, timeout: timeout, program: program)
        }
    }

    static func parse(_ options: ActionOptions) throws -> [ActionRoute] {
        try parse(options.routes, timeout: options.timeoutDuration)
    }

    /// Registers the routes (the engine has `submit`, `cancel`, `reset` and `saveDraft` built in).
    /// With `outputLog` (serve, whose stderr is JSON lines), a program's stdout is captured and
    /// given to it as one JSON line (`outputLine`) instead of reaching formctl's stderr as it is.
    static func register(on engine: FormEngine, routes: [ActionRoute], outputLog: (@Sendable (String) -> Void)? = nil) {
        for route in routes {
            engine.registerAction(route.name) { context in try runProgram(route, context: context, outputLog: outputLog) }
        }
    }

    /// `{"action":"onLogin","form":"loginform","element":"sections[0].elements[2]","stdout":"..."}`:
    /// what a program printed (its last 4 KB), as one line of serve's JSON log.
    static func outputLine(_ output: String, context: ActionContext) -> String {
        var fields = [("action", context.request.name)]
        if let source = context.session.form.definition.sourcePath { fields.append(("form", LoadedForm.name(forPath: source))) }
        fields += [("element", context.request.jsonPath), ("stdout", redactingSecrets(output, of: context.session))]
        return "{" + fields.map { "\(FormValue.string($0.0).jsonString()):\(FormValue.string($0.1).jsonString())" }.joined(separator: ",") + "}"
    }

    /// `text` with every secret of `session` (the values of its secure fields) replaced by
    /// `[secret]`: a program gets the secrets on stdin, and one that echoes them must not put
    /// them in serve's log.
    static func redactingSecrets(_ text: String, of session: FormSession) -> String {
        var text = text
        // Longest first, so that a secret containing another is replaced whole.
        let secrets = session.securePaths.compactMap { session.value(forKey: $0)?.stringValue }.filter { !$0.isEmpty }
        for secret in secrets.sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: secret, with: "[secret]")
        }
        return text
    }

    /// The whole environment an action's program gets: what finding programs and printing
    /// text need, and which action of which form it runs for. Nothing else of formctl's
    /// environment (tokens, credentials) reaches it.
    static func environment(for context: ActionContext) -> [String: String] {
        var environment: [String: String] = [
            "PATH": Terminal.environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin",
            "FORMCTL_ACTION": context.request.name,
            "FORMCTL_ELEMENT": context.request.jsonPath,
        ]
        for name in ["HOME", "LANG"] { environment[name] = Terminal.environment(name) }
        if let source = context.session.form.definition.sourcePath {
            environment["FORMCTL_FORM"] = LoadedForm.name(forPath: source)
        }
        return environment
    }

    /// Runs a routed program with the form's values as JSON on stdin (secrets included: an
    /// action is where a password goes). A non-zero exit cancels, with the end of its stderr.
    static func runProgram(_ route: ActionRoute, context: ActionContext, outputLog: (@Sendable (String) -> Void)? = nil) throws
        -> ActionResult
    {
        // The program may exit without reading; a closed pipe must not kill formctl.
        signal(SIGPIPE, SIG_IGN)
        let process = ActionProcess(arguments: route.arguments, environment: environment(for: context), timeout: route.timeout,
                                    capturesOutput: outputLog != nil)
        let result: ActionProcess.Result
        do { result = try process.run(input: Array((context.session.values.jsonString() + "\n").utf8)) } catch {
            throw ActionProgramError(message: error.description)
        }
        if let outputLog, !result.stdout.isEmpty { outputLog(outputLine(result.stdout, context: context)) }
        let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        let quoted = "'\(route.program.excerpt())'"
        switch result.outcome {
        case .exited(0):
            return .proceed
        case .exited(let status):
            return .cancel(message.isEmpty ? "\(quoted) exited with status \(status)" : message)
        case .killedBySignal(let signal):
            return .cancel(message.isEmpty ? "\(quoted) was killed by signal \(signal)" : message)
        case .cancelled:
            throw CancellationError()
        case .timedOut:
            return .cancel("\(quoted) did not finish within \(route.timeout) and was stopped with everything it started (raise the limit with --action-timeout SECONDS)")
        }
    }
}

struct ActionProgramError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
