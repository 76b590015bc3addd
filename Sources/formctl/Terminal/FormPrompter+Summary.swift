import FormCore
import Foundation
import FormEngine

extension FormPrompter {
    /// The summary of every answer; a number edits that field, `d` saves a draft, `s` submits,
    /// `q` quits without saving. Errors found at submit bring the summary back.
    func summaryLoop() async throws {
        while true {
            let editable = summaryFields()
            say("\n" + style.bold("Summary"))
            for (index, field) in editable.enumerated() {
                let title = itemTitle(field)
                let value = display(field.value ?? .null, for: field.element)
                say("  \(String(index + 1).leftPadded(to: 2)). \(title): \(value.isEmpty ? style.dim("(empty)") : value)")
            }
            ask("Enter a number to edit, d to save as draft, s to submit, q to quit without saving: ")
            let choice = try TerminalInput.readLine().trimmingCharacters(in: .whitespaces).lowercased()
            switch choice {
            case "s", "submit":
                if try await submitAndFinish() { return }
            case "d", "draft":
                return try await saveDraftAndFinish()
            case "q", "quit":
                throw CommandFailure("quit: nothing was stored", exitCode: .invalid)
            default:
                if let number = Int(choice), editable.indices.contains(number - 1) {
                    try promptUntilValid(editable[number - 1])
                } else {
                    say(style.red("  choose a field number, d, s or q"))
                }
            }
        }
    }

    func summaryFields() -> [FieldInfo] {
        session.fields.filter(\.isAskable)
    }

    /// Submits; on invalid values prints every error and returns false (back to the summary).
    @discardableResult
    func submitAndFinish() async throws -> Bool {
        do {
            let stored = try await engine.submit(session, resumingDraft: draftID)
            if printJSON { Terminal.printOut(SubmissionSummary(stored).jsonString) } else { Terminal.printOut("saved submission \(stored.id)") }
            return true
        } catch {
            switch error {
            case .invalid(let errors):
                say(style.red("Not submitted; please fix:"))
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
            let stored = try await engine.saveDraft(session, draftID: draftID)
            if printJSON { Terminal.printOut(SubmissionSummary(stored).jsonString) } else { Terminal.printOut("saved draft \(stored.id)") }
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
