import FormCore

extension LoadedForm {
    /// The language to go on in with a stored draft or submission: the first of `preferences`
    /// the form has when the caller names any, else the language it was stored in (when the
    /// form still has it), else the form's default. A draft resumed without preferences keeps
    /// speaking the language it was started in; one resumed with them follows the person.
    func language(for preferences: LanguagePreferences, recorded: String?) -> LanguageTag {
        if !preferences.tags.isEmpty { return language(for: preferences) }
        guard let recorded, let tag = LanguageTag(recorded) else { return defaultLanguage }
        return language(for: LanguagePreferences([tag]))
    }

    /// Runs `body` with the library's messages in `language`, falling back to the form's default.
    func speaking<T: Sendable, E: Error>(_ language: LanguageTag, _ body: () async throws(E) -> T) async throws(E) -> T {
        try await MessageLanguage.with(language, formDefault: defaultLanguage, body)
    }
}
