import FormCore
import FormStore

/// Edits of final submissions: the submit pipeline's validation from the stored values, the
/// old revision kept in the submission's history by the same transaction that stores the new.
extension FormEngine {
    /// Edits final submission `id`: its stored values, then `edit.answers` (and the files of
    /// `edit.attachments`, each replacing its field's files), then `edit.overrides`, validated as a submit is (every error at once, `invalid`), against the
    /// version it was made with or `edit.form`. Secure fields are not asked again (their rules
    /// are skipped unless the edit gives them) and never stored. No action handler runs: an
    /// edit corrects the record, it does not submit again.
    ///
    /// Nothing is stored when anything failed, nor when the edit changes no value and no
    /// version (the submission is returned as it is). Otherwise the submission's revision grows
    /// by one and the one before is kept in its history (`history(id:)`), with `edit.actor` and
    /// `edit.reason`. An edit stored meanwhile makes this one an `editConflict`; a draft, a
    /// deleted submission or none at all is `notEditable`.
    ///
    /// The edit is validated in the first of `edit.languages` the form has, else in the
    /// language the submission was given in (its default for a submission stored before
    /// languages were recorded); that language is recorded with the new revision, and the
    /// revision kept in history keeps its own.
    @discardableResult
    public func edit(id: Int64, _ edit: SubmissionEdit) async throws(FormEngineError) -> Submission {
        let current = try await editable(id: id)
        if let expected = edit.expectedRevision, expected != current.revision {
            throw .editConflict(id: id, currentRevision: current.revision)
        }
        let form = try await form(for: current, given: edit.form)
        let language = form.language(for: edit.languages, recorded: current.language)
        return try await form.speaking(language) { () async throws(FormEngineError) -> Submission in
            try await self.edit(current, edit, form: form, in: language)
        }
    }

    private func edit(_ current: StoredSubmission, _ edit: SubmissionEdit, form: LoadedForm, in language: LanguageTag)
        async throws(FormEngineError) -> Submission
    {
        let stored = try values(of: current)
        try Self.refuseUnresolvedFileAnswers(in: edit.answers)
        var staged = edit.stagedAttachments ?? StagedAttachments()
        for upload in edit.attachments { try await stage(upload, for: form, into: &staged, deadline: edit.deadline) }
        let compiled = try form.compiled(for: edit.data, language: language)
        try Self.refuseFilesPastTheItems(staged, answers: edit.answers, startingValues: stored, form: compiled)
        // Files given are answers like any other: a field given files is replaced as a whole.
        let answers = Self.answers(edit.answers, placing: staged, form: compiled)
        var input = FormInput(answers: answers, overrides: edit.overrides,
                              startingValues: Self.removingAnswered(answers, from: stored),
                              timeLimit: edit.deadline?.timeLeft, skipsEmptySecureFields: true)
        input.keptValues = stored
        let filled = compiled.fill(input, validating: true)
        try stopIfOutOfTime(deadline: edit.deadline, filled: filled)
        let held = heldReferences(in: stored, of: compiled)
        let (attachments, fileErrors) = attachmentWrites(for: filled.valuesToStore, of: compiled, staged: staged, held: held)
        if !filled.errors.isEmpty || !fileErrors.isEmpty { throw .invalid(filled.errors + fileErrors) }
        if edit.form == nil { try Self.refuseDropping(filled.notices) }
        var edited = try await store(filled.valuesToStore, of: current, holding: stored, form: form, attachments: attachments,
                                     revision: edit.expectedRevision ?? current.revision, actor: edit.actor, reason: edit.reason,
                                     idempotency: edit.idempotency?.write(values: filled.valuesToStore, notices: filled.notices),
                                     language: language)
        edited.notices = filled.notices
        return edited
    }

    /// A live session on final submission `id` for a person to edit (the terminal's summary):
    /// the version it was made with (bound to `data` when given) holding its stored values,
    /// and the submission as read, whose `revision` `edit(id:session:reason:actor:expectedRevision:)`
    /// takes back. Secure fields start empty. The session is in the first of `languages` the
    /// form has, else in the language the submission was given in.
    public func editSession(id: Int64, data: FormValue? = nil, languages: LanguagePreferences = .none)
        async throws(FormEngineError) -> (session: FormSession, submission: StoredSubmission)
    {
        let current = try await editable(id: id)
        let form = try await form(for: current, given: nil)
        let language = form.language(for: languages, recorded: current.language)
        // No routing check, unlike `makeSession(for:)`: an edit runs no action handler.
        let session = try form.compiled(for: data, language: language).makeSession().owned(by: form)
        try Self.refuseDropping(session.apply(startingValues: try values(of: current)))
        return (session, current)
    }

    /// Stored values the form, as bound to the data given, has no field for (a data-driven
    /// section's rows, when the data is not the submission's): an edit against the same
    /// version keeps every value it does not change, so it is refused rather than dropping
    /// them. Moving to another version (`SubmissionEdit.form`) may drop what that version
    /// lacks; the history keeps it.
    static func refuseDropping(_ dropped: [FieldError]) throws(FormEngineError) {
        guard !dropped.isEmpty else { return }
        throw .invalid(dropped.map {
            FieldError(path: $0.path, rule: "dropped", message: LibraryMessages.text(.editWouldDrop))
        })
    }

    /// Stores what `session` (from `editSession(id:data:languages:)`, or any session of the submission's
    /// form) holds as an edit of final submission `id`, made from revision `expectedRevision`:
    /// validated as `edit(id:_:)` validates (secure fields left empty are not asked again),
    /// then stored as the next revision, with `actor` and `reason`; nothing is stored when no
    /// value changed. A file field's value is a file the submission holds, or a reference
    /// `stage` returned for a file in `attachments` (a file replaced or added); any other
    /// reference is refused. The session's language is recorded with the new revision.
    @discardableResult
    public func edit(id: Int64, session: FormSession, reason: String?, actor: String?, expectedRevision: Int,
                     attachments: StagedAttachments? = nil)
        async throws(FormEngineError) -> Submission
    {
        let form = try loadedForm(of: session)
        return try await form.speaking(session.language) { () async throws(FormEngineError) -> Submission in
            try await edit(id: id, session: session, of: form, reason: reason, actor: actor, expectedRevision: expectedRevision,
                           attachments: attachments)
        }
    }

    private func edit(id: Int64, session: FormSession, of form: LoadedForm, reason: String?, actor: String?, expectedRevision: Int,
                      attachments: StagedAttachments?) async throws(FormEngineError) -> Submission
    {
        let current = try await editable(id: id)
        guard form.name == current.formName else {
            throw .notEditable(id: id, reason: "it belongs to form '\(current.formName)', not '\(form.name)'")
        }
        if expectedRevision != current.revision { throw .editConflict(id: id, currentRevision: current.revision) }
        let before = try values(of: current)
        let values = session.valuesToStore
        let held = heldReferences(in: before, of: form.compiled)
        let (writes, fileErrors) = attachmentWrites(for: values, of: form.compiled, staged: attachments, held: held)
        let errors = session.validate(skippingEmptySecureFields: true) + fileErrors
        if !errors.isEmpty { throw .invalid(errors) }
        return try await store(values, of: current, holding: before, form: form, attachments: writes, revision: expectedRevision,
                               actor: actor, reason: reason, idempotency: nil, language: session.language)
    }

    /// A final, live submission, else why it cannot be edited.
    func editable(id: Int64) async throws(FormEngineError) -> StoredSubmission {
        let stored: StoredSubmission?
        do { stored = try await storage.submission(id: id) } catch { throw .storage(error) }
        guard let stored else { throw .notEditable(id: id, reason: "there is no such submission") }
        guard stored.deletion == nil else { throw .notEditable(id: id, reason: "it was deleted") }
        guard stored.status == .final else {
            throw .notEditable(id: id, reason: "it is a draft; a draft is changed as a draft, by resuming it")
        }
        return stored
    }

    /// The form an edit is validated against: `given` when it is one of the submission's form,
    /// else the version the submission was made with, from the store.
    func form(for submission: StoredSubmission, given: LoadedForm?) async throws(FormEngineError) -> LoadedForm {
        if let given {
            guard given.name == submission.formName else {
                throw .notEditable(id: submission.id, reason: "it belongs to form '\(submission.formName)', not '\(given.name)'")
            }
            return given
        }
        if let loaded = editedVersions.withLock({ $0[submission.formVersionID] }) { return loaded }
        guard let form = try await loadForm(versionID: submission.formVersionID) else {
            throw .storage(StorageError(kind: .corrupt, backend: storage.backend,
                                        message: "submission \(submission.id) names form version \(submission.formVersionID), which is not stored",
                                        database: storage.database))
        }
        editedVersions.withLock { loaded in
            if loaded.count >= Self.maximumEditedVersions { loaded.removeAll(keepingCapacity: true) }
            loaded[submission.formVersionID] = form
        }
        return form
    }

    /// Stores `values` with the files they refer to (`attachments`) as the next revision of
    /// `current` (whose values, already read, are `before`), unless they are what it holds under the same version: then nothing is
    /// written and `current` is returned.
    func store(_ values: FormValue, of current: StoredSubmission, holding before: FormValue, form: LoadedForm,
               attachments: [AttachmentWrite], revision: Int, actor: String?, reason: String?, idempotency: IdempotencyWrite?,
               language: LanguageTag) async throws(FormEngineError) -> Submission
    {
        let versionID = try await versionID(of: form)
        if versionID == current.formVersionID, FieldDifference.between(before, values).isEmpty {
            return Submission(current, values: before)
        }
        if Task.isCancelled { throw .interrupted(step: "storing") }
        let write = SubmissionEditWrite(submissionID: current.id, expectedRevision: revision, formVersionID: versionID,
                                        valuesJSON: values.jsonString(), actor: actor, reason: reason, idempotency: idempotency,
                                        attachments: attachments, language: language.description)
        do { return Submission(try await storage.edit(write), values: values) } catch {
            throw try await editRefusal(error, id: current.id)
        }
    }

    /// What the store's refusal of an edit or review means: a conflict is another edit stored
    /// meanwhile (or the submission became a draft, which it cannot), a missing row a deletion.
    func editRefusal(_ error: StorageError, id: Int64) async throws(FormEngineError) -> FormEngineError {
        switch error.kind {
        case .cancelled: return .interrupted(step: "waiting to store")
        case .notFound: return .notEditable(id: id, reason: "it was deleted")
        case .conflict:
            // The store says which conflict in its message only: the row as it is now tells.
            let now = try await editable(id: id)
            return .editConflict(id: id, currentRevision: now.revision)
        default: return .storage(error)
        }
    }

    /// The stored values without what `answers` gives: a repeat, or any field that is not an
    /// object of fields, given in the answers replaces the stored one whole, rather than the
    /// answers being laid over it item by item.
    static func removingAnswered(_ answers: FormValue?, from values: FormValue) -> FormValue {
        guard case .object(let given)? = answers, case .object(var members) = values else { return values }
        for (key, answer) in given {
            // A file's reference is an object, but one value: a file given replaces the file.
            if case .object = answer, AttachmentReference(formValue: answer) == nil, let stored = members[key], case .object = stored {
                members[key] = removingAnswered(answer, from: stored)
            } else {
                members.removeValue(forKey: key)
            }
        }
        return .object(members)
    }
}
