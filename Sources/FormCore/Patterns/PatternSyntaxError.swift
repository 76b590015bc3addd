/// A regular expression that cannot be compiled: malformed, or using a feature formctl refuses
/// because it cannot be matched in linear time (backreferences, lookaround) or is outside the
/// documented subset.
package struct PatternSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. "backreferences (\1) are not supported".
    package var message: String
    /// 1-based position, in Unicode scalars, of the offending part of the pattern.
    package var position: Int

    package init(message: String, position: Int) {
        self.message = message
        self.position = position
    }

    package var description: String { "\(message) (at position \(position))" }
}
