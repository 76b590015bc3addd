/// One lexical unit of an expression. `column` is 1-based within the expression text.
struct ExpressionToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case int(Int)
        case double(Double)
        case string([StringSegment])
        case identifier(String)
        case symbol(Symbol)
        /// The end of the text (or of a `\(...)` interpolation).
        case end
    }

    /// A string literal is kept in segments so that `\(...)` parts are parsed as expressions.
    enum StringSegment: Sendable, Equatable {
        case text(String)
        /// The tokens of an interpolation, ending with `.end` at its closing parenthesis.
        case code([ExpressionToken])
    }

    enum Symbol: String, Sendable {
        case leftParen = "(", rightParen = ")", leftBracket = "[", rightBracket = "]"
        case comma = ",", dot = ".", optionalDot = "?.", question = "?", colon = ":"
        case bang = "!", plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
        case nilCoalescing = "??"
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case equal = "==", notEqual = "!=", and = "&&", or = "||"
        /// Closes `@{` in a property string; never valid inside an expression.
        case rightBrace = "}"
    }

    var kind: Kind
    var column: Int

    /// How the token reads in an error message.
    var display: String {
        switch kind {
        case .int(let i): return "'\(i)'"
        case .double(let d): return "'\(d)'"
        case .string: return "a string"
        case .identifier(let name): return "'\(name)'"
        case .symbol(let symbol): return "'\(symbol.rawValue)'"
        case .end: return "the end of the expression"
        }
    }
}
