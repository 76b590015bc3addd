import FormCore
import Foundation
import FormEngine

extension FormPrompter {
    /// The summary of every answer; a number edits that field, `r` and a number removes the
    /// repeat item the field belongs to, `d` saves a draft, `s` submits, `q` quits without saving
    /// (exit 130, as an interruption). Errors found at submit bring the summary back.
    func summaryLoop() async throws {
        while true {
            let fields = session.fields
            let editable = fields.filter(\.isAskable)
            say("\n" + style.bold(TerminalMessages.text(.summary)))
            var lastRepeat: String?
            for (index, field) in editable.enumerated() {
                if field.repeatPath != lastRepeat, let path = field.repeatPath,
                    let title = session.repeats.first(where: { $0.path == path })?.title
                {
                    say("  " + style.bold(title))
                }
                lastRepeat = field.repeatPath
                let value = display(field.value ?? .null, for: field.element)
                say("  \(String(index + 1).leftPadded(to: 2)). \(itemTitle(field, in: fields)): \(value.isEmpty ? style.dim(TerminalMessages.text(.empty)) : value)")
            }
            let removable = editable.contains { removableItem(of: $0) != nil }
            let instructions: TerminalMessage = edit == nil
                ? (removable ? .summaryPromptRemovable : .summaryPrompt)
                : (removable ? .summaryPromptEditRemovable : .summaryPromptEdit)
            let typed = try readText(TerminalMessages.text(instructions) + ": ")
            let choice = typed.trimmingSpacesAndTabs.lowercased()
            switch choice {
            case "s", "submit":
                if let edit {
                    if try await saveEditAndFinish(edit) { return }
                } else if try await submitAndFinish() {
                    return
                }
            case "d" where edit == nil, "draft" where edit == nil:
                return try await saveDraftAndFinish()
            case "q", "quit":
                throw CommandFailure(edit.map { "quit: submission \($0.before.id) was not changed" } ?? "quit: nothing was stored",
                                     exitCode: .interrupted)
            default:
                if let number = Int(choice), editable.indices.contains(number - 1) {
                    try await askField(editable[number - 1])
                } else if choice.hasPrefix("r"), let number = Int(String(choice.dropFirst()).trimmingSpacesAndTabs),
                    editable.indices.contains(number - 1), let item = removableItem(of: editable[number - 1])
                {
                    try session.removeItem(at: item.index, from: item.path)
                    say(style.dim("  " + TerminalMessages.text(.removedItem, ["number": .int(item.index + 1), "title": .text(item.title)])))
                } else {
                    let choices: TerminalMessage = edit == nil
                        ? (removable ? .summaryChooseRemovable : .summaryChoose)
                        : (removable ? .summaryChooseEditRemovable : .summaryChooseEdit)
                    say(style.red("  " + TerminalMessages.text(choices)))
                }
            }
        }
    }

    /// The repeat item a field belongs to, when a person may remove it (its repeat grows on
    /// request and keeps its minimum).
    func removableItem(of field: FieldInfo) -> (path: String, index: Int, title: String)? {
        guard let path = field.repeatPath, let index = field.itemIndex,
            let info = session.repeats.first(where: { $0.path == path }), info.isGrowable,
            info.count > (info.minimumItems ?? 0)
        else { return nil }
        return (path, index, info.title ?? path)
    }

    /// Submits; on invalid values prints every error and returns false (back to the summary).
    @discardableResult
    func submitAndFinish() async throws -> Bool {
        do {
            let files = try await attachedFiles.staged(for: session, of: form, engine: engine)
            let stored = try await engine.submit(session, resumingDraft: draftID, actor: actor, attachments: files)
            if printJSON { Terminal.printOut(stored.summaryJSON.jsonString()) } else { Terminal.printOut("saved submission \(stored.id)") }
            return true
        } catch {
            switch error {
            case .invalid(let errors):
                say(style.red(TerminalMessages.text(.notSubmitted)))
                errors.forEach { say(style.red("  \($0.path): \($0.message)")) }
                return false
            case .cancelled(let action, let message):
                say(style.red("\(action): \(message)"))
                return false
            case .storage(let error):
                throw CommandFailure("formctl: \(error)", exitCode: .storage)
            default:
                throw CommandFailure("formctl: \(error)", exitCode: .invalid)
            }
        }
    }

    func saveDraftAndFinish() async throws {
        do {
            let files = try await attachedFiles.staged(for: session, of: form, engine: engine)
            let stored = try await engine.saveDraft(session, draftID: draftID, attachments: files)
            if printJSON { Terminal.printOut(stored.summaryJSON.jsonString()) } else { Terminal.printOut("saved draft \(stored.id)") }
        } catch {
            throw CommandFailure("formctl: \(error)", exitCode: .storage)
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
