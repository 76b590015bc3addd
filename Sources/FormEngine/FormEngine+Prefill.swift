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
    /// The session is in the first of `request.languages` the form has (a resumed draft's own
    /// language when the request names none), and so are the errors' messages.
    public func makeSession(for form: LoadedForm, prefilling request: SubmissionRequest) async throws(FormEngineError) -> PrefilledSession {
        try checkRouted(form)
        var draft: ResumableDraft?
        if let id = request.draftID { draft = try await resumableDraft(id: id, of: form, access: request.draftAccess) }
        let language = form.language(for: request.languages, recorded: draft?.language)
        let compiled = try form.compiled(for: request.data, language: language)
        let input = FormInput(answers: request.answers, overrides: request.overrides, startingValues: draft?.values,
                              timeLimit: request.timeLeft)
        return try await form.speaking(language) { () throws(FormEngineError) -> PrefilledSession in
            let filled = compiled.fill(input, validating: false)
            try stopIfOutOfTime(deadline: request.deadline, filled: filled)
            return PrefilledSession(session: filled.makeSession().owned(by: form), errors: filled.errors, notices: filled.notices)
        }
    }
}
