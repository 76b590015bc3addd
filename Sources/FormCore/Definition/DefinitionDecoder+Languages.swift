/// The shapes of a form's languages: text maps (`{"en": "Name", "de": "Name"}`), the root's
/// `language` and its `strings` (`{"de": {"thanks": "Danke!"}}`). Each entry is checked on its
/// own, so that a bad tag or a number where a text belongs is reported at its own path.
extension DefinitionDecoder {
    /// `isRoot`: the property is the root's own (`language` and `strings` are read there only).
    mutating func checkLanguages(_ name: String, _ value: FormValue, type: PropertyType, path: String, isRoot: Bool) {
        switch type {
        case .text:
            checkTextMap(value, path: path)
        case .textArray:
            guard case .array(let items) = value else { return }
            for (index, item) in items.enumerated() { checkTextMap(item, path: "\(path)[\(index)]") }
        case .string where name == "language" && isRoot:
            guard case .string(let tag) = value, !PropertyExpression.containsExpression(tag) else { return }
            if LanguageTag(tag) == nil {
                report(.error, .invalidLanguageTag, path, "'\(tag.excerpt())' is not a language tag (such as en, de or de-CH)")
            }
        case .object where name == "strings" && isRoot:
            checkStrings(value, path: path)
        default:
            break
        }
    }

    /// A text map: at least one entry, each under a language tag and a string.
    mutating func checkTextMap(_ value: FormValue, path: String) {
        guard case .object(let entries) = value else { return }
        if entries.isEmpty {
            report(.error, .invalidText, path, "a text in several languages needs at least one, such as {\"en\": \"...\"}")
        }
        for (tag, text) in entries {
            let entryPath = join(path, tag)
            if LanguageTag(tag) == nil {
                report(.error, .invalidLanguageTag, entryPath, "'\(tag.excerpt())' is not a language tag (such as en, de or de-CH)")
            }
            if case .string = text { continue }
            report(.error, .invalidText, entryPath, "expected the text in this language, a string, found \(text.typeName)")
        }
    }

    /// `strings`: by language tag, an object of keys to strings.
    mutating func checkStrings(_ value: FormValue, path: String) {
        guard case .object(let languages) = value else { return }
        for (tag, table) in languages {
            let tablePath = join(path, tag)
            if LanguageTag(tag) == nil {
                report(.error, .invalidLanguageTag, tablePath, "'\(tag.excerpt())' is not a language tag (such as en, de or de-CH)")
            }
            guard case .object(let entries) = table else {
                report(.error, .invalidText, tablePath, "expected an object of keys to texts, found \(table.typeName)")
                continue
            }
            for (key, text) in entries {
                if case .string = text { continue }
                report(.error, .invalidText, join(tablePath, key), "expected a string, found \(text.typeName)")
            }
        }
    }
}
