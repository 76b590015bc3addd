/// One module's messages in every language it ships, looked up along `MessageLanguage.chain`.
///
/// Each module that speaks to people keeps its own table (FormCore's `LibraryMessage`, the
/// page's and the terminal's words), so adding a language is adding one file per module:
/// `LibraryMessages+de.swift`. Patterns are ICU-style (`MessagePattern`): `{name}` for an
/// argument and `{count, plural, one {# character} other {# characters}}` for a number whose
/// words follow the language's CLDR plural rules.
package struct MessageTable<Key: Hashable & Sendable>: Sendable {
    /// The parsed patterns of each language.
    package let languages: [LanguageTag: [Key: MessagePattern]]

    /// A table from patterns as written, by language tag (`"de"`). A pattern that does not
    /// parse is kept as literal text (the catalogue tests refuse it before it ships).
    package init(_ written: [String: [Key: String]]) {
        var languages: [LanguageTag: [Key: MessagePattern]] = [:]
        for (name, patterns) in written {
            guard let tag = LanguageTag(name) else { continue }
            languages[tag] = patterns.mapValues { (try? MessagePattern(parsing: $0)) ?? MessagePattern(literal: $0) }
        }
        self.languages = languages
    }

    /// The message for `key` in the first language of the current chain that has it, with
    /// `arguments` put in and plurals chosen by that language's rules.
    package func text(_ key: Key, _ arguments: [String: MessageArgument] = [:]) -> String {
        text(key, arguments, chain: MessageLanguage.chain)
    }

    /// The message for `key` looked up along `chain`; English when no language of the chain has it.
    package func text(_ key: Key, _ arguments: [String: MessageArgument], chain: [LanguageTag]) -> String {
        for tag in chain {
            if let pattern = languages[tag]?[key] { return pattern.format(arguments, language: tag) }
        }
        return languages[.english]?[key]?.format(arguments, language: .english) ?? "\(key)"
    }

    /// The language the current chain's messages come from: what `Content-Language` says.
    package func language(for chain: [LanguageTag] = MessageLanguage.chain) -> LanguageTag {
        chain.first { languages[$0] != nil } ?? .english
    }
}

/// A value put into a message: a number (which chooses the plural form) or text.
package enum MessageArgument: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    case int(Int)
    /// A number as the person wrote or will read it: `2.50` keeps its digits.
    case decimal(String)
    case text(String)

    package init(integerLiteral value: Int) { self = .int(value) }
    package init(stringLiteral value: String) { self = .text(value) }
}
