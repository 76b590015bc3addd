import FormCore
import FormEngine

extension EditCommand {
    /// Opens the fill summary with the stored values; `s` stores the edit (asking the reason
    /// unless --reason gave it), `q` and Ctrl-C leave the submission as it was.
    func editOnTerminal(_ engine: FormEngine, data: FormValue?) async throws {
        let opened: (session: FormSession, submission: StoredSubmission)
        do { opened = try await engine.editSession(id: id, data: data, languages: language.preferences) } catch {
            if let refused = FormInputs.dataFailure(error, dataFile: self.data) { throw refused }
            throw await RecordFailure.failure(error, id: id, doing: "edit", in: engine)
        }
        let form: LoadedForm?
        do { form = try await engine.loadForm(versionID: opened.submission.formVersionID, data: data ?? .emptyObject) } catch {
            if let refused = FormInputs.dataFailure(error, dataFile: self.data) { throw refused }
            throw await RecordFailure.failure(error, id: id, doing: "edit", in: engine)
        }
        guard let form else {
            throw CommandFailure("formctl: cannot edit submission \(id): its form version is not in \(engine.database)", exitCode: .storage)
        }
        var prompter = FormPrompter(
            engine: engine, form: form, session: opened.session, draftID: nil, printJSON: false,
            drawn: FormPrompter.drawsPrompts(accessible: accessible), asksOnlyMissing: true, hasGivenValues: false, givenErrors: [], resumeCommand: { _ in "" })
        prompter.edit = EditTarget(before: opened.submission, reason: nonEmpty(reason), actor: actor.name)
        let session = opened.session
        try await MessageLanguage.with(session.language, formDefault: form.defaultLanguage) { try await prompter.run() }
    }
}
