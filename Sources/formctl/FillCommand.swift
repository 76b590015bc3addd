import ArgumentParser
import FormCore
import FormEngine
import FormStore

/// `formctl fill`: fill a form in a terminal, or from answers files, and store it.
struct FillCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fill",
        abstract: "Fill in a form (interactively on a terminal, or from answers) and store it.",
        discussion: """
            On a terminal (stdin and stderr are TTYs) formctl walks the form field by field. \
            Otherwise it never prompts: values come from --answers and --set, defaults fill the \
            rest, and the form is submitted. Secure fields can only come from --answers.
            """
    )

    @Argument(help: "The form definition.", completion: .file(extensions: ["json"]))
    var form: String

    @Option(help: "Data to bind the form to (JSON).")
    var data: String?

    @Option(help: ArgumentHelp("Answers: a JSON object keyed by element key, repeats as arrays; - reads stdin.", valueName: "FILE"))
    var answers: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set one value, e.g. --set email=ann@example.com or --set guests.1.name=Bo.", valueName: "KEY=VALUE"))
    var sets: [String] = []

    @Flag(help: "Store as a draft, without validating.")
    var draft = false

    @Option(help: ArgumentHelp("Resume a stored draft and finalize it.", valueName: "ID"))
    var resume: Int64?

    @Flag(help: "Never prompt, even on a terminal.")
    var noInput = false

    @Flag(help: "Print the stored submission as JSON on stdout.")
    var json = false

    @OptionGroup var actions: ActionOptions

    @OptionGroup var includes: IncludeOptions

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        _ = try ActionRoutes.parse(actions)
        for set in sets where !set.contains("=") || set.hasPrefix("=") {
            throw ValidationError("--set takes KEY=VALUE, got '\(set)'")
        }
    }

    var isInteractive: Bool {
        !noInput && answers == nil && Terminal.isTTY(0) && Terminal.isTTY(2)
    }

    func run() async throws {
        let engine = try database.openEngine()
        ActionRoutes.register(on: engine, routes: try ActionRoutes.parse(actions))
        let loaded = try load(engine)
        let boundData = try data.map { try FormInputs.loadJSON($0, what: "data") } ?? .emptyObject
        let session = try makeSession(engine, loaded, boundData)
        if isInteractive {
            try await FormPrompter(engine: engine, form: loaded, formPath: form, session: session, draftID: resume, printJSON: json).run()
            return
        }
        var errors: [FieldError] = []
        if let answers {
            let given = try FormInputs.loadJSON(answers, what: "answers")
            guard case .object = given else {
                throw CommandFailure("\(answers == "-" ? "standard input" : answers): answers must be a JSON object keyed by element key, found \(given.typeName)", exitCode: .invalid)
            }
            errors += engine.fill(session, with: given)
        }
        errors += try applySets(to: session)
        if !errors.isEmpty && !draft {
            // Report every problem at once: the answers that could not be used, and what
            // validation finds in the rest.
            let reported = Set(errors.map(\.path))
            throw invalid(errors + engine.validate(session).filter { !reported.contains($0.path) })
        }
        if draft {
            let stored = try storing { () throws(FormEngineError) in try engine.saveDraft(session, form: loaded, draftID: resume) }
            report(stored, engine: engine)
            return
        }
        let stored = try await submitting { () async throws(FormEngineError) in
            try await engine.submit(session, form: loaded, resumingDraft: resume)
        }
        report(stored, engine: engine)
    }

    func load(_ engine: FormEngine) throws -> LoadedForm {
        do { return try engine.loadForm(path: form) } catch {
            if case .definition(let definitionError) = error {
                definitionError.issues.forEach { Terminal.printError($0.description) }
                let unreadable = definitionError.issues.contains { $0.code == .unreadableFile }
                throw CommandFailure.silent(unreadable ? .storage : .invalid)
            }
            throw CommandFailure("formctl: \(error)", exitCode: .invalid)
        }
    }

    func makeSession(_ engine: FormEngine, _ loaded: LoadedForm, _ data: FormValue) throws -> FormSession {
        do {
            if let resume { return try engine.resumeDraft(id: resume, form: loaded, data: data) }
            return try engine.makeSession(for: loaded, data: data)
        } catch {
            switch error {
            case .unroutedActions(let uses):
                for use in uses {
                    Terminal.printError("\(form): error: \(use.path): no handler for action '\(use.name)' (route it with --action \(use.name)=PROGRAM)")
                }
                throw CommandFailure.silent(.invalid)
            case .storage(let message): throw CommandFailure("formctl: \(message)", exitCode: .storage)
            default: throw CommandFailure("formctl: \(error)", exitCode: .invalid)
            }
        }
    }

    /// `--set` values, parsed for their fields; they win over --answers. Secrets are refused.
    func applySets(to session: FormSession) throws -> [FieldError] {
        var errors: [FieldError] = []
        let secure = Set(session.securePaths)
        for set in sets {
            guard let equals = set.firstIndex(of: "=") else { continue }
            let key = String(set[..<equals])
            let value = String(set[set.index(after: equals)...])
            let path = (try? ValuePath(parsing: key))?.dotted ?? key
            if secure.contains(path) || isSecureTemplate(path, in: session) {
                throw CommandFailure(
                    "formctl: \(key) is a secure field; give it in --answers, not --set (the command line shows in the process table)",
                    exitCode: .usage)
            }
            try growRepeat(toReach: path, in: session)
            do { try session.setText(value, forKey: key) } catch {
                errors.append(FieldError(path: key, rule: "set", message: error.message))
            }
        }
        return errors
    }

    /// A secure field in a repeat item that does not exist yet.
    func isSecureTemplate(_ path: String, in session: FormSession) -> Bool {
        let parts = path.split(separator: ".")
        guard parts.count >= 3, Int(parts[parts.count - 2]) != nil else { return false }
        let repeatPath = parts.dropLast(2).joined(separator: ".")
        let key = parts.last.map(String.init)
        return session.fields.contains { $0.repeatPath == repeatPath && $0.key == key && $0.element.isSecure }
    }

    /// `--set guests.2.name=Bo` adds items to the guests repeat until item 2 exists.
    /// Items a single `--set` may add: enough for any form a person fills, and a bound on the
    /// work a mistyped index (`guests.100000000.email`) can cause.
    static let maximumItemsAddedBySet = 1_000

    func growRepeat(toReach path: String, in session: FormSession) throws {
        for info in session.repeats where path.hasPrefix(info.path + ".") {
            let rest = path.dropFirst(info.path.count + 1)
            guard let index = rest.split(separator: ".").first.flatMap({ Int($0) }) else { continue }
            if index >= info.count + Self.maximumItemsAddedBySet {
                throw CommandFailure(
                    "formctl: --set \(path): \(info.path) has \(info.count) item(s); one --set adds at most \(Self.maximumItemsAddedBySet)",
                    exitCode: .usage)
            }
            if index >= info.count { _ = try? session.appendItems(to: info.path, count: index + 1 - info.count) }
        }
    }

    func invalid(_ errors: [FieldError]) -> CommandFailure {
        errors.forEach { Terminal.printError($0.description) }
        return .silent(.invalid)
    }

    func storing(_ body: () throws(FormEngineError) -> StoredSubmission) throws -> StoredSubmission {
        do { return try body() } catch { throw failure(for: error) }
    }

    func submitting(_ body: () async throws(FormEngineError) -> StoredSubmission) async throws -> StoredSubmission {
        do { return try await body() } catch { throw failure(for: error) }
    }

    func failure(for error: FormEngineError) -> CommandFailure {
        switch error {
        case .invalid(let errors): return invalid(errors)
        case .storage(let message): return CommandFailure("formctl: \(message)", exitCode: .storage)
        case .cancelled(let action, let message): return CommandFailure("\(action): \(message)", exitCode: .invalid)
        default: return CommandFailure("formctl: \(error)", exitCode: .invalid)
        }
    }

    func report(_ stored: StoredSubmission, engine: FormEngine) {
        if json {
            Terminal.printOut(SubmissionSummary(stored).jsonString)
        } else if stored.status == .draft {
            Terminal.printOut("saved draft \(stored.id)")
        } else {
            Terminal.printOut("saved submission \(stored.id)")
        }
    }
}

/// `{"id":N,"uuid":"...","form":"signup","version":1,"status":"final"}`.
struct SubmissionSummary {
    var stored: StoredSubmission
    init(_ stored: StoredSubmission) { self.stored = stored }

    var jsonString: String {
        FormValue.object([
            "id": .int(Int(stored.id)), "uuid": .string(stored.uuid), "form": .string(stored.formName),
            "version": .int(stored.version), "status": .string(stored.status.rawValue),
        ]).jsonString()
    }
}
