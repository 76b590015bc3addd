/// A form in several languages.
///
/// Any text property (titles, footers, headers, placeholders, `addTitle`, choice labels, rule
/// messages...) may be a map of language tags to strings, `{"en": "Name", "de": "Name"}`, or
/// an expression calling `localized('key')`, which reads the form's strings catalogue: the
/// root's `strings` (`{"de": {"key": "text"}}`) merged with `NAME.strings.json` beside the
/// form file. The root's `language` names the default language; English when absent.
///
/// A form is localized before it is bound (`localized(to:)`), so everything after it (binding,
/// expressions, validation, rendering) sees plain strings in one language, and what is stored
/// never depends on the language: a choice stores its value (or its index), not its label.
extension FormDefinition {
    /// The root's `language`, English when absent or not a language tag.
    public var defaultLanguage: LanguageTag {
        root.properties["language"]?.stringValue.flatMap { LanguageTag($0) } ?? .english
    }

    /// Every language the form has text in: its default first, then the tags of its text maps
    /// and of its strings catalogue, in order.
    public var languages: [LanguageTag] {
        var found = [defaultLanguage]
        var seen: Set<LanguageTag> = [defaultLanguage]
        func add(_ tags: some Sequence<LanguageTag>) {
            for tag in tags where seen.insert(tag).inserted { found.append(tag) }
        }
        forEachText { _, value in add(TextMap.tags(of: value)) }
        add(stringTables.map(\.language))
        return found
    }

    /// The language the form is shown in for `preferences`: the first preferred language the
    /// form has (looked up along each tag), else its default.
    public func language(for preferences: LanguagePreferences) -> LanguageTag {
        preferences.firstMatch(in: languages) ?? defaultLanguage
    }

    /// The form's title in `language`: what `localized(to: language).title` gives, without
    /// localizing the rest of the definition (a list of forms asks for every form's title).
    public func title(in language: LanguageTag) -> String? {
        guard let title = root.properties["title"] else { return nil }
        guard root.kind.properties["title"] == .text else { return title.displayString }
        return TextMap.resolve(title, in: language, defaultLanguage: defaultLanguage).displayString
    }

    /// The definition with every text property in `language`: a map gives its entry for the
    /// language (looked up along its tag), else the default language's, else its first. Keys,
    /// binds, values and everything else stay as written; `strings` stays for `localized()`.
    package func localized(to language: LanguageTag) -> FormDefinition {
        let defaultLanguage = self.defaultLanguage
        return mappingTexts { _, value in TextMap.resolve(value, in: language, defaultLanguage: defaultLanguage) }
    }

    /// The strings catalogue in `language`, each key looked up along the tag, then the default
    /// language: what `localized('key')` reads.
    package func strings(for language: LanguageTag) -> [String: String] {
        let order = language.fallbacks + defaultLanguage.fallbacks
        var strings: [String: String] = [:]
        // The tables nearest the language first; a key a nearer table has is not overwritten.
        for tag in order {
            for table in stringTables where table.language == tag {
                strings.merge(table.texts) { nearer, _ in nearer }
            }
        }
        return strings
    }

    /// The root's `strings`, one table per language tag as written; entries that are no tag or
    /// no text are left out (`check` reports them).
    var stringTables: [(language: LanguageTag, texts: [String: String])] {
        guard case .object(let languages)? = root.properties["strings"] else { return [] }
        return languages.compactMap { name, table in
            guard let tag = LanguageTag(name), case .object(let entries) = table else { return nil }
            var texts: [String: String] = [:]
            for (key, text) in entries { if case .string(let string) = text { texts[key] = string } }
            return (tag, texts)
        }
    }
}
