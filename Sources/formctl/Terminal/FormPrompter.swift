import FormCore
import FormEngine

/// Walks a form in a terminal: sections in order, one prompt per visible input field fitted to
/// its type, repeats that grow on request, then a summary to edit, save as draft, or submit.
/// Prompts go to stderr so that stdout stays clean for `--json`.
struct FormPrompter {
    let engine: FormEngine
    let form: LoadedForm
    /// The definition's path as given, for the resume hint.
    let formPath: String
    let session: FormSession
    var draftID: Int64?
    let printJSON: Bool
    let style = Style(enabled: Terminal.colorEnabled(for: 2))

    func say(_ text: String) { Terminal.write(text + "\n", to: 2) }
    func ask(_ text: String) { Terminal.write(text, to: 2) }

    func run() async throws {
        TerminalInput.prepare()
        defer { TerminalInput.restore() }
        do {
            say(style.bold(form.definition.title ?? form.name))
            try await walk()
            try await summaryLoop()
        } catch is TerminalInput.Interrupted {
            try await saveDraftAfterInterrupt()
        } catch is TerminalInput.EndOfInput {
            try await saveDraftAfterInterrupt()
        }
    }

    /// Ctrl-C asks nothing more: what was entered is kept as a draft, and formctl exits 130.
    func saveDraftAfterInterrupt() async throws {
        TerminalInput.restore()
        say("")
        do {
            let stored = try await engine.saveDraft(session, draftID: draftID)
            say("interrupted: saved draft \(stored.id) (resume with: formctl fill \(formPath) --resume \(stored.id))")
            if printJSON { Terminal.printOut(SubmissionSummary(stored).jsonString) }
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
            let section = session.sections[sectionIndex]
            if !section.isHidden { try await walkSection(sectionIndex, section) }
            sectionIndex += 1
        }
    }

    func walkSection(_ sectionIndex: Int, _ section: SectionInfo) async throws {
        if let title = section.title { say("\n" + style.bold("== \(title) ==")) }
        var position = 0
        while true {
            let fields = session.fields.filter { $0.sectionIndex == sectionIndex && !$0.isTemplate }
            if position >= fields.count {
                guard let path = section.repeatPath, let info = session.repeats.first(where: { $0.path == path }), info.isGrowable,
                    info.maximumItems.map({ info.count < $0 }) ?? true
                else { break }
                let noun = singular(section.title ?? "item")
                guard try askYesNo("Add \(info.count == 0 ? "a" : "another") \(noun)?", default: false) else { break }
                try session.appendItem(to: path)
                continue
            }
            try await visit(fields[position])
            position += 1
        }
        if let footer = section.footer { say(style.dim("  " + footer)) }
    }

    func visit(_ field: FieldInfo) async throws {
        if field.isHidden { return }
        let element = field.element
        switch element.kind {
        case .button:
            try await offerButton(field)
        case _ where field.isComputed || !element.kind.isInput || field.path == nil || !field.isEnabled:
            showReadOnly(field)
        default:
            try promptUntilValid(field)
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
        let title = field.element.title ?? action
        guard try askYesNo("Press \"\(title)\"?", default: false) else { return }
        let request = ActionRequest(name: action, elementPath: field.path ?? field.key ?? action, elementKey: field.key)
        if action == "cancel" { throw CommandFailure("cancelled: nothing was stored", exitCode: .invalid) }
        if action == "saveDraft" { return try await saveDraftAndFinish() }
        switch try await engine.perform(request, in: session) {
        case .proceed: say(style.dim("  \(action): done"))
        case .cancel(let message): say(style.red("  \(action): \(message)"))
        case .submit: try await submitAndFinish()
        }
    }

    func singular(_ title: String) -> String {
        let lowered = title.lowercased()
        return lowered.hasSuffix("s") ? String(lowered.dropLast()) : lowered
    }
}
