import FormCore

/// Bulk import (`formctl import`): many answer sets validated against one form, as `fill` would
/// validate them, without running action handlers.
///
/// Import runs no handlers because it replays answers that were already given elsewhere: running
/// a `submit` handler (or an external program) once per line would repeat side effects that
/// belong to the original submissions. So the routing check that `makeSession` does is skipped.
extension FormEngine {
    /// A session for importing: like `makeSession`, but an action with no handler is not an
    /// error, because import never fires actions.
    public func makeImportSession(for form: LoadedForm, data: FormValue = .emptyObject) throws(FormEngineError) -> FormSession {
        let (functions, transforms) = registry.withLock { ($0.functions, $0.transforms) }
        do {
            return try FormSession(definition: form.definition, data: data, functions: functions, transforms: transforms)
        } catch {
            throw .definition(error)
        }
    }

    /// Fills `session` with `answers` and validates it exactly as a scripted `fill` does; on
    /// success, the values a submit would store (hidden and secure fields dropped).
    ///
    /// Answers that cannot be used come first, then validation errors of fields they did not
    /// already report, so one mistake is not reported twice.
    public func prepareSubmission(_ session: FormSession, answers: FormValue) -> Result<FormValue, ValidationFailure> {
        let answerErrors = fill(session, with: answers)
        // Answers that are not an object set nothing; "is required" for every field would bury
        // the one message that matters.
        guard case .object = answers else { return .failure(ValidationFailure(errors: answerErrors)) }
        let reported = Set(answerErrors.map(\.path))
        let validationErrors = validate(session).filter { !reported.contains($0.path) }
        let errors = answerErrors + validationErrors
        if !errors.isEmpty { return .failure(ValidationFailure(errors: errors)) }
        return .success(session.storableValues)
    }
}
