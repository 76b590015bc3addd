import ArgumentParser
import FormEngine

/// `formctl edit ID`: corrects a final submission through the submit's own validation, keeping
/// the values it replaces in the submission's history with who, when and why.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Correct a stored submission; the values it had are kept in its history.",
        discussion: """
            --answers gives an object merged over the stored values (a key given replaces that \
            field, a repeat given replaces the whole repeat), --set sets one value as fill does, \
            --attach KEY=PATH replaces a file field's files (several for a field of several \
            files; {"file": PATH} answers are read from --files DIR). \
            The result is validated against the form version the submission was made with (with \
            --to-latest, against the form's latest version, and moved to it). Secure fields are \
            never stored, so they are not asked again. An edit that changes nothing stores no \
            revision. On a terminal without --answers, --set, --attach and --to-latest, the fill summary opens with the \
            stored values: a number edits that field, s saves the edit, q leaves it as it was; the \
            reason is asked when --reason was not given.
            Prints each field that changed (old -> new) and the new revision. formctl show ID \
            --history lists every revision. The edit is validated (its messages written, and on a \
            terminal its summary shown) in --lang, else the language of LC_ALL, LC_MESSAGES or \
            LANG, when the form has it, else in the language the submission was given in; the \
            new revision records it.
            Exit codes: 0 done, 1 invalid values (each error printed; nothing changed), a draft, \
            a deleted or unknown submission, or a conflict (it was edited meanwhile), 2 usage, 3 \
            the database cannot be read or written, 130 quit or interrupted on a terminal.
            """
    )

    @Argument(help: "The submission's id.")
    var id: Int64

    @Option(help: ArgumentHelp("Answers to merge over the stored values: a JSON object keyed by element key, repeats as arrays; - reads stdin.", valueName: "FILE"))
    var answers: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("Set one value, e.g. --set email=ann@example.com or --set guests.1.name=Bo.", valueName: "KEY=VALUE"))
    var sets: [String] = []

    @Option(name: .customLong("attach"), help: ArgumentHelp("Replace a file field's files, e.g. --attach slides=v2.pdf (repeatable: a field of several files takes several); other fields keep theirs.", valueName: "KEY=PATH"))
    var attachments: [String] = []

    @Option(help: ArgumentHelp("Where {\"file\": \"relative/path\"} values in --answers are read from (default: the answers file's directory, the working directory for -); no file outside DIR is read.", valueName: "DIR"))
    var files: String?

    @Option(help: ArgumentHelp("Why the submission is corrected, kept with the revision.", valueName: "TEXT"))
    var reason: String?

    @Flag(help: "Validate against the form's latest stored version and move the submission to it.")
    var toLatest = false

    @Option(help: "Data to bind the form to (JSON), as given to fill.")
    var data: String?

    @Flag(help: "Never prompt, even on a terminal.")
    var noInput = false

    @Flag(help: "On a terminal, ask line by line instead of drawing editors and lists; also FORMCTL_ACCESSIBLE=1.")
    var accessible = false

    @OptionGroup var language: LanguageOptions

    @OptionGroup var actor: ActorOptions

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        try ValueAssignments.check(sets: sets, attachments: attachments)
        if let reason { try RecordText.check(reason, option: "--reason") }
    }

    /// The summary opens only on a terminal, and only when the command gave no values.
    var isInteractive: Bool {
        !noInput && answers == nil && sets.isEmpty && attachments.isEmpty && !toLatest && Terminal.isTTY(0) && Terminal.isTTY(2)
    }

    func run() async throws {
        if !database.isPostgres { try database.requireExistingFile() }
        if answers == nil && sets.isEmpty && attachments.isEmpty && !toLatest && !isInteractive {
            throw CommandFailure(
                "formctl: edit needs --answers, --set or --attach (or --to-latest) without a terminal; on a terminal it opens the summary",
                exitCode: .usage)
        }
        let engine = try await database.openEngine()
        let boundData = try data.map { try FormInputs.loadJSON($0, what: "data") }
        if isInteractive { return try await editOnTerminal(engine, data: boundData) }
        let before = try await current(in: engine)
        let form = toLatest ? try await latestForm(of: before, in: engine, data: boundData) : nil
        var edit = SubmissionEdit(
            answers: try answers.map { try FormInputs.loadJSON($0, what: "answers") },
            overrides: sets.compactMap(FieldOverride.init(assignment:)), reason: nonEmpty(reason), actor: actor.name, form: form,
            expectedRevision: before.revision, data: boundData)
        edit.languages = language.preferences
        let edited: Submission
        do {
            try await placeFiles(in: &edit, of: before, in: engine)
            edited = try await engine.edit(id: id, edit)
        } catch {
            // Invalid values are said numbering repeat items from 1, as `--set` takes them, by
            // the form version the edit was checked against.
            var checkedBy = form
            if case .invalid = error, checkedBy == nil {
                checkedBy = try? await engine.loadForm(versionID: before.formVersionID, data: boundData ?? .emptyObject)
            }
            throw await failure(for: error, in: engine, numbering: checkedBy?.compiled.itemNumbering)
        }
        try EditReport(id: id, before: before, after: edited).print()
    }

    /// The submission as it is before the edit: its values are what the report compares with,
    /// its revision what the edit expects to replace.
    func current(in engine: FormEngine) async throws -> StoredSubmission {
        let stored: StoredSubmission?
        do { stored = try await engine.storedSubmission(id: id) } catch {
            throw await RecordFailure.failure(error, id: id, doing: "edit", in: engine)
        }
        guard let stored else { throw await RecordFailure.absent(id, in: engine) }
        return stored
    }

    /// `--attach` files and `{"file": PATH}` answers (read only from inside the files
    /// directory) as the edit's uploads.
    func placeFiles(in edit: inout SubmissionEdit, of submission: StoredSubmission, in engine: FormEngine)
        async throws(FormEngineError)
    {
        if let given = edit.answers, !given.fileAnswers().isEmpty {
            var form = edit.form
            if form == nil { form = try await engine.loadForm(versionID: submission.formVersionID, data: edit.data ?? .emptyObject) }
            guard let form else { throw .notEditable(id: submission.id, reason: "its form version \(submission.version) is not stored") }
            let root = files ?? (answers == nil || answers == "-" ? "." : LocalPath.directory(of: answers ?? "."))
            let resolved = try AttachmentDirectory(root: root).uploads(in: given, for: form)
            edit.answers = resolved.answers
            edit.attachments = resolved.uploads
        }
        for attachment in attachments.compactMap(FileAssignment.init) { edit.attachments.append(try attachment.upload()) }
    }

    func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }

    /// An invalid edit prints every error, as fill does, and says which submission kept its
    /// values; the other refusals are one line naming the submission.
    func failure(for error: FormEngineError, in engine: FormEngine, numbering: ItemNumbering? = nil) async -> CommandFailure {
        if let refused = FormInputs.dataFailure(error, dataFile: data) { return refused }
        if case .invalid(let errors) = error {
            if let secure = errors.first(where: { $0.rule == "secure" }) {
                return CommandFailure(
                    "formctl: \(secure.path) is a secure field; give it in --answers, not --set (the command line shows in the process table)",
                    exitCode: .usage)
            }
            let source = answers == "-" ? "standard input" : answers ?? "answers"
            let typed = sets.compactMap { FieldOverride(assignment: $0)?.key }
            for error in errors {
                let path = FillCommand.pathAsRead(error, numbering: numbering, typed: typed)
                Terminal.printError(error.path.isEmpty ? "\(source): \(error.message)" : "\(path): \(error.message)")
            }
            return CommandFailure(
                "formctl: submission \(id) was not changed: \(errors.count == 1 ? "1 value is" : "\(errors.count) values are") invalid",
                exitCode: .invalid)
        }
        return await RecordFailure.failure(error, id: id, doing: "edit", in: engine)
    }
}

extension EditCommand {
    /// `--to-latest`: the latest stored version of the submission's form, compiled as stored.
    func latestForm(of submission: StoredSubmission, in engine: FormEngine, data: FormValue?) async throws -> LoadedForm {
        let form: LoadedForm?
        do { form = try await engine.loadLatestForm(formName: submission.formName, data: data ?? .emptyObject) } catch {
            if let refused = FormInputs.dataFailure(error, dataFile: self.data) { throw refused }
            if case .storage(let failure) = error {
                throw CommandFailure("formctl: cannot read the latest version of form '\(submission.formName)' from \(engine.database): \(failure)",
                                     exitCode: .storage)
            }
            throw CommandFailure("formctl: cannot load the latest version of form '\(submission.formName)': \(error)", exitCode: .invalid)
        }
        guard let form else {
            throw CommandFailure("formctl: form '\(submission.formName)' has no stored version in \(engine.database)", exitCode: .storage)
        }
        return form
    }
}
