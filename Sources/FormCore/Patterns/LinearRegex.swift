import Synchronization

/// A regular expression matched in time linear in the text, for `pattern` and `matches()`.
///
/// Definitions come from anyone, and a backtracking engine takes exponential time on patterns
/// like `(a+)+$`: one such pattern stalls a fill or a whole import. This engine simulates the
/// automaton instead (see `PatternMatcher`), so no text can make it slow. It supports what
/// validation patterns need, matched over Unicode scalars:
///
/// - literals and escapes (`\.` `\\` `\n` `\t` `\r` `\f` `\v` `\0` `\xHH` `\x{H…}` `\uHHHH` `\u{H…}`),
///   `.` (any scalar but a line break), `[...]` classes with ranges and `^` negation,
///   `\d \w \s \D \W \S` (Unicode digits, word characters, white space);
/// - `^` and `$` (the start and end of the whole text), groups `( )`, `(?: )`, `(?<name> )`,
///   alternation `|`;
/// - `* + ? {m} {m,} {m,n}` and their lazy forms (`*?`), counts up to 1000.
///
/// A pattern's cost per character of text is at most the size of its automaton, which is
/// bounded (`PatternProgram.maximumInstructions`); a pattern past it is refused.
///
/// Refused with a `PatternSyntaxError` that says why: backreferences, lookaround, atomic groups
/// and possessive quantifiers (none can be matched in linear time), `\b`, `\p{...}`, inline
/// options, nested classes and class set operations.
package struct LinearRegex: Sendable {
    /// The pattern as written.
    package let pattern: String
    let program: PatternProgram

    package init(_ pattern: String) throws(PatternSyntaxError) {
        self.pattern = pattern
        program = try PatternProgram.compile(try PatternParser.parse(pattern))
    }

    /// Whether the whole of `text` matches.
    package func wholeMatch(_ text: String) -> Bool {
        PatternMatcher(program: program).matches(text, anywhere: false)
    }

    /// Whether the whole of `text` matches, or nil when `deadline` passed before it was known.
    package func wholeMatch(_ text: String, deadline: ContinuousClock.Instant?) -> Bool? {
        PatternMatcher(program: program).matches(text, anywhere: false, deadline: deadline)
    }

    /// Whether some part of `text` matches.
    package func containsMatch(in text: String) -> Bool {
        PatternMatcher(program: program).matches(text, anywhere: true)
    }

    // MARK: Compiled once

    /// Patterns kept compiled. A form's patterns are few and reused for every value (an
    /// import checks the same pattern a million times); the table is emptied if a stream of
    /// distinct patterns (from expressions) ever fills it.
    static let cacheCapacity = 512
    private static let cache = Mutex<[String: Result<LinearRegex, PatternSyntaxError>]>([:])

    /// The compiled `pattern`, compiled at most once per process (failures included); safe
    /// from any thread.
    package static func compiled(_ pattern: String) throws(PatternSyntaxError) -> LinearRegex {
        if let known = cache.withLock({ $0[pattern] }) { return try known.get() }
        let result = Result { () throws(PatternSyntaxError) in try LinearRegex(pattern) }
        cache.withLock { table in
            if table.count >= cacheCapacity { table.removeAll(keepingCapacity: true) }
            table[pattern] = result
        }
        return try result.get()
    }
}
