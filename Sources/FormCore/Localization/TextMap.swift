/// A text in several languages as a definition writes it: `{"en": "Name", "de": "Name"}`.
///
/// Any value in a text position (`PropertyType.text`) that is an object is such a map; a
/// string is the same text in every language.
enum TextMap {
    /// The text of `value` in `language`: its entry for the language or a shorter form of its
    /// tag, else the default language's, else the map's first entry. A value that is no map is
    /// returned as it is; an empty map is null.
    static func resolve(_ value: FormValue, in language: LanguageTag, defaultLanguage: LanguageTag) -> FormValue {
        guard case .object(let entries) = value else { return value }
        var byTag: [LanguageTag: FormValue] = [:]
        for (name, text) in entries {
            guard let tag = LanguageTag(name), byTag[tag] == nil else { continue }
            byTag[tag] = text
        }
        for tag in language.fallbacks + defaultLanguage.fallbacks {
            if let text = byTag[tag] { return text }
        }
        return entries.values.first ?? .null
    }

    /// Whether `value` is a non-empty object of strings under language tags.
    static func isTextMap(_ value: FormValue) -> Bool {
        guard case .object(let entries) = value, !entries.isEmpty else { return false }
        return entries.allSatisfy { LanguageTag($0.key) != nil && $0.value.stringValue != nil }
    }

    /// The language tags of `value`'s entries, in the order written; none for a plain text.
    static func tags(of value: FormValue) -> [LanguageTag] {
        guard case .object(let entries) = value else { return [] }
        return entries.keys.compactMap { LanguageTag($0) }
    }
}
