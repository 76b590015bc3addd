/// Every message FormCore and FormEngine give a person about their answers, by key: what a
/// 422 lists, what the page shows beside a field and what the terminal prints under a prompt.
///
/// The English patterns are in `LibraryMessages+en.swift`, each other language in its own file;
/// `LibraryMessageCatalogueTests` checks that every language has every key, that each pattern
/// parses and that it uses the same arguments as the English one.
package enum LibraryMessage: String, Sendable, Hashable, CaseIterable {
    // SHAPE: one case per message; the messages slice lists them all.
    case required
    case minLength
}

/// FormCore's message table.
package enum LibraryMessages {
    /// Every shipped language's patterns.
    package static let table = MessageTable<LibraryMessage>([
        "en": english,
        // SHAPE: "de": german, "fr": french, "es": spanish, "pl": polish ...
    ])

    /// The message for `key` in the current language (`MessageLanguage.chain`).
    package static func text(_ key: LibraryMessage, _ arguments: [String: MessageArgument] = [:]) -> String {
        table.text(key, arguments)
    }

    /// The languages the library's messages ship in, for `formctl --help`, the README and `check`.
    package static var shippedLanguages: [LanguageTag] { table.languages.keys.sorted() }
}
