/// Bounds on the values an expression builds. Each expression is small, but expressions read
/// each other: a field that is `@{f + f}` of the one before doubles at every level, and
/// without a bound 27 levels ask for gigabytes. A value past a bound is an evaluation error,
/// raised before the oversized value is built. Values read from data are not limited here:
/// only what evaluation makes.
package enum ExpressionLimits {
    /// The longest string an expression may build, in UTF-8 bytes (1 MiB).
    package static let maximumStringBytes = 1 << 20
    /// The most items an array built by an expression may have.
    package static let maximumArrayCount = 100_000
    /// The most text a session's expressions may hold at once, in UTF-8 bytes (16 MiB): each
    /// string is bounded above, but a title reading a long answer, in every item of a repeat,
    /// multiplied one request's text by the items (a 100 KB `/state` request answered 100 MB).
    package static let maximumComputedTextBytes = 16 << 20

    /// Words every limit error's message has, for callers that see evaluation errors as text
    /// (a session keeps them as descriptions).
    static let exceededPhrase = "an expression builds"

    /// Whether an evaluation error's description says a value passed one of these limits.
    static func isExceeded(_ description: String) -> Bool { description.contains(exceededPhrase) }

    /// Throws unless a string of `bytes` UTF-8 bytes is allowed.
    static func checkString(bytes: Int, column: Int?) throws(ExpressionError) {
        guard bytes <= maximumStringBytes else {
            throw .evaluation("the result would be a string of \(bytes) bytes; \(exceededPhrase) strings of at most \(ByteCount(maximumStringBytes)) (the limit)", at: column)
        }
    }

    /// Throws unless an array of `count` items is allowed.
    static func checkArray(count: Int, column: Int?) throws(ExpressionError) {
        guard count <= maximumArrayCount else {
            throw .evaluation("the result would be an array of \(count) items; \(exceededPhrase) arrays of at most \(maximumArrayCount) items (the limit)", at: column)
        }
    }

    /// `value` when within the bounds (a method's or a host function's result).
    static func checked(_ value: FormValue, column: Int?) throws(ExpressionError) -> FormValue {
        switch value {
        case .string(let text): try checkString(bytes: text.utf8.count, column: column)
        case .array(let items): try checkArray(count: items.count, column: column)
        default: break
        }
        return value
    }
}
