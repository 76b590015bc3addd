/// Text that is not valid JSON, with the place a person must look at.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the offending character.
    public var line: Int
    /// 1-based column, counted in characters of the line.
    public var column: Int
    /// What was wrong there, e.g. "expected ',' or '}' after an object member".
    public var message: String

    package init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 3, column 14: expected ...`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A place in a source text, 1-based.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
