import FormEngine

/// The submission `formctl edit` opened on a terminal, and the reason for the edit: given with
/// `--reason`, else asked once when the edit is first saved and kept if validation sends the
/// person back to the summary.
final class EditTarget {
    /// The submission as it was read: its revision is the one the edit replaces.
    let before: StoredSubmission
    var reason: String?
    var reasonAsked: Bool
    let actor: String?

    init(before: StoredSubmission, reason: String?, actor: String?) {
        self.before = before
        self.reason = reason
        self.reasonAsked = reason != nil
        self.actor = actor
    }
}

extension FormPrompter {
    /// Stores the summary's values as an edit and prints what changed. Invalid values are
    /// listed and the summary comes back (false); any other refusal ends the command.
    func saveEditAndFinish(_ target: EditTarget) async throws -> Bool {
        if !target.reasonAsked {
            target.reason = try askReason()
            target.reasonAsked = true
        }
        let edited: Submission
        do {
            let files = try await attachedFiles.staged(for: session, of: form, engine: engine)
            edited = try await engine.edit(id: target.before.id, session: session, reason: target.reason, actor: target.actor,
                                           expectedRevision: target.before.revision, attachments: files)
        } catch {
            if case .invalid(let errors) = error {
                say(style.red(TerminalMessages.text(.notSaved)))
                sayNumbered(errors)
                return false
            }
            throw await RecordFailure.failure(error, id: target.before.id, doing: "edit", in: engine)
        }
        TerminalInput.restore()
        try EditReport(id: target.before.id, before: target.before, after: edited).print()
        return true
    }

    /// The reason, one line; empty is none. Control characters are refused, as `--reason` refuses them.
    func askReason() throws -> String? {
        while true {
            let typed = try readText(TerminalMessages.text(.reasonPrompt) + ": ").trimmingSpacesAndTabs
            if typed.unicodeScalars.contains(where: ControlCharacters.isControl) {
                say(style.red("  " + TerminalMessages.text(.reasonControlCharacters)))
                continue
            }
            return typed.isEmpty ? nil : typed
        }
    }
}
