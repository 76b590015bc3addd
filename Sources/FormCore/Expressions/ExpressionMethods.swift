/// The fixed method library. A nil receiver gives nil, as optional chaining would
/// (`user?.name.lowercased()` on a missing user); any other wrong type is an evaluation error.
enum ExpressionMethods {
    static func call(_ method: ExpressionMethod, on receiver: FormValue, with arguments: [FormValue], column: Int,
                     deadline: ContinuousClock.Instant? = nil) throws(ExpressionError) -> FormValue {
        if receiver.isNull { return .null }
        guard arguments.count == method.arity else {
            throw .evaluation("\(method.rawValue)() takes \(method.arity) arguments, found \(arguments.count)", at: column)
        }
        if method == .contains, case .array(let items) = receiver {
            let needle = arguments[0]
            return .bool(items.contains { $0.expressionEquals(needle) })
        }
        guard case .string(let text) = receiver else {
            let what = method == .contains ? "a string or an array" : "a string"
            throw .evaluation("\(method.rawValue)() needs \(what), found \(receiver.typeName)", at: column)
        }
        switch method {
        case .lowercased: return .string(text.lowercased())
        case .uppercased: return .string(text.uppercased())
        case .trimmed: return .string(text.trimmingSpaces)
        case .localized: return .string(text)  // without the form's strings, the key itself
        case .contains, .hasPrefix, .hasSuffix, .matches:
            guard case .string(let argument) = arguments[0] else {
                throw .evaluation("\(method.rawValue)() needs a string argument, found \(arguments[0].typeName)", at: column)
            }
            switch method {
            case .contains: return .bool(argument.isEmpty || text.contains(argument))
            case .hasPrefix: return .bool(text.hasPrefix(argument))
            case .hasSuffix: return .bool(text.hasSuffix(argument))
            default: return .bool(try matches(text, pattern: argument, column: column, deadline: deadline))
            }
        }
    }

    /// Whether the whole of `text` matches `pattern` (as a `pattern` validation rule means it),
    /// in time linear in the text (`LinearRegex`). A pattern that does not compile, or uses a
    /// feature that cannot run in linear time, is an evaluation error, never a crash or a hang.
    static func matches(_ text: String, pattern: String, column: Int, deadline: ContinuousClock.Instant? = nil) throws(ExpressionError) -> Bool {
        let regex: LinearRegex
        do { regex = try LinearRegex.compiled(pattern) } catch {
            throw .evaluation("invalid regular expression '\(pattern.excerpt())': \(error)", at: column)
        }
        guard let matched = regex.wholeMatch(text, deadline: deadline) else {
            throw .evaluation("matches() was stopped at the time limit (\(text.count) characters)", at: column)
        }
        return matched
    }
}
