/// Every message FormCore and FormEngine give a person about their answers, by key: what a
/// 422 lists, what the page shows beside a field and what the terminal prints under a prompt.
///
/// The English patterns are in `LibraryMessages+en.swift`, each other language in its own file;
/// `LibraryMessageCatalogueTests` checks that every language has every key, that each pattern
/// parses and that it uses the same arguments as the English one.
package enum LibraryMessage: String, Sendable, Hashable, CaseIterable {
    // A value left empty.
    case required, requiredSwitch, requiredFile

    // Text.
    case minLength, maxLength, patternMismatch, patternTimeLimit, invalidPattern, cannotBeChecked
    case lineBreakInOneLine, tabInOneLine, controlCharacter
    case textExpected

    // Numbers.
    case notANumber, numberExpected, decimalNotation, decimalNotationWithExponent
    case minimumValue, maximumValue, wholeNumber, fractionDigits, tooManyDigits

    // Dates, and the formats they are written in.
    case dateFormat, timeFormat, minimumDate, maximumDate
    case formatDate, formatTime, formatDateAndTime

    // Switches and choices.
    case booleanExpected, notAChoice, notChoices, oneChoiceOnly, noChoices

    // Rules of `validate`.
    case email, url, matches, notValid, unknownRule

    // Answers as a whole, keys and paths.
    case answersNotObject, noFieldHasKey, noFieldHasKeySuggesting, noElementHasKey, noValueHeld
    case computedCannotBeAnswered, computedCannotBeSet, secureOverride, notEnabled
    case objectExpected, listExpected
    case foundNull, foundBoolean, foundNumber, foundString, foundArray, foundObject
    case expressionFailed, expressionUnknownField, expressionFromData
    case timeLimit, droppedNoField, droppedNoLongerFits

    // Repeats.
    case minimumItems, maximumItems, fixedItems, fixedRepeat, nextItem, itemsFromOne, noItemToRemove, noRepeat, repeatsFixed
    case aboutRepeat

    // Files.
    case fileExpected, fileExpectedAnyAnswer, attachHint, noStoredFileReference, atItem
    case fileAsText, notAFileField, fileTooLarge, fileTypeRefused, anyFile, tooManyFiles, uploadTooLarge
    case imageTooLarge, imageSize, imageSide, imageSizeUnknown
    case unheldReference, unresolvedFileAnswer, fileItemOutOfReach, cannotAttach, emptyFile, unreadableFile
    case importWithFilesAllOrNothing

    // What a service or an import hands over.
    case cannotBeEncoded, malformedJSON, editWouldDrop
}

/// FormCore's message table.
package enum LibraryMessages {
    /// Every shipped language's patterns as written, by language tag: what the table parses and
    /// `LibraryMessageCatalogueTests` checks.
    static let written: [String: [LibraryMessage: String]] = [
        "en": english,
        "de": german,
        "fr": french,
        "es": spanish,
        "pl": polish,
        "ar": arabic,
    ]

    /// Every shipped language's patterns.
    package static let table = MessageTable<LibraryMessage>(written)

    /// The message for `key` in the current language (`MessageLanguage.chain`).
    package static func text(_ key: LibraryMessage, _ arguments: [String: MessageArgument] = [:]) -> String {
        table.text(key, arguments)
    }

    /// The languages the library's messages ship in, for `formctl --help`, the README and `check`.
    package static var shippedLanguages: [LanguageTag] { table.languages.keys.sorted() }
}
