/// A rule from an element's `validate` list: `{"rule": "email", "message": "..."}`.
struct ValidationRule: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case email
        case url
        /// Equal to another field's value (`{"rule": "matches", "field": "password"}`).
        case matches(field: String)
        /// An `@{...}` test that must be true.
        case expression(test: String)
        /// A rule registered by the host under this name.
        case custom(name: String, options: FormValue)
    }

    var kind: Kind
    /// The author's message, used instead of the default when the rule fails.
    var message: String?

    var name: String {
        switch kind {
        case .email: return "email"
        case .url: return "url"
        case .matches: return "matches"
        case .expression: return "expression"
        case .custom(let name, _): return name
        }
    }

    /// Parses one entry of a `validate` list; the error message says what is wrong with it.
    init(parsing value: FormValue) throws(ValidationRuleError) {
        let entry: FormValue
        if case .string(let name) = value {
            entry = .object(["rule": .string(name)])  // "validate": ["email"] is a common shorthand
        } else {
            entry = value
        }
        guard case .object(let members) = entry else {
            throw ValidationRuleError(message: "a validate rule must be an object like {\"rule\": \"email\"}, found \(value.typeName)")
        }
        guard case .string(let name)? = members["rule"] else {
            throw ValidationRuleError(message: "a validate rule needs a \"rule\" name")
        }
        message = members["message"]?.stringValue
        switch name {
        case "email": kind = .email
        case "url": kind = .url
        case "matches":
            guard case .string(let field)? = members["field"], !field.isEmpty else {
                throw ValidationRuleError(message: "the matches rule needs a \"field\" naming the field to match")
            }
            kind = .matches(field: field)
        case "expression":
            guard case .string(let test)? = members["test"], !test.isEmpty else {
                throw ValidationRuleError(message: "the expression rule needs a \"test\" such as \"@{age >= 18}\"")
            }
            kind = .expression(test: test)
        default:
            kind = .custom(name: name, options: entry)
        }
    }

    static let builtInNames = ["email", "url", "matches", "expression"]

    /// The arguments an author's message may put in with `{name}` (the message is a
    /// `MessagePattern`, in every language): `{title}`, the field's title as shown, for every
    /// message; `{field}`, the other field's title, for `matches`; `{pattern}`, the pattern as
    /// written, for `patternMessage`. `check` refuses a message naming any other argument.
    /// `requiredMessage` and `patternMessage` are named by those property names.
    static func messageArguments(for rule: String) -> Set<String> {
        switch rule {
        case "matches": return ["title", "field"]
        case "patternMessage", "pattern": return ["title", "pattern"]
        default: return ["title"]
        }
    }
}

/// A `validate` entry that is not a rule.
struct ValidationRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }
}
