/// Why an expression could not be parsed or evaluated, and where.
///
/// `column` is 1-based and counts characters (what a person sees) within `source`. For an
/// expression inside a property string, `source` is the whole property string, so the caller only
/// has to add the JSON path of the property.
package struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// The text is not a valid expression; found when the definition is loaded.
        case syntax
        /// The expression is valid but failed on the values at hand (divide by zero, wrong types,
        /// unknown host function, step budget).
        case evaluation
    }

    package var kind: Kind
    package var message: String
    /// 1-based character column within `source`, when the error has a place.
    package var column: Int?
    /// The text the column counts in.
    package var source: String

    /// For host functions and callers that report expression problems of their own.
    package init(kind: Kind, message: String, column: Int?, source: String) {
        self.kind = kind
        self.message = message
        self.column = column
        self.source = source
    }

    package var description: String {
        let what = kind == .syntax ? "syntax error" : "evaluation error"
        let place = column.map { " at column \($0)" } ?? ""
        // A long expression is quoted around the column, so the message stays readable.
        return "\(what)\(place) in '\(source.excerpt(around: column))': \(message)"
    }

    static func syntax(_ message: String, at column: Int) -> ExpressionError {
        ExpressionError(kind: .syntax, message: message, column: column, source: "")
    }

    static func evaluation(_ message: String, at column: Int?) -> ExpressionError {
        ExpressionError(kind: .evaluation, message: message, column: column, source: "")
    }

    /// The same error placed in a larger text: the expression began at `offset` characters into
    /// `source` (so a column of 1 becomes `offset + 1`).
    func relocated(by offset: Int, in source: String) -> ExpressionError {
        var copy = self
        copy.column = column.map { $0 + offset }
        copy.source = source
        return copy
    }

    /// Gives a column to an error that has none yet (a step budget that ran out deep inside).
    func located(at column: Int) -> ExpressionError {
        guard self.column == nil else { return self }
        var copy = self
        copy.column = column
        return copy
    }
}
