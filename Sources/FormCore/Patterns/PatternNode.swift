/// The parsed form of a regular expression, before it is compiled into a program.
indirect enum PatternNode: Sendable {
    /// Matches the empty string (an empty alternative, `()`).
    case empty
    case scalar(Unicode.Scalar)
    case set(ScalarSet)
    /// `.`: any scalar but a line break.
    case anyButNewline
    /// `^`: the start of the text.
    case start
    /// `$`: the end of the text.
    case end
    case concatenation([PatternNode])
    case alternation([PatternNode])
    /// `x{min,max}`; `max` nil for no upper bound (`*`, `+`, `{m,}`).
    case repetition(PatternNode, min: Int, max: Int?)
}
