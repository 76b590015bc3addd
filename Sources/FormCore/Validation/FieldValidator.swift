/// Checks one field's value against its element's rules and returns every failure.
struct FieldValidator: Sendable {
    /// What the validator needs to know about one field at submit time.
    struct Field: Sendable {
        var path: ValuePath
        var value: FormValue
        /// `required` after its expression, if any, was evaluated.
        var isRequired: Bool
        /// What validation reads from the element (its rules, bounds, choices).
        var constraints: FieldConstraints
        /// The field's element in a session's structure, when a session validates it: its
        /// tests and siblings are then found without looking its path up.
        var element: Int?

        init(element: Element, path: ValuePath, value: FormValue, isRequired: Bool) {
            self.init(constraints: FieldConstraints(element), path: path, value: value, isRequired: isRequired)
        }

        /// A field whose element was read already: the constraints are shared, not copied.
        init(constraints: FieldConstraints, path: ValuePath, value: FormValue, isRequired: Bool) {
            self.constraints = constraints
            self.path = path
            self.value = value
            self.isRequired = isRequired
        }
    }

    var registry: ValidatorRegistry
    /// Evaluates an `expression` rule's test for a field: true passes, false fails, an error
    /// message fails with that message.
    var evaluateTest: @Sendable (String, Field) -> Result<Bool, FieldInputError>
    /// Another field's value as seen from this one (same repeat item first), for `matches`.
    var siblingValue: @Sendable (String, Field) -> FormValue?
    /// All current values, for host rules that look across fields.
    var allValues: FormValue
    /// A rule's `message` written with `@{...}`, evaluated for the field; nil keeps the rule's
    /// own message. Without it, messages are used as written.
    var evaluateMessage: (@Sendable (String, Field) -> String?)?
    /// A field's title as shown (the field's own for nil, else the field a `matches` rule names,
    /// as seen from this one): the `{title}` and `{field}` of an author's message. Without it,
    /// key paths stand in.
    var fieldTitle: (@Sendable (String?, Field) -> String)?
    /// When a fill with a time limit must stop: matching a `pattern` stops there, and the field
    /// fails with the `timeLimit` rule rather than holding up what comes after it.
    var deadline: ContinuousClock.Instant?

    init(
        registry: ValidatorRegistry, allValues: FormValue,
        evaluateTest: @escaping @Sendable (String, Field) -> Result<Bool, FieldInputError>,
        siblingValue: @escaping @Sendable (String, Field) -> FormValue?
    ) {
        self.registry = registry
        self.allValues = allValues
        self.evaluateTest = evaluateTest
        self.siblingValue = siblingValue
    }

    func validate(_ field: Field) -> [FieldError] {
        var errors: [FieldError] = []
        let constraints = field.constraints
        func fail(_ rule: String, _ message: String, custom: String? = nil) {
            errors.append(FieldError(path: field.path.dotted, rule: rule, message: custom ?? message))
        }
        if Self.isEmpty(field.value, for: constraints.kind) {
            if field.isRequired {
                let key: LibraryMessage = constraints.kind == .boolean ? .requiredSwitch : constraints.kind.holdsFiles ? .requiredFile : .required
                fail("required", LibraryMessages.text(key), custom: authorMessage(constraints.requiredMessage, for: field))
            }
            return errors
        }
        checkText(field, constraints, fail: fail)
        checkNumber(field, constraints, fail: fail)
        checkDate(field, constraints, fail: fail)
        checkChoice(field, constraints, fail: fail)
        if let rules = constraints.fileRules { errors += Self.fileErrors(field.value, rules: rules, path: field.path.dotted) }
        for rule in constraints.rules { check(rule, field, fail: fail) }
        return errors
    }

    /// Empty as a person means it: nothing, an empty or blank string, an empty list, a switch left off.
    static func isEmpty(_ value: FormValue, for element: Element) -> Bool { isEmpty(value, for: element.kind) }

    static func isEmpty(_ value: FormValue, for kind: ElementKind) -> Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.isBlank
        case .array(let items): return items.isEmpty
        case .bool(let on): return kind == .boolean && !on
        default: return false
        }
    }

    /// The element's `validate` list, parsed; entries that are not rules are the lint's business.
    static func rules(of element: Element) -> [ValidationRule] {
        (element.properties["validate"]?.arrayValue ?? []).compactMap { try? ValidationRule(parsing: $0) }
    }
}
