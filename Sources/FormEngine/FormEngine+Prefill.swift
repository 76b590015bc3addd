import FormCore

/// A live session started from what a request already gives, for a person to finish: a
/// terminal or a web page asks only for what is missing or wrong, then submits the session.
public struct PrefilledSession: Sendable {
    /// The session, with every usable answer, override and draft value already set.
    public let session: FormSession
    /// Answers and overrides that could not be used (wrong type, not a choice...): the fields to
    /// ask again, with what was wrong.
    public let errors: [FieldError]
    /// Values of a resumed draft that the form no longer has a field for.
    public let notices: [FieldError]
}

extension FormEngine {
    /// A session holding `request`'s draft values, answers and overrides, applied in that order
    /// by the same fill a submit uses, but without validating: the person filling it in is
    /// asked next. Every action the form names must have a handler, as for `makeSession`.
    public func makeSession(for form: LoadedForm, prefilling request: SubmissionRequest) async throws(FormEngineError) -> PrefilledSession {
        try checkRouted(form)
        var draftValues: FormValue?
        if let id = request.draftID { draftValues = try await resumableDraft(id: id, of: form, access: request.draftAccess).values }
        let compiled = try form.compiled(for: request.data)
        let input = FormInput(answers: request.answers, overrides: request.overrides, startingValues: draftValues,
                              timeLimit: request.timeLeft)
        let filled = compiled.fill(input, validating: false)
        try stopIfOutOfTime(deadline: request.deadline, filled: filled)
        return PrefilledSession(session: filled.makeSession().owned(by: form), errors: filled.errors, notices: filled.notices)
    }
}
