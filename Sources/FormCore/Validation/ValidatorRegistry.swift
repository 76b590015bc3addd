/// Validation rules a host registers by name, for `{"rule": "NAME"}` in a definition.
public struct ValidatorRegistry: Sendable {
    /// What a custom rule sees: the value, the rule's own options, and the other values.
    public struct Input: Sendable {
        /// The field's value, after its transforms.
        public var value: FormValue
        /// The rule's object as the definition wrote it (`{"rule": "NAME", ...}`), for options of its own.
        public var options: FormValue
        /// The key path of the field, dotted (`guests.1.email`).
        public var path: String
        /// All current form values, for rules that look across fields.
        public var values: FormValue
    }

    /// Returns nil when the value is acceptable, else a message a person can act on.
    public typealias Rule = @Sendable (Input) -> String?

    private var rules: [String: Rule] = [:]

    package init() {}

    package mutating func register(_ name: String, _ rule: @escaping Rule) {
        rules[name] = rule
    }

    package func rule(named name: String) -> Rule? { rules[name] }

    package var names: [String] { rules.keys.sorted() }
}
