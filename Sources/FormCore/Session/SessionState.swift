import OrderedCollections

/// One form being filled: its values and the live results that depend on them, over a shared,
/// immutable `FormStructure`. A value type, so that `FormSession` guards it with one lock and the
/// answers path (`CompiledForm.fill`) uses it with none.
struct SessionState: Sendable {
    /// The compiled form, to find the structure of another shape when a repeat grows; nil only
    /// while a structure evaluates its own initial results.
    let form: CompiledForm?
    var structure: FormStructure
    /// Items added to repeats beyond the data's own.
    var shape = RepeatShape()
    /// The data, when a person removed items the data came with (no longer a shape of the
    /// compiled form's data).
    var customData: FormValue?
    var values: FormValue
    /// Current results of live properties, by index in `structure.live`.
    var resolved: [FormValue]
    /// Runtime failures of expressions (a division by zero...), by JSON path.
    var evaluationErrors: [String: String]
    /// Evaluations since the session was made: tests count them to prove that a change
    /// re-evaluates only its dependents.
    var evaluationCount = 0
    /// Answers that could not be used, by path, until a valid value is set there. Validation
    /// reports them, so answers that produced an error can never be stored.
    var inputErrors: OrderedDictionary<String, FieldError> = [:]
    /// Grows with every change of a value or of the structure: tells a caller (the engine,
    /// around an action handler) whether anything changed without comparing values.
    var revision = 0
    /// The fields that may be disabled whose value an answer changed, by dotted path (stable
    /// when a repeat grows): checked once every answer is in (`refuseAnswersToDisabledFields`).
    var answeredMayBeDisabled: [String] = []
    /// The UTF-8 bytes of the text `resolved` holds that this session evaluated, kept within
    /// `ExpressionLimits.maximumComputedTextBytes`.
    var computedTextBytes = 0
    /// Whether an answer to such a field is recorded even when it changes nothing: in an edit,
    /// whose starting values lack what the answers give, "nothing changed" is not "the kept value".
    var recordsEveryAnswerToDisableable = false
    /// Set for answers filled in one go (`CompiledForm.fill`): properties that decide nothing
    /// stored (titles, labels) are not evaluated; `displayIsStale` says some were skipped.
    var skipsDisplayProperties = false
    /// Set while stored values are applied to start from (`apply(startingValues:)`): a
    /// computed field's stored value is passed over, since the form computes it again.
    var applyingStartingValues = false
    /// When a fill with a time limit must stop evaluating (see `FormInput.timeLimit`).
    var deadline: ContinuousClock.Instant?
    /// Set once the deadline passed: nothing is evaluated after it.
    var pastDeadline = false
    var displayIsStale = false
    /// What observers last saw of each field, while the session has observers (nil otherwise,
    /// and always for answers filled in one go): the fields a change touches are read again
    /// and compared with it.
    var observation: FieldObservation?

    init(form: CompiledForm?, structure: FormStructure) {
        self.form = form
        self.structure = structure
        values = structure.initialValues
        resolved = structure.initialResolved
        evaluationErrors = structure.initialErrors
    }

    /// The data the form is bound to, with items added or removed by the person filling it.
    var data: FormValue { customData ?? structure.data }

    var elements: [SessionElement] { structure.elements }
    var registry: FormRegistry { structure.registry }
}
