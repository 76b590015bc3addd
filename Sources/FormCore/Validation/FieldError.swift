/// One value that failed validation: which field, which rule, and what the person should do.
public struct FieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field's key path, dotted with item indexes: `guests.1.email`.
    public var path: String
    /// The rule that failed: `required`, `minLength`, `email`, `matches`, a host rule's name...
    public var rule: String
    /// A message a person can act on: "must be at least 8 characters".
    public var message: String

    /// An error for the field at `path`, failing `rule`, with `message` for a person.
    public init(path: String, rule: String, message: String) {
        self.path = path
        self.rule = rule
        self.message = message
    }

    /// `KEY: message`, the form formctl prints.
    public var description: String { "\(path): \(message)" }
}

/// Several field errors at once: a submit refused as a whole.
struct ValidationFailure: Error, Sendable, CustomStringConvertible {
    var errors: [FieldError]
    init(errors: [FieldError]) { self.errors = errors }
    var description: String { errors.map(\.description).joined(separator: "\n") }
}

extension ValuePath {
    /// `guests.1.email`: the dotted form people type in `--set` and read in errors.
    package var dotted: String {
        components.map { component -> String in
            switch component {
            case .key(let key): return key
            case .index(let index): return String(index)
            case .collectionOperator(let op): return "@" + op.rawValue
            case .this: return "self"
            }
        }.joined(separator: ".")
    }
}
