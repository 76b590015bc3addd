import FormCore
import FormEngine

/// Walks a form in a terminal: sections in order, one prompt per visible input field fitted to
/// its type, repeats that grow on request, then a summary to edit, save as draft, or submit.
/// Prompts go to stderr so that stdout stays clean for `--json`.
struct FormPrompter {
    let engine: FormEngine
    let form: LoadedForm
    let session: FormSession
    var draftID: Int64?
    let printJSON: Bool
    /// Drawn prompts (line editor, arrow-key lists) or plain ones (see FormPrompter+Input).
    let drawn: Bool
    /// The session was started from answers, overrides or a draft: only fields without a value
    /// or with a wrong one are asked before the summary.
    let asksOnlyMissing: Bool
    /// Answers given that could not be used, by field path: said before the field is asked.
    let givenErrors: [String: String]
    /// The command that resumes draft N, as the person would type it.
    let resumeCommand: @Sendable (Int64) -> String
    let style = Style(enabled: Terminal.colorEnabled(for: 2))
    /// The session's revision before anything was asked: unchanged means nothing was typed.
    let startRevision: Int
    /// Values came with the command (--answers, --set): worth a draft even if nothing is typed.
    let hasGivenValues: Bool
    let pendingLine = PendingLine()
    /// Files attached at the prompts, sent with the submit or the draft.
    let attachedFiles = AttachedFiles()
    /// Set by `formctl edit`: the summary opens at once with the stored values and saves an
    /// edit of that submission; there is no draft to keep.
    var edit: EditTarget?
    /// Who submits (`fill --actor`, else the login name), kept as revision 1's in the history.
    var actor: String?

    init(engine: FormEngine, form: LoadedForm, session: FormSession, draftID: Int64?, printJSON: Bool, drawn: Bool,
         asksOnlyMissing: Bool, hasGivenValues: Bool, givenErrors: [FieldError], resumeCommand: @escaping @Sendable (Int64) -> String) {
        self.engine = engine
        self.form = form
        self.session = session
        self.draftID = draftID
        self.printJSON = printJSON
        self.drawn = drawn
        self.asksOnlyMissing = asksOnlyMissing
        self.givenErrors = Dictionary(givenErrors.map { ($0.path, $0.message) }, uniquingKeysWith: { first, _ in first })
        self.resumeCommand = resumeCommand
        self.startRevision = session.revision
        self.hasGivenValues = hasGivenValues
    }

    /// Drawn prompts need a terminal that can move the cursor and a person who wants them.
    static func drawsPrompts(accessible: Bool) -> Bool {
        if accessible { return false }
        if let value = Terminal.environment("FORMCTL_ACCESSIBLE"), !value.isEmpty, value != "0" { return false }
        let term = Terminal.environment("TERM") ?? ""
        return !term.isEmpty && term != "dumb"
    }

    func say(_ text: String) { Terminal.write(text + "\n", to: 2) }
    func ask(_ text: String) { Terminal.write(text, to: 2) }

    func run() async throws {
        TerminalInput.prepare()
        if drawn { TerminalInput.enterRawMode() }
        defer { TerminalInput.restore() }
        do {
            // The session's form, in its language: the loaded definition holds every language.
            say(style.bold(session.form.definition.title ?? form.name))
            if let edit {
                say(style.dim(TerminalMessages.text(.editingSubmission, ["id": .int(Int(edit.before.id)), "revision": .int(edit.before.revision)])))
            } else {
                try await walk()
            }
            try await summaryLoop()
        } catch is TerminalInput.Interrupted {
            try await saveDraftAfterInterrupt()
        } catch is TerminalInput.EndOfInput {
            try await saveDraftAfterInterrupt()
        }
    }

    /// Ctrl-C or Ctrl-D asks nothing more: what was entered is kept as a draft, and formctl
    /// exits 130. When nothing was typed there is nothing to keep, and no draft is made.
    func saveDraftAfterInterrupt() async throws {
        TerminalInput.restore()
        say("")
        if let edit {
            say("interrupted: submission \(edit.before.id) was not changed")
            throw CommandFailure.silent(.interrupted)
        }
        // The line being edited counts as typed when it differs from the field's value and the
        // field takes it; a value it refuses is left out rather than failing the draft.
        if let path = pendingLine.field, let text = pendingLine.text,
            text != session.fields.first(where: { $0.path == path })?.value?.displayString ?? ""
        {
            try? session.setText(text, forKey: path)
        }
        if session.revision == startRevision && !hasGivenValues {
            if let draftID {
                say("interrupted: nothing was changed; draft \(draftID) is as it was (resume with: \(resumeCommand(draftID)))")
            } else {
                say("interrupted: nothing was entered, so no draft was saved")
            }
            throw CommandFailure.silent(.interrupted)
        }
        do {
            let files = try await attachedFiles.staged(for: session, of: form, engine: engine)
            let stored = try await engine.saveDraft(session, draftID: draftID, attachments: files)
            say("interrupted: saved draft \(stored.id) (resume with: \(resumeCommand(stored.id)))")
            if printJSON { Terminal.printOut(stored.summaryJSON.jsonString()) }
        } catch {
            say(style.red("interrupted, and the draft could not be saved: \(error)"))
            throw CommandFailure.silent(.storage)
        }
        throw CommandFailure.silent(.interrupted)
    }

    // MARK: Walking the form

    func walk() async throws {
        var sectionIndex = 0
        while sectionIndex < session.sections.count {
            let sections = session.sections
            let section = sections[sectionIndex]
            // An item's page is asked with its item, in the repeat's section.
            if !section.isHidden && !Self.itemPages(session.fields, sections: sections).contains(sectionIndex) {
                try await walkSection(sectionIndex, section)
            }
            sectionIndex += 1
        }
    }

    func walkSection(_ sectionIndex: Int, _ section: SectionInfo) async throws {
        let fields = { fieldsOf(section: sectionIndex, session.fields, sections: session.sections) }
        if asksOnlyMissing && !offersItems(section) {
            // One validation for the whole section, not one per field.
            let invalid = invalidPaths()
            if !fields().contains(where: { needsAnswer($0, invalid: invalid) }) { return }
        }
        if let title = section.title { say("\n" + style.bold("== \(title) ==")) }
        // Items are added at the end: each new item's fields (its page included) are asked
        // before the next "Add another?".
        var position = 0
        while true {
            let current = fields()
            if position >= current.count {
                guard try askToAddItem(section) else { break }
                continue
            }
            try await visit(current[position])
            position += 1
        }
        if let footer = section.footer { say(style.dim("  " + footer)) }
    }

    /// The repeat a section grows, when a person may add to it now.
    func growableRepeat(_ section: SectionInfo) -> RepeatInfo? {
        guard let path = section.repeatPath, let info = session.repeats.first(where: { $0.path == path }), info.isGrowable,
            info.maximumItems.map({ info.count < $0 }) ?? true
        else { return nil }
        return info
    }

    /// Whether the walk offers to add items: always when filling from nothing; when completing
    /// given answers, only while the repeat has fewer items than it needs.
    func offersItems(_ section: SectionInfo) -> Bool {
        guard let info = growableRepeat(section) else { return false }
        return !asksOnlyMissing || info.count < (info.minimumItems ?? 0)
    }

    /// "Add a guest?" (the section's `addTitle`), else "Add an item to Steps to reproduce?".
    func askToAddItem(_ section: SectionInfo) throws -> Bool {
        guard offersItems(section), let info = growableRepeat(section) else { return false }
        let question: String
        if let addTitle = info.addTitle, !addTitle.isEmpty {
            question = info.count == 0 ? TerminalMessages.question(addTitle) : Self.another(addTitle, number: info.count + 1)
        } else {
            let name: MessageArgument = .text(section.title ?? info.path)
            question = TerminalMessages.text(info.count == 0 ? .addItem : .addAnotherItem, ["name": name])
        }
        let needed = info.count < (info.minimumItems ?? 0)
        if try !askYesNo(question, default: needed) {
            // Too few items cannot be submitted: the next one is asked rather than found
            // missing at the submit.
            guard needed, let minimum = info.minimumItems else { return false }
            let name: MessageArgument = .text(section.title ?? info.title ?? info.path)
            say(style.red("  " + TerminalMessages.text(.itemsNeeded, ["name": name, "minimum": .int(minimum), "number": .int(info.count + 1)])))
        }
        _ = try session.appendItem(to: info.path)
        return true
    }

    /// "Add a guest" → "Add another guest?"; a title of another shape (or in another language)
    /// is asked with the number of the item it would add: "Vortrag hinzufügen (Nr. 2)?".
    static func another(_ addTitle: String, number: Int) -> String {
        for article in ["Add a ", "Add an ", "add a ", "add an "] where addTitle.hasPrefix(article) {
            return TerminalMessages.question((article.first == "A" ? "Add another " : "add another ") + addTitle.dropFirst(article.count))
        }
        return TerminalMessages.text(.addAnotherTitled, ["title": .text(addTitle), "number": .int(number)])
    }

    func visit(_ field: FieldInfo) async throws {
        if field.isHidden { return }
        let element = field.element
        switch element.kind {
        case .button:
            if !asksOnlyMissing { try await offerButton(field) }
        case _ where field.isComputed || !field.takesInput || field.path == nil || !field.isEnabled:
            if !asksOnlyMissing { showReadOnly(field) }
        default:
            if asksOnlyMissing && !needsAnswer(field, invalid: invalidPaths()) { return }
            if let path = field.path, let message = givenErrors[path], session.answerErrors.contains(where: { $0.path == path }) {
                say(style.red("  \(itemTitle(field, in: session.fields)): \(message)"))
            }
            try await askField(field)
        }
    }

    /// A field the walk asks when completing given answers: no value yet, a value that was
    /// given but could not be used, or one that breaks a rule of its own.
    func needsAnswer(_ field: FieldInfo, invalid: Set<String>) -> Bool {
        guard field.isAskable, let path = field.path else { return false }
        if session.answerErrors.contains(where: { $0.path == path }) { return true }
        if field.value.map(Self.isEmpty) ?? true { return true }
        return invalid.contains(path)
    }

    /// The fields that break a rule of their own now (cross-field `matches` waits for the summary).
    func invalidPaths() -> Set<String> {
        Set(session.validate().filter { $0.rule != "matches" }.map(\.path))
    }

    static func isEmpty(_ value: FormValue) -> Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.isEmpty
        case .array(let items): return items.isEmpty
        default: return false
        }
    }

    func showReadOnly(_ field: FieldInfo) {
        let element = field.element
        let title = element.title ?? ""
        let value = display(field.value ?? element.value ?? element.properties["text"] ?? .null, for: element)
        if title.isEmpty && value.isEmpty { return }
        say("  " + (title.isEmpty ? value : value.isEmpty ? style.bold(title) : "\(title): \(value)"))
    }

    /// Buttons offer their action; `submit` is left to the summary, which submits.
    func offerButton(_ field: FieldInfo) async throws {
        guard let action = field.element.controllerAction, action != "submit" else { return }
        // The button submitting runs (the form's one submitting button) is pressed by submitting:
        // offered here too, its action ran now and again at submit (a proposal sent twice).
        if engine.submitAction(among: session.buttonActions)?.name == action { return }
        let title = field.element.title ?? action
        guard try askYesNo(TerminalMessages.text(.pressButton, ["title": .text(title)]), default: false) else { return }
        let request = ActionRequest(name: action, elementPath: field.path ?? field.key ?? action, elementKey: field.key,
                                    jsonPath: field.jsonPath ?? "")
        if action == "cancel" { throw CommandFailure("cancelled: nothing was stored", exitCode: .invalid) }
        if action == "saveDraft" { return try await saveDraftAndFinish() }
        switch try await engine.perform(request, in: session) {
        case .proceed: say(style.dim("  " + TerminalMessages.text(.actionDone, ["action": .text(action)])))
        case .cancel(let message): say(style.red("  \(action): \(message)"))
        case .submit: try await submitAndFinish()
        }
    }
}
