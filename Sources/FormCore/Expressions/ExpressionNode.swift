/// The syntax tree of an `@{...}` expression.
///
/// Nodes that can fail at evaluation carry the 1-based column of their operator or name, so that
/// an evaluation error points at the place that caused it. Key paths whose every step is known at
/// parse time are folded into one `.path`, which is what the caller's lookup receives.
package indirect enum ExpressionNode: Sendable, Hashable {
    /// A literal, and the constants `true`, `false`, `nil`/`null`, `visible`, `gone`.
    case literal(FormValue)
    /// `[a, b]`.
    case array([ExpressionNode])
    /// A string literal with `\(...)` parts: the display texts of the parts, joined.
    case interpolation([ExpressionNode])
    /// `user.name`, `items[0].title`: resolved by the context's lookup; missing is `nil`.
    case path(ValuePath)
    /// `.name` on a computed value (`(a ?? b).name`); missing is `nil`.
    case member(ExpressionNode, String)
    /// `base[index]` where the index is computed.
    case index(ExpressionNode, ExpressionNode, column: Int)
    /// The `count` accessor of a string, array or object.
    case count(ExpressionNode, column: Int)
    case unary(ExpressionUnaryOperator, ExpressionNode, column: Int)
    case binary(ExpressionBinaryOperator, ExpressionNode, ExpressionNode, column: Int)
    /// `condition ? then : else`.
    case conditional(ExpressionNode, ExpressionNode, ExpressionNode)
    /// `receiver.method(arguments)` from the fixed library.
    case method(ExpressionNode, ExpressionMethod, [ExpressionNode], column: Int)
    /// `String(format: format, arguments...)`.
    case format(ExpressionNode, [ExpressionNode], column: Int)
    /// `name(arguments)`: a function the host registered; resolved at evaluation.
    case function(String, [ExpressionNode], column: Int)
}

/// Prefix operators: `!` negates truthiness, `-` negates a number.
package enum ExpressionUnaryOperator: String, Sendable, Hashable {
    case not = "!"
    case negate = "-"
}

/// Infix operators, spelled as in the source; precedence lives in the parser.
package enum ExpressionBinaryOperator: String, Sendable, Hashable, CaseIterable {
    case multiply = "*", divide = "/", remainder = "%"
    case add = "+", subtract = "-"
    case nilCoalescing = "??"
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case equal = "==", notEqual = "!="
    case and = "&&", or = "||"
}

/// The fixed library of methods; nothing else can be called on a value.
package enum ExpressionMethod: String, Sendable, Hashable, CaseIterable {
    case lowercased, uppercased, trimmed, contains, hasPrefix, hasSuffix, matches
    /// SwiftJsonUI's `'key'.localized()`: the form's string for the key in its language, as
    /// `localized('key')` reads it.
    case localized

    /// How many arguments the method takes; checked at parse time.
    var arity: Int {
        switch self {
        case .lowercased, .uppercased, .trimmed, .localized: return 0
        case .contains, .hasPrefix, .hasSuffix, .matches: return 1
        }
    }
}
