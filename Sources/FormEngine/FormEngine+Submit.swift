import FormCore
import FormStore
import Secrets

extension FormEngine {
    /// The one way from answers to a stored row, for files, imports and requests: a resumed
    /// draft's values, then the answers, then the overrides; every error at once (answers that
    /// cannot be used and what validation finds, each with path, rule and message); then the
    /// submit action's handler; then one transaction storing the values (hidden and secure
    /// fields left out) against the form's version. Nothing is stored when anything failed.
    ///
    /// The form is shown and validated in the first of `request.languages` it has (a resumed
    /// draft keeps its own language when the request names none), its default otherwise; the
    /// errors' messages are in that language, and it is recorded with the row.
    @discardableResult
    public func submit(_ request: SubmissionRequest, to form: LoadedForm) async throws(FormEngineError) -> Submission {
        if request.runsActions && request.status == .final { try checkRouted(form) }
        var draft: ResumableDraft?
        if let id = request.draftID { draft = try await resumableDraft(id: id, of: form, access: request.draftAccess) }
        let language = form.language(for: request.languages, recorded: draft?.language)
        return try await form.speaking(language) { () async throws(FormEngineError) -> Submission in
            try await submit(request, to: form, resuming: draft, in: language)
        }
    }

    private func submit(_ request: SubmissionRequest, to form: LoadedForm, resuming draft: ResumableDraft?, in language: LanguageTag)
        async throws(FormEngineError) -> Submission
    {
        try Self.refuseUnresolvedFileAnswers(in: request.answers)
        var staged = request.stagedAttachments ?? StagedAttachments()
        for upload in request.attachments { try await stage(upload, for: form, into: &staged, deadline: request.deadline) }
        let compiled = try form.compiled(for: request.data, language: language)
        try Self.refuseFilesPastTheItems(staged, answers: request.answers, startingValues: draft?.values, form: compiled)
        let input = FormInput(answers: Self.answers(request.answers, placing: staged, form: compiled), overrides: request.overrides,
                              startingValues: draft?.values, timeLimit: request.timeLeft)
        let filled = compiled.fill(input, validating: request.status == .final)
        try stopIfOutOfTime(deadline: request.deadline, filled: filled)
        let held = heldReferences(in: draft?.values, of: compiled)
        var values = filled.valuesToStore
        let fileErrors = attachmentWrites(for: values, of: compiled, staged: staged, held: held).errors
        if !filled.errors.isEmpty || !fileErrors.isEmpty { throw .invalid(filled.errors + fileErrors) }
        if request.status == .final && request.runsActions,
            let action = request.action ?? submitAction(among: filled.buttonActions), !isInertDuringSubmit(action.name)
        {
            let session = filled.makeSession().owned(by: form)
            try await runSubmitAction(action, in: session)
            values = session.valuesToStore
        }
        let attachments = try checkedAttachmentWrites(for: values, of: compiled, staged: staged, held: held)
        if Task.isCancelled { throw .interrupted(step: "storing") }
        let newResumeToken = request.issuesResumeToken && request.draftID == nil && request.status == .draft ? SecretToken.make() : nil
        var stored = try await persist(form: form, values: values, status: request.status, draftID: request.draftID,
                                       resumeToken: request.draftID == nil ? newResumeToken : request.draftAccess.token,
                                       idempotency: request.idempotency?.write(values: values, notices: filled.notices),
                                       actor: request.actor, attachments: attachments, language: language)
        stored.notices = filled.notices
        stored.resumeToken = newResumeToken
        return stored
    }

    /// Submits a live session: every error at once (answers it could not use included), then
    /// the submit action's handler, then one transaction. The session is stored under its own
    /// form, at the version it was validated against; a draft it resumed is finalized. `actor`
    /// (who submits) is kept as revision 1's, as `SubmissionRequest.actor` is.
    ///
    /// A file field's value is a reference `stage` returned for a file in `attachments`, or one
    /// the resumed draft holds; any other reference is refused.
    @discardableResult
    public func submit(_ session: FormSession, action: ActionRequest? = nil, resumingDraft draftID: Int64? = nil, actor: String? = nil,
                       attachments: StagedAttachments? = nil)
        async throws(FormEngineError) -> Submission
    {
        let form = try loadedForm(of: session)
        try checkRouted(form)
        return try await form.speaking(session.language) { () async throws(FormEngineError) -> Submission in
            try await submitting(session, of: form, action: action, resumingDraft: draftID, actor: actor, attachments: attachments)
        }
    }

    private func submitting(_ session: FormSession, of form: LoadedForm, action: ActionRequest?, resumingDraft draftID: Int64?,
                            actor: String?, attachments: StagedAttachments?) async throws(FormEngineError) -> Submission
    {
        let errors = session.validate()
        let held = try await heldReferences(ofDraft: draftID, form: form)
        let fileErrors = attachmentWrites(for: session.valuesToStore, of: form.compiled, staged: attachments, held: held).errors
        if !errors.isEmpty || !fileErrors.isEmpty { throw .invalid(errors + fileErrors) }
        if let request = action ?? submitAction(among: session.buttonActions), !isInertDuringSubmit(request.name) {
            try await runSubmitAction(request, in: session)
        }
        let values = session.valuesToStore
        let writes = try checkedAttachmentWrites(for: values, of: form.compiled, staged: attachments, held: held)
        return try await persist(form: form, values: values, status: .final, draftID: draftID, actor: actor, attachments: writes,
                                 language: session.language)
    }

    /// Saves what a session holds so far, without validating: a draft, to resume later (with
    /// `draftID`, the draft is updated in place). Answers the session could not use are refused.
    /// Files as for `submit(_:action:resumingDraft:actor:attachments:)`: staged in
    /// `attachments`, or held by the draft.
    @discardableResult
    public func saveDraft(_ session: FormSession, draftID: Int64? = nil, attachments: StagedAttachments? = nil)
        async throws(FormEngineError) -> Submission
    {
        let form = try loadedForm(of: session)
        return try await form.speaking(session.language) { () async throws(FormEngineError) -> Submission in
            let values = session.valuesToStore
            let held = try await heldReferences(ofDraft: draftID, form: form)
            let (writes, fileErrors) = attachmentWrites(for: values, of: form.compiled, staged: attachments, held: held)
            let errors = session.answerErrors + fileErrors
            if !errors.isEmpty { throw .invalid(errors) }
            return try await persist(form: form, values: values, status: .draft, draftID: draftID, attachments: writes,
                                     language: session.language)
        }
    }

    /// The references a draft being resumed holds (none without one). The store checks again,
    /// in the write's transaction, that it is still a draft of this form.
    func heldReferences(ofDraft draftID: Int64?, form: LoadedForm) async throws(FormEngineError) -> Set<AttachmentReference> {
        guard let draftID else { return [] }
        let stored: StoredSubmission?
        do { stored = try await storage.submission(id: draftID) } catch { throw .storage(error) }
        guard let stored, stored.deletion == nil, stored.status == .draft, stored.formName == form.name else { return [] }
        return heldReferences(in: try values(of: stored), of: form.compiled)
    }

    /// A live session on a stored draft of `form`: the form (bound to `data` when given) with the
    /// draft's values set, in the language the draft was saved in unless `languages` names one
    /// the form has. Values the form no longer has a field for are returned as notices.
    public func resumeDraft(id: Int64, form: LoadedForm, data: FormValue? = nil, languages: LanguagePreferences = .none)
        async throws(FormEngineError) -> (session: FormSession, notices: [FieldError])
    {
        let draft = try await resumableDraft(id: id, of: form)
        try checkRouted(form)
        let language = form.language(for: languages, recorded: draft.language)
        let session = try form.compiled(for: data, language: language).makeSession().owned(by: form)
        let notices = session.apply(startingValues: draft.values)
        return (session, notices)
    }

    /// Runs an action's handler for `request` (a button chosen, a boolean switched...).
    public func perform(_ request: ActionRequest, in session: FormSession, submitting: Bool = false) async throws(FormEngineError) -> ActionResult {
        guard let handler = handler(for: request.name) else {
            throw .unroutedActions([ActionUse(name: request.name, path: request.elementPath)])
        }
        let element = session.fields.first { $0.path == request.elementPath || $0.key == request.elementKey }?.element
        let context = ActionContext(request: request, element: element, session: session, engine: self, isSubmitting: submitting)
        let result: ActionResult
        do { result = try await handler(context) } catch {
            if Task.isCancelled { throw .interrupted(step: "running action \(request.name)") }
            throw .actionFailed(action: request.name, message: "\(error)")
        }
        // A handler that returned anyway: what it decided is not acted on past the deadline.
        if Task.isCancelled { throw .interrupted(step: "running action \(request.name)") }
        return result
    }

    /// The submit action's handler, which may change values (they must still be valid) or
    /// cancel the submit.
    func runSubmitAction(_ request: ActionRequest, in session: FormSession) async throws(FormEngineError) {
        let before = session.revision
        switch try await perform(request, in: session, submitting: true) {
        case .cancel(let message): throw .cancelled(action: request.name, message: message)
        case .proceed, .submit: break
        }
        guard session.revision != before else { return }
        let after = session.validate()
        if !after.isEmpty { throw .invalid(after) }
    }

    /// The form's single button action that submits, which is what submitting it means: a
    /// Save draft, Cancel or Reset button beside it does not make the choice ambiguous.
    package func submitAction(among buttons: [ActionRequest]) -> ActionRequest? {
        let submitting = buttons.filter { !Self.actionsThatDoNotSubmit.contains($0.name) }
        return submitting.count == 1 ? submitting[0] : nil
    }

    /// The built-in actions a button may name that are no way of submitting (`saveDraft`,
    /// `cancel`, `reset`): what a page leaves out when it titles its submit button.
    public static var actionsThatDoNotSubmit: Set<String> { BuiltInActions.notSubmitting }
}
