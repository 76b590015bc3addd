import ArgumentParser
import FormCore
import FormEngine

/// `formctl fill`: fill a form in a terminal, or from answers files, and store it.
struct FillCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fill",
        abstract: "Fill in a form (interactively on a terminal, or from answers) and store it.",
        discussion: """
            On a terminal (stdin and stderr are TTYs) formctl walks the form field by field: text \
            in a line editor (arrow keys, Home/End, Ctrl-A/E/K/U/W), choices in a list (arrow keys, \
            space to tick, typing filters). Values given with --answers, --set or --resume are \
            kept, and only fields still empty or wrong are asked before the summary. \
            --accessible (or FORMCTL_ACCESSIBLE=1, or TERM=dumb) asks line by line instead, \
            choices by number or label, for screen readers and simple terminals. \
            Without a terminal, with --no-input or with --draft, formctl never prompts: values \
            come from --answers and --set, defaults fill the rest, and the form is submitted \
            (or saved as a draft). Secure fields can only come from --answers or the prompt.
            File fields (image, file) take files: at the prompt a path (~ is the home directory, \
            a relative path is relative to the working directory), whose name, size and type are \
            shown before it is kept; --attach KEY=PATH on the command line; {"file": \
            "relative/path"} in --answers, read from --files DIR (default: the answers file's \
            directory), never from outside it, never through a symbolic link, and only a regular \
            file. Each file's type is found from its bytes, and a file past the field's maxSize, \
            of a type it does not accept, or past the form's maxUploadSize is refused naming the \
            field, with nothing stored.
            The form is shown in --lang, else the language of LC_ALL, LC_MESSAGES or LANG (the \
            first set; C or POSIX means none), when the form has it (de-CH finds de), else in \
            its own language; the prompts' words and the errors follow it, and it is recorded \
            with the submission. Stored values are the same in every language.
            """
    )

    @Argument(help: "The form definition.", completion: .file(extensions: ["json"]))
    var form: String

    @Option(help: ArgumentHelp(FormInputs.dataHelp))
    var data: String?

    @Option(help: ArgumentHelp("Answers: a JSON object keyed by element key, repeats as arrays; - reads stdin.", valueName: "FILE"))
    var answers: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set one value, e.g. --set email=ann@example.com or --set guests.1.name=Bo.", valueName: "KEY=VALUE"))
    var sets: [String] = []

    @Option(name: .customLong("attach"), help: ArgumentHelp("Attach a file to a file field, e.g. --attach slides=talk.pdf or --attach speakers.1.bio=~/bio.pdf (repeatable: a field of several files takes several).", valueName: "KEY=PATH"))
    var attachments: [String] = []

    @Option(help: ArgumentHelp("Where {\"file\": \"relative/path\"} values in --answers are read from (default: the answers file's directory, the working directory for -); no file outside DIR is read.", valueName: "DIR"))
    var files: String?

    @Flag(help: "Store as a draft, without validating and without prompting.")
    var draft = false

    @Option(help: ArgumentHelp("Resume a stored draft and finalize it.", valueName: "ID"))
    var resume: Int64?

    @Flag(help: "Never prompt, even on a terminal.")
    var noInput = false

    @Flag(help: "On a terminal, ask line by line (choices by number or label) instead of drawing editors and lists; also FORMCTL_ACCESSIBLE=1.")
    var accessible = false

    @Flag(help: "Print the stored submission as JSON on stdout.")
    var json = false

    @OptionGroup var language: LanguageOptions

    @OptionGroup var actor: ActorOptions

    @OptionGroup var actions: ActionOptions

    @OptionGroup var includes: IncludeOptions

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        _ = try ActionRoutes.parse(actions)
        try ValueAssignments.check(sets: sets, attachments: attachments)
        if let files {
            guard answers != nil else { throw ValidationError("--files is for the {\"file\": ...} values of --answers; give --answers too") }
            guard LocalPath.isDirectory(files) else { throw ValidationError("--files \(files): not a directory") }
        }
    }

    /// Prompts only on a terminal, and never for a draft: --draft means "store what I gave".
    var isInteractive: Bool {
        !noInput && !draft && answers != "-" && Terminal.isTTY(0) && Terminal.isTTY(2)
    }

    /// Where `{"file": PATH}` answers are read from: --files, else the answers file's directory
    /// (the working directory for standard input).
    var filesDirectory: String {
        if let files { return files }
        guard let answers, answers != "-" else { return "." }
        return LocalPath.directory(of: answers)
    }

    /// `formctl fill FORM [--data D] [--db DB] [--table-prefix P] --resume N`, quoted for a
    /// shell: what a person types to come back to draft N, with the options that find it.
    func resumeCommand(_ id: Int64) -> String {
        var words = ["formctl", "fill", form]
        if let data { words += ["--data", data] }
        if let path = database.path { words += ["--db", path] }
        if !database.tablePrefix.isEmpty { words += ["--table-prefix", database.tablePrefix] }
        for root in includes.roots { words += ["--include-root", root] }
        for route in actions.routes { words += ["--action", route] }
        words += ["--resume", String(id)]
        return words.map(ShellQuoting.quoted).joined(separator: " ")
    }

    func run() async throws {
        let engine = try await database.openEngine()
        ActionRoutes.register(on: engine, routes: try ActionRoutes.parse(actions))
        let (dataFile, boundData) = try FormInputs.boundData(for: form, given: data)
        let loaded = try FormInputs.loadForm(form, engine: engine, data: boundData ?? .emptyObject, dataFile: dataFile, includes: includes, printWarnings: false)
        let given = try answers.map { try FormInputs.loadJSON($0, what: "answers") }
        var assignments = attachments.compactMap(FileAssignment.init)
        var request = SubmissionRequest(
            answers: given, overrides: sets.compactMap(FieldOverride.init(assignment:)), draftID: resume,
            status: draft ? .draft : .final, actor: actor.name)
        request.languages = language.preferences
        // {"file": PATH} answers become uploads, read only from inside the files directory.
        if let given {
            let root = filesDirectory
            let resolved: (answers: FormValue, uploads: [AttachmentUpload])
            do { resolved = try AttachmentDirectory(root: root).uploads(in: given, for: loaded) } catch { throw failure(for: error) }
            request.answers = resolved.answers
            request.attachments = resolved.uploads
            if isInteractive {
                // The prompter reads the files the directory opened and checked; their paths
                // are only where a submit reads them again, refused unless the bytes match.
                assignments = FileAnswers.assignments(in: given, root: root, opened: resolved.uploads) + assignments
            }
        }
        if isInteractive {
            let prefilled: PrefilledSession
            do { prefilled = try await engine.makeSession(for: loaded, prefilling: request) } catch { throw failure(for: error) }
            for notice in prefilled.notices { Terminal.printError("warning: draft \(resume ?? 0): \(notice.description)") }
            let command = resumeCommand
            var prompter = FormPrompter(
                engine: engine, form: loaded, session: prefilled.session, draftID: resume, printJSON: json,
                drawn: FormPrompter.drawsPrompts(accessible: accessible),
                asksOnlyMissing: given != nil || !sets.isEmpty || !assignments.isEmpty || resume != nil,
                hasGivenValues: given != nil || !sets.isEmpty || !assignments.isEmpty,
                givenErrors: prefilled.errors,
                resumeCommand: { command($0) })
            prompter.actor = actor.name
            let session = prefilled.session
            // The screen's words, the form's text and the library's messages in one language.
            try await MessageLanguage.with(session.language, formDefault: loaded.defaultLanguage) {
                do throws(FormEngineError) { try await prompter.attach(given: assignments) } catch { throw failure(for: error) }
                try await prompter.run()
            }
            return
        }
        let stored: Submission
        do {
            for assignment in assignments { request.attachments.append(try assignment.upload()) }
            stored = try await engine.submit(request, to: loaded)
        } catch {
            throw failure(for: error, numbering: loaded.compiled.itemNumbering)
        }
        for notice in stored.notices { Terminal.printError("warning: draft \(resume ?? stored.id): \(notice.description)") }
        report(stored)
    }

    /// Every problem at once, one per line; where the answers themselves were wrong (not an
    /// object), the file is named. Paths number repeat items from 1, as `--set` takes them.
    func invalid(_ errors: [FieldError], numbering: ItemNumbering?) -> CommandFailure {
        let source = answers == "-" ? "standard input" : answers ?? "answers"
        let typed = sets.compactMap { FieldOverride(assignment: $0)?.key }
        for error in errors {
            if error.path.isEmpty {
                Terminal.printError("\(source): \(error.message)")
            } else {
                Terminal.printError("\(Self.pathAsRead(error, numbering: numbering, typed: typed)): \(error.message)")
            }
        }
        return .silent(.invalid)
    }

    /// An error's path as the person gave the value: a value from `--set` by its key as typed,
    /// items from 1 (a refused `--set` is already named so, or by the part that was wrong); a
    /// value from an answers file by its place in that file's JSON, items from 0, which is
    /// also how import, serve and the library name it, so the same answers give the same
    /// errors everywhere.
    static func pathAsRead(_ error: FieldError, numbering: ItemNumbering?, typed: [String]) -> String {
        let refusedOverride = overrideRules.contains(error.rule)
            && typed.contains { $0 == error.path || $0.hasPrefix(error.path + ".") }
        guard let numbering, !refusedOverride else { return error.path }
        let fromOne = numbering.toOne(error.path)
        let wasTyped = typed.contains { fromOne == $0 || fromOne.hasPrefix($0 + ".") || $0.hasPrefix(fromOne + ".") }
        return wasTyped ? fromOne : error.path
    }

    /// The rules an override is refused by before any validation, named by its typed key.
    static let overrideRules: Set<String> = ["answers", "file", "secure", "type", "items", "maximumItems"]

    func failure(for error: FormEngineError, numbering: ItemNumbering? = nil) -> CommandFailure {
        switch error {
        case .invalid(let errors):
            if let secure = errors.first(where: { $0.rule == "secure" }) {
                return CommandFailure(
                    "formctl: \(secure.path) is a secure field; give it in --answers, not --set (the command line shows in the process table)",
                    exitCode: .usage)
            }
            return invalid(errors, numbering: numbering)
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
            Terminal.printOut(stored.summaryJSON.jsonString())
        } else if stored.status == .draft {
            Terminal.printOut("saved draft \(stored.id)")
        } else {
            Terminal.printOut("saved submission \(stored.id)")
        }
    }
}
