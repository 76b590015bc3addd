import FormCore

/// The page's own words, by key: its buttons, the error summary, the repeat and file widgets,
/// the draft and confirmation pages. A form's own text (titles, choices, its button's title)
/// comes translated from its definition; these are the words formctl adds around it.
///
/// The English patterns are in `PageMessages+en.swift`, each other language in its own file;
/// `PageMessagesTests` checks that every language has every key with the English arguments.
enum PageMessage: String, Sendable, Hashable, CaseIterable {
    /// The submit button of a form whose definition names no button title.
    case submit
    case saveDraft
    /// The error summary above the form: `count` problems.
    case errorSummary
    /// A repeat item's remove button: `number` is the item's 1-based number.
    case removeItem
    /// A repeat's add button when the section has no `addTitle`: `section` is its title.
    case addItem
    /// The tooltip of a required field's `*`.
    case required
    /// The files a field holds already: `files`, their names and sizes.
    case attached
    case chooseFileAgain
    /// Above the form of a draft's page: `id` is the draft's.
    case draftSaved
    case draftNotFoundTitle
    case draftNotFound
    /// The confirmation page: `id` is the stored submission's.
    case saved
    case fillInAnother
    /// A post whose page token was out of date.
    case stalePage
}

/// FormServer's message table.
enum PageMessages {
    /// Every shipped language's patterns.
    static let table = MessageTable<PageMessage>([
        "en": english,
        "de": german,
        "fr": french,
        "es": spanish,
        "ar": arabic,
    ])

    /// The words for `key` in the current language (`MessageLanguage.chain`), ready for the
    /// page: HTML-escaped like every other text put into it.
    static func html(_ key: PageMessage, _ arguments: [String: MessageArgument] = [:]) -> String {
        HTML.escape(table.text(key, arguments))
    }

    /// The words for `key` in the current language, as plain text.
    static func text(_ key: PageMessage, _ arguments: [String: MessageArgument] = [:]) -> String {
        table.text(key, arguments)
    }
}
