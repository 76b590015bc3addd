/// A message as a translator writes it, in a subset of ICU MessageFormat:
///
/// - `{name}`: an argument, put in as written;
/// - `{count, plural, =0 {no items} one {# item} other {# items}}`: a number choosing among the
///   language's CLDR plural categories (`zero`, `one`, `two`, `few`, `many`, `other`) or an
///   exact `=N`, with `#` standing for the number; `other` is required;
/// - `'{'` and `'}'` for literal braces, `''` for an apostrophe; a lone apostrophe is text
///   (French and English write them freely).
package struct MessagePattern: Sendable, Hashable {
    // SHAPE: the parsed parts (literal text, arguments, plural selections).
    let source: String

    /// Parses `text`; the error says what is wrong and at which character.
    package init(parsing text: String) throws(MessagePatternError) {
        // SHAPE: parse and keep the parts; refuse unbalanced braces, a plural with no `other`,
        // unknown categories.
        source = text
    }

    /// A pattern that is only `text`, braces and all.
    package init(literal text: String) {
        // SHAPE: one literal part.
        source = text
    }

    /// The argument names the pattern uses (`count`, `field`): what `check` compares between
    /// languages and against what a rule provides.
    package var argumentNames: Set<String> {
        // SHAPE
        []
    }

    /// The message with `arguments` put in, plural forms chosen by `language`'s rules. An
    /// argument the pattern names but `arguments` lacks is shown as `{name}`, never dropped.
    package func format(_ arguments: [String: MessageArgument], language: LanguageTag) -> String {
        // SHAPE
        source
    }
}

/// A message pattern that cannot be read.
package struct MessagePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong: "a plural needs an `other` form".
    package var message: String
    /// The 1-based character where it was found.
    package var column: Int
    package var description: String { "\(message) (at character \(column))" }
}
