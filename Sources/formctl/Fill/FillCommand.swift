import ArgumentParser
import FormCore
import FormEngine

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
        for set in sets where FieldOverride(assignment: set) == nil {
            throw ValidationError("--set takes KEY=VALUE, got '\(set)'")
        }
    }

    var isInteractive: Bool {
        !noInput && answers == nil && Terminal.isTTY(0) && Terminal.isTTY(2)
    }

    func run() async throws {
        let engine = try await database.openEngine()
        ActionRoutes.register(on: engine, routes: try ActionRoutes.parse(actions))
        let boundData = try data.map { try FormInputs.loadJSON($0, what: "data") } ?? .emptyObject
        let loaded = try FormInputs.loadForm(form, engine: engine, data: boundData, includes: includes, printWarnings: false)
        if isInteractive {
            let session = try await makeSession(engine, loaded)
            try await FormPrompter(engine: engine, form: loaded, formPath: form, session: session, draftID: resume, printJSON: json).run()
            return
        }
        let given = try answers.map { try FormInputs.loadJSON($0, what: "answers") }
        let request = SubmissionRequest(
            answers: given, overrides: sets.compactMap(FieldOverride.init(assignment:)), draftID: resume,
            status: draft ? .draft : .final)
        let stored: Submission
        do { stored = try await engine.submit(request, to: loaded) } catch { throw failure(for: error) }
        for notice in stored.notices { Terminal.printError("warning: draft \(resume ?? stored.id): \(notice.description)") }
        report(stored)
    }

    /// A session for the terminal: a new one, or the draft to resume with its values.
    func makeSession(_ engine: FormEngine, _ loaded: LoadedForm) async throws -> FormSession {
        do {
            guard let resume else { return try engine.makeSession(for: loaded) }
            let (session, notices) = try await engine.resumeDraft(id: resume, form: loaded)
            for notice in notices { Terminal.printError("warning: draft \(resume): \(notice.description)") }
            return session
        } catch {
            throw failure(for: error)
        }
    }

    /// Every problem at once, one per line; where the answers themselves were wrong (not an
    /// object), the file is named.
    func invalid(_ errors: [FieldError]) -> CommandFailure {
        let source = answers == "-" ? "standard input" : answers ?? "answers"
        errors.forEach { Terminal.printError($0.path.isEmpty ? "\(source): \($0.message)" : $0.description) }
        return .silent(.invalid)
    }

    func failure(for error: FormEngineError) -> CommandFailure {
        switch error {
        case .invalid(let errors):
            if let secure = errors.first(where: { $0.rule == "secure" }) {
                return CommandFailure(
                    "formctl: \(secure.path) is a secure field; give it in --answers, not --set (the command line shows in the process table)",
                    exitCode: .usage)
            }
            return invalid(errors)
        case .unroutedActions(let uses):
            for use in uses {
                Terminal.printError("\(form): error: \(use.path): no handler for action '\(use.name)' (route it with --action \(use.name)=PROGRAM)")
            }
            return .silent(.invalid)
        case .storage(let error): return CommandFailure("formctl: \(error)", exitCode: .storage)
        case .cancelled(let action, let message): return CommandFailure("\(action): \(message)", exitCode: .invalid)
        default: return CommandFailure("formctl: \(error)", exitCode: .invalid)
        }
    }

    func report(_ stored: Submission) {
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
    var stored: Submission
    init(_ stored: Submission) { self.stored = stored }

    var jsonString: String {
        FormValue.object([
            "id": .int(Int(stored.id)), "uuid": .string(stored.uuid), "form": .string(stored.formName),
            "version": .int(stored.version), "status": .string(stored.status.rawValue),
        ]).jsonString()
    }
}
