import FormCore
import FormStore

extension FormEngine {
    /// Runs an action's handler for `request` (a button chosen, a boolean switched...).
    public func perform(_ request: ActionRequest, in session: FormSession, submitting: Bool = false) async throws(FormEngineError) -> ActionResult {
        guard let handler = registry.withLock({ $0.actions[request.name] }) else {
            throw .unroutedActions([ActionUse(name: request.name, path: request.elementPath)])
        }
        let element = session.fields.first { $0.path == request.elementPath || $0.key == request.elementKey }?.element
        let context = ActionContext(request: request, element: element, session: session, engine: self, isSubmitting: submitting)
        do { return try await handler(context) } catch {
            throw .actionFailed(action: request.name, message: "\(error)")
        }
    }

    /// The submit pipeline: validation of every visible field (transforms ran on input), then the
    /// submit action's handler, then one store transaction holding the definition version and the
    /// submission. Invalid input stores nothing. Secure fields are dropped before storing.
    ///
    /// `action` names the handler that submits (a button's `controllerAction`); without one, the
    /// form's only button action is used, if it has exactly one.
    @discardableResult
    public func submit(
        _ session: FormSession, form: LoadedForm, action: ActionRequest? = nil, resumingDraft draftID: Int64? = nil
    ) async throws(FormEngineError) -> StoredSubmission {
        let errors = validate(session)
        if !errors.isEmpty { throw .invalid(errors) }
        if let request = action ?? submitAction(of: session) {
            switch try await perform(request, in: session, submitting: true) {
            case .cancel(let message): throw .cancelled(action: request.name, message: message)
            case .proceed, .submit: break
            }
            // A handler may have changed values; they must still be valid.
            let after = validate(session)
            if !after.isEmpty { throw .invalid(after) }
        }
        let values = session.storableValues
        return try persist(form: form, valuesJSON: values.jsonString(), status: .final, draftID: draftID)
    }

    /// Saves what was entered so far without validating: a draft, to resume later.
    /// With `draftID`, the draft is updated in place.
    @discardableResult
    public func saveDraft(_ session: FormSession, form: LoadedForm, draftID: Int64? = nil) throws(FormEngineError) -> StoredSubmission {
        try persist(form: form, valuesJSON: session.storableValues.jsonString(), status: .draft, draftID: draftID)
    }

    /// A session for a stored draft: the form bound to `data`, with the draft's values set on top.
    public func resumeDraft(id: Int64, form: LoadedForm, data: FormValue = .emptyObject) throws(FormEngineError) -> FormSession {
        let stored: StoredSubmission?
        do { stored = try store.submission(id: id) } catch { throw .storage(String(describing: error)) }
        guard let stored else { throw .draftNotFound(id: id, reason: "no such submission") }
        guard stored.status == .draft else { throw .draftNotFound(id: id, reason: "it is final, not a draft") }
        guard stored.formName == form.name else {
            throw .draftNotFound(id: id, reason: "it belongs to form '\(stored.formName)', not '\(form.name)'")
        }
        let session = try makeSession(for: form, data: data)
        let values = (try? FormValue(json: stored.valuesJSON)) ?? .emptyObject
        _ = fill(session, with: values)
        return session
    }

    /// The form's single button action, which is what submitting it means.
    func submitAction(of session: FormSession) -> ActionRequest? {
        let buttons = session.fields.filter { $0.element.kind == .button && $0.element.controllerAction != nil && !$0.isHidden }
        guard buttons.count == 1, let button = buttons.first, let name = button.element.controllerAction else { return nil }
        return ActionRequest(name: name, elementPath: button.key ?? name, elementKey: button.key)
    }

    func persist(form: LoadedForm, valuesJSON: String, status: SubmissionStatus, draftID: Int64?) throws(FormEngineError) -> StoredSubmission {
        let definitionJSON = form.canonicalJSON
        do {
            return try store.write { transaction in
                let version = try transaction.register(formName: form.name, definitionJSON: definitionJSON)
                if let draftID {
                    guard let existing = try transaction.submission(id: draftID), existing.status == .draft else {
                        throw FormEngineError.draftNotFound(id: draftID, reason: "no draft with this id")
                    }
                    return status == .final
                        ? try transaction.finalize(id: draftID, valuesJSON: valuesJSON)
                        : try transaction.updateDraft(id: draftID, valuesJSON: valuesJSON)
                }
                return status == .final
                    ? try transaction.saveFinal(formVersionID: version.id, valuesJSON: valuesJSON)
                    : try transaction.saveDraft(formVersionID: version.id, valuesJSON: valuesJSON)
            }
        } catch let error as FormEngineError {
            throw error
        } catch {
            throw .storage(String(describing: error))
        }
    }
}
