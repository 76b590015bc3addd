/// A declared class used with a literal by one operator, and what is wrong with it, if anything.
struct DeclaredClassUse {
    /// What a literal is, as far as classes go.
    enum Kind { case text, number, bool }

    var op: ExpressionBinaryOperator
    var base: DataClass
    var kind: Kind
    var literal: FormValue

    /// Nil when the literal is `nil` (a declared name may be null, optional or not) or when
    /// the operator does not compare or compute.
    init?(op: ExpressionBinaryOperator, dataClass: DataClass, literal: FormValue) {
        switch literal {
        case .string: kind = .text
        case .int, .double: kind = .number
        case .bool: kind = .bool
        default: return nil
        }
        self.op = op
        self.base = dataClass.unwrapped.base
        self.literal = literal
    }

    /// The kinds of literal a value of the class can equal or be ordered with.
    var comparable: Set<Kind> {
        switch base {
        case .string, .date, .url: return [.text]
        case .bool: return [.bool]
        case .int, .float, .double: return [.number]
        case .any: return [.text, .number, .bool]
        case .array, .set, .dictionary, .custom, .optional: return []
        }
    }

    /// The kinds of literal the evaluator takes with a value of the class under `op`.
    var computable: Set<Kind> {
        let numeric: Set<Kind> = switch base {
        case .int, .float, .double, .any: [.number]
        default: []
        }
        guard op == .add else { return numeric }
        switch base {
        case .string, .date, .url, .any: return [.text, .number, .bool]
        case .int, .float, .double, .bool: return numeric.union([.text])
        case .array, .set, .dictionary, .custom, .optional: return []
        }
    }

    var problem: String? {
        let shown = "\(literal.jsonString().excerpt())"
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard !comparable.contains(kind) else { return nil }
            let outcome = op == .equal ? "is never true" : op == .notEqual ? "is always true" : "fails whenever it has a value"
            return "\(op.rawValue) \(shown) compares it with \(kind.noun) and \(outcome)"
        case .add, .subtract, .multiply, .divide, .remainder:
            guard !computable.contains(kind) else { return nil }
            return "\(op.rawValue) \(shown) combines it with \(kind.noun) and fails whenever it has a value"
        case .and, .or, .nilCoalescing:
            return nil
        }
    }
}

extension DeclaredClassUse.Kind {
    var noun: String {
        switch self {
        case .text: return "a text"
        case .number: return "a number"
        case .bool: return "a boolean"
        }
    }
}
