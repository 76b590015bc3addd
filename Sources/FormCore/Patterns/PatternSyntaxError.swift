/// A regular expression that cannot be compiled: malformed, or using a feature formctl refuses
/// because it cannot be matched in linear time (backreferences, lookaround) or is outside the
/// documented subset.
public struct PatternSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. "backreferences (\1) are not supported".
    public var message: String
    /// 1-based position, in Unicode scalars, of the offending part of the pattern.
    public var position: Int

    public init(message: String, position: Int) {
        self.message = message
        self.position = position
    }

    public var description: String { "\(message) (at position \(position))" }
}
