/// What goes into a form in one go: values to start from (a draft's), answers, and overrides.
package struct FormInput: Sendable {
    /// An answers object keyed by element key, repeats as arrays of objects.
    package var answers: FormValue?
    /// Text overrides applied after the answers, in order (`--set KEY=TEXT`).
    package var overrides: [FieldOverride]
    /// Values to start from, such as a draft's: applied first, and what no longer fits the form
    /// is reported as a notice rather than an error.
    package var startingValues: FormValue?
    /// How long filling may take. Past it, nothing more is evaluated and the fill fails with one
    /// error saying so: one pathological input (a repeat of thousands of items whose every
    /// expression reads the whole repeat) cannot hold up the inputs after it.
    package var timeLimit: Duration?
    /// Secure fields left empty are not validated: an edit, whose starting values are a stored
    /// submission's (which never holds them), does not ask for them again.
    package var skipsEmptySecureFields: Bool
    /// The values a disabled field keeps (an edit's: the stored submission's), when the
    /// starting values leave some out (an edit starts without what its answers replace): a
    /// disabled field the answers did not touch gets its kept value back, and an answer to one
    /// passes when it equals that value.
    package var keptValues: FormValue?

    package init(answers: FormValue? = nil, overrides: [FieldOverride] = [], startingValues: FormValue? = nil,
                timeLimit: Duration? = nil, skipsEmptySecureFields: Bool = false) {
        self.skipsEmptySecureFields = skipsEmptySecureFields
        self.answers = answers
        self.overrides = overrides
        self.startingValues = startingValues
        self.timeLimit = timeLimit
    }
}

/// One value given as text for a key path, as a person types it (`--set guests.1.email=bo@x.io`).
public struct FieldOverride: Sendable, Hashable {
    /// The field's key path (`guests.1.email`).
    public var key: String
    /// The value as typed; read by the field's type as a person's input is.
    public var text: String

    /// `text` for the field at `key`.
    public init(key: String, text: String) {
        self.key = key
        self.text = text
    }

    /// `KEY=TEXT`; nil without an `=` or with nothing before it.
    public init?(assignment: String) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else { return nil }
        key = String(assignment[..<equals])
        text = String(assignment[assignment.index(after: equals)...])
    }
}

/// A form filled in one go from a `FormInput`: its values, and every error at once.
package struct FilledForm: Sendable {
    let form: CompiledForm
    var state: SessionState
    /// Answers that could not be used and, when validated, what validation found, in form order.
    package let errors: [FieldError]
    /// Starting values that no longer fit the form (a field a newer version lacks): reported
    /// here rather than dropped silently.
    package let notices: [FieldError]

    /// Every value, secure fields included.
    package var values: FormValue { state.values }
    /// What a store gets: visible fields, secure ones left out.
    package var valuesToStore: FormValue { state.storableValues() }
    /// `valuesToStore` as compact JSON, written without copying the values first.
    package var valuesToStoreJSON: String { state.storableValuesJSON() }
    /// Visible fields, secure ones included: what action handlers see.
    package var visibleValues: FormValue { state.submissionValues() }

    /// The actions of the visible buttons, in form order.
    package var buttonActions: [ActionRequest] { state.buttonActions() }

    /// A live session holding these values, for action handlers that read or change them.
    package func makeSession() -> FormSession {
        var live = state
        live.skipsDisplayProperties = false
        if live.displayIsStale {
            live.evaluateAll()
            live.displayIsStale = false
        }
        return FormSession(form: form, state: live)
    }
}

extension CompiledForm {
    /// Fills the form from `input` without a live session: starting values, then answers, then
    /// overrides; then, with `validating`, every visible field is validated. Pure and cheap:
    /// the structure of each shape is shared, and nothing is evaluated that the input does not
    /// touch.
    package func fill(_ input: FormInput, validating: Bool = true) -> FilledForm {
        speaking { filling(input, validating: validating) }
    }

    private func filling(_ input: FormInput, validating: Bool) -> FilledForm {
        var state = SessionState(form: self, structure: base)
        state.skipsDisplayProperties = true
        if let limit = input.timeLimit { state.deadline = ContinuousClock.now.advanced(by: limit) }
        var notices: [FieldError] = []
        if let starting = input.startingValues {
            notices = state.apply(startingValues: starting)
        }
        state.recordsEveryAnswerToDisableable = input.keptValues != nil
        if let answers = input.answers { state.apply(answers: answers) }
        for override in input.overrides {
            if let error = state.apply(override: override.key, text: override.text) { state.inputErrors[error.path] = error }
        }
        state.refuseAnswersToDisabledFields(keeping: input.keptValues)
        if state.pastDeadline, let limit = input.timeLimit {
            let error = FieldError(path: "", rule: "timeLimit",
                                   message: LibraryMessages.text(.timeLimit, ["limit": .text("\(limit)")]))
            return FilledForm(form: self, state: state, errors: [error], notices: notices)
        }
        let errors = validating ? state.validate(skippingEmptySecureFields: input.skipsEmptySecureFields) : Array(state.inputErrors.values)
        return FilledForm(form: self, state: state, errors: errors, notices: notices)
    }

    /// A starting value the form could not take, said as what happens to it.
    static func notice(_ error: FieldError) -> FieldError {
        // Read in the language the error was just made in.
        let message = error.rule == "answers" && error.message.hasPrefix(LibraryMessages.text(.noFieldHasKey))
            ? LibraryMessages.text(.droppedNoField)
            : LibraryMessages.text(.droppedNoLongerFits, ["reason": .text(error.message)])
        return FieldError(path: error.path, rule: "dropped", message: message)
    }
}
