import FormCore

/// The words of the fill screens (`fill` and `edit` on a terminal): prompts' hints, yes/no
/// questions, the choice lists' help, the summary and its instructions, by key.
///
/// They follow the session's language (`MessageLanguage`, set around the prompter), so the
/// screen's words, the form's text and the library's messages under a prompt agree. What a
/// command reports about its outcome (`saved submission 3`, `interrupted: saved draft 4`,
/// `quit: nothing was stored`, errors that end it) stays English: scripts and logs read it.
/// The summary's letters (s, d, q, r) are the same in every language, so a script driving a
/// terminal works in any locale; yes/no questions take the language's words and English's.
enum TerminalMessage: String, Sendable, Hashable, CaseIterable {
    // The walk
    case editingSubmission
    case question
    case addItem
    case addAnotherItem
    case addAnotherTitled
    case itemsNeeded
    case pressButton
    case actionDone
    // Yes and no
    case yesNoDefaultYes
    case yesNoDefaultNo
    case yesAnswers
    case noAnswers
    case answerYesOrNo
    case yes
    case no
    // Prompts' hints
    case example
    case hiddenInput
    case endMultiline
    case current
    case chooseOne
    case chooseMany
    case enterNumberOrLabel
    case enterNumbersOrLabels
    // Choice lists
    case listHelpOne
    case listHelpMany
    case listFilter
    case listNothingMatches
    case listMoreAbove
    case listMoreBelow
    case listNone
    // Files
    case fileHintPath
    case fileHintSize
    case fileHintFiles
    case filesNow
    case anotherFile
    case enterWhenDone
    case keepFile
    // The summary
    case summary
    case empty
    case summaryEdit
    case summaryRemove
    case summaryAdd
    case summaryDraft
    case summarySubmit
    case summarySaveEdit
    case summaryQuit
    case summaryChoose
    case summaryChooseField
    case summaryChooseRemove
    case summaryChooseAdd
    case summaryAddHint
    case removedItem
    case notSubmitted
    case notSaved
    case reasonPrompt
    case reasonControlCharacters
}

/// formctl's message table: the terminal's words in every language it ships.
enum TerminalMessages {
    static let table = MessageTable<TerminalMessage>([
        "en": english,
        "de": german,
        "fr": french,
        "es": spanish,
    ])

    /// The words for `key` in the current language (`MessageLanguage.chain`).
    static func text(_ key: TerminalMessage, _ arguments: [String: MessageArgument] = [:]) -> String {
        table.text(key, arguments)
    }

    /// `text` asked as a question: `Add a talk?`, `¿Añadir una charla?`, `Ajouter une conférence ?`.
    static func question(_ text: String) -> String {
        self.text(.question, ["text": .text(text)])
    }

    /// What a yes/no answer says: true for yes, false for no, nil for anything else. The
    /// language's words (`j`, `ja` in German) and English's (`y`, `yes`, `n`, `no`) are both
    /// taken, case and surrounding spaces aside: a person used to typing `y` is not refused.
    static func yesOrNo(_ answer: String) -> Bool? {
        let typed = answer.trimmingSpacesAndTabs.lowercased()
        if words(.yesAnswers).contains(typed) || ["y", "yes"].contains(typed) { return true }
        if words(.noAnswers).contains(typed) || ["n", "no"].contains(typed) { return false }
        return nil
    }

    /// A comma-separated list of answers in the current language, lowercased.
    static func words(_ key: TerminalMessage) -> [String] {
        text(key).split(separator: ",").map { $0.trimmingSpacesAndTabs.lowercased() }.filter { !$0.isEmpty }
    }
}

extension Substring {
    fileprivate var trimmingSpacesAndTabs: String { String(self).trimmingSpacesAndTabs }
}
