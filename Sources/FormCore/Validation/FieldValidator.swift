/// Checks one field's value against its element's rules and returns every failure.
public struct FieldValidator: Sendable {
    /// What the validator needs to know about one field at submit time.
    public struct Field: Sendable {
        public var element: Element
        public var path: ValuePath
        public var value: FormValue
        /// `required` after its expression, if any, was evaluated.
        public var isRequired: Bool
        /// The element's `validate` rules, when the caller has them parsed already.
        public var rules: [ValidationRule]?

        public init(element: Element, path: ValuePath, value: FormValue, isRequired: Bool, rules: [ValidationRule]? = nil) {
            self.element = element
            self.path = path
            self.value = value
            self.isRequired = isRequired
            self.rules = rules
        }
    }

    public var registry: ValidatorRegistry
    /// Evaluates an `expression` rule's test for a field: true passes, false fails, an error
    /// message fails with that message.
    public var evaluateTest: @Sendable (String, Field) -> Result<Bool, FieldInputError>
    /// Another field's value as seen from this one (same repeat item first), for `matches`.
    public var siblingValue: @Sendable (String, Field) -> FormValue?
    /// All current values, for host rules that look across fields.
    public var allValues: FormValue

    public init(
        registry: ValidatorRegistry, allValues: FormValue,
        evaluateTest: @escaping @Sendable (String, Field) -> Result<Bool, FieldInputError>,
        siblingValue: @escaping @Sendable (String, Field) -> FormValue?
    ) {
        self.registry = registry
        self.allValues = allValues
        self.evaluateTest = evaluateTest
        self.siblingValue = siblingValue
    }

    public func validate(_ field: Field) -> [FieldError] {
        var errors: [FieldError] = []
        let element = field.element
        let path = field.path.dotted
        func fail(_ rule: String, _ message: String, custom: String? = nil) {
            errors.append(FieldError(path: path, rule: rule, message: custom ?? message))
        }
        let value = field.value
        if Self.isEmpty(value, for: element) {
            if field.isRequired {
                fail("required", element.kind == .boolean ? "must be switched on" : "is required",
                     custom: element.properties["requiredMessage"]?.stringValue)
            }
            return errors
        }
        checkText(field, fail: fail)
        checkNumber(field, fail: fail)
        checkDate(field, fail: fail)
        checkChoice(field, fail: fail)
        for rule in field.rules ?? Self.rules(of: element) { check(rule, field, fail: fail) }
        return errors
    }

    /// Empty as a person means it: nothing, an empty or blank string, an empty list, a switch left off.
    public static func isEmpty(_ value: FormValue, for element: Element) -> Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.trimmingSpaces.isEmpty
        case .array(let items): return items.isEmpty
        case .bool(let on): return element.kind == .boolean && !on
        default: return false
        }
    }

    /// The element's `validate` list, parsed; entries that are not rules are the lint's business.
    public static func rules(of element: Element) -> [ValidationRule] {
        (element.properties["validate"]?.arrayValue ?? []).compactMap { try? ValidationRule(parsing: $0) }
    }
}
