/// What `check` says about a form's languages: a language of the form that a text map or the
/// strings lack (a warning: the person sees the default language's text there), an author's
/// message that is no message pattern or names an argument its rule does not give (an error:
/// it would show `{name}` to everyone), a translation that drops an argument the default
/// language's message uses (a warning), and `localized('key')` with a key no language has.
extension DefinitionLint {
    /// The form's languages and strings, read once per lint.
    struct Translations {
        var languages: [LanguageTag]
        var defaultLanguage: LanguageTag
        /// Every key of every language's strings.
        var stringKeys: Set<String>

        init(_ definition: FormDefinition) {
            languages = definition.languages
            defaultLanguage = definition.defaultLanguage
            stringKeys = Set(definition.stringTables.flatMap(\.texts.keys))
        }

        /// `en, de, fr`.
        var list: String { languages.map(\.description).joined(separator: ", ") }

        /// The languages none of whose fallbacks is among `tags`.
        func missing(from tags: [LanguageTag]) -> [LanguageTag] {
            languages.filter { language in !language.fallbacks.contains(where: tags.contains) }
        }
    }

    /// The element's or section's texts, `texts` by path relative to `path`.
    func lintTexts(_ texts: [(path: String, value: FormValue)], of properties: [String: FormValue], path: String, place: Place,
                   issues: inout [DefinitionIssue]) {
        for text in texts {
            let textPath = join(path, text.path)
            if case .object(let entries) = text.value {
                for (tag, entry) in entries {
                    guard case .string(let string) = entry else { continue }
                    checkExpression(string, path: join(textPath, tag), place: place, issues: &issues)
                    checkSecrets(string, path: join(textPath, tag), place: place, issues: &issues)
                }
                if let translations = place.translations, TextMap.isTextMap(text.value) {
                    for language in translations.missing(from: TextMap.tags(of: text.value)) {
                        issues.append(place.issue(.warning, .missingTranslation, path: textPath,
                                                  message: "no \"\(language)\" text (the form has \(translations.list))"))
                    }
                }
            }
            if let rule = Self.messageRule(text.path, properties) {
                checkMessage(text.value, rule: rule, path: textPath, place: place, issues: &issues)
            }
        }
    }

    /// The rule whose message stands at `path` (relative to its element), as
    /// `ValidationRule.messageArguments(for:)` names it; nil for a text that is no message.
    static func messageRule(_ path: String, _ properties: [String: FormValue]) -> String? {
        switch path {
        case "requiredMessage": return "required"
        case "patternMessage": return "patternMessage"
        default:
            guard path.hasPrefix("validate["), path.hasSuffix("].message"),
                let index = Int(path.dropFirst("validate[".count).dropLast("].message".count)),
                let rules = properties["validate"]?.arrayValue, rules.indices.contains(index)
            else { return nil }
            return rules[index]["rule"]?.stringValue
        }
    }

    /// An author's message in each of its languages: a message pattern using only the
    /// arguments its rule gives, and each translation keeping the default language's arguments.
    func checkMessage(_ value: FormValue, rule: String, path: String, place: Place, issues: inout [DefinitionIssue]) {
        let allowed = ValidationRule.messageArguments(for: rule)
        let entries: [(tag: String?, text: String)]
        switch value {
        case .string(let text): entries = [(nil, text)]
        case .object(let members): entries = members.compactMap { tag, entry in entry.stringValue.map { (tag, $0) } }
        default: return
        }
        var arguments: [String?: Set<String>] = [:]
        for (tag, text) in entries where !PropertyExpression.containsExpression(text) {
            let entryPath = tag.map { join(path, $0) } ?? path
            let pattern: MessagePattern
            do { pattern = try MessagePattern(parsing: text) } catch {
                issues.append(place.issue(.error, .invalidMessage, path: entryPath, message: "not a message pattern: \(error)"))
                continue
            }
            arguments[tag] = pattern.argumentNames
            for name in pattern.argumentNames.subtracting(allowed).sorted() {
                let given = allowed.sorted().map { "{\($0)}" }.joined(separator: ", ")
                issues.append(place.issue(.error, .invalidMessage, path: entryPath,
                                          message: "the message names {\(name)}, which this rule does not give (it gives \(given))"))
            }
        }
        guard case .object(let members) = value, let translations = place.translations else { return }
        let defaultTag = members.keys.first { LanguageTag($0).map(translations.defaultLanguage.fallbacks.contains) ?? false }
        guard let defaultTag, let used = arguments[defaultTag] else { return }
        for (tag, names) in arguments where tag != defaultTag {
            for name in used.subtracting(names).sorted() {
                issues.append(place.issue(.warning, .invalidMessage, path: join(path, tag ?? ""),
                                          message: "the translation leaves out {\(name)}, which the \"\(defaultTag)\" message uses"))
            }
        }
    }

    /// Each key of the strings that a language of the form lacks.
    func lintStrings(place: Place, stringTables: [(language: LanguageTag, texts: [String: String])], issues: inout [DefinitionIssue]) {
        guard let translations = place.translations, !stringTables.isEmpty else { return }
        var keys: [String] = []
        var seen: Set<String> = []
        for table in stringTables { for key in table.texts.keys.sorted() where seen.insert(key).inserted { keys.append(key) } }
        for language in translations.languages {
            let tables = stringTables.filter { language.fallbacks.contains($0.language) }
            let path = tables.isEmpty ? "strings" : join("strings", tables[0].language.description)
            for key in keys where !tables.contains(where: { $0.texts[key] != nil }) {
                issues.append(place.issue(.warning, .missingTranslation, path: path,
                                          message: "no \"\(language)\" text for '\(key.excerpt())' (the form has \(translations.list))"))
            }
        }
    }

    /// `localized('key')` with a key no language of the form has: it shows the key itself.
    func checkLocalizedKeys(_ expression: FormExpression, path: String, place: Place, issues: inout [DefinitionIssue]) {
        guard let translations = place.translations else { return }
        for key in expression.root.literalLocalizedKeys where !translations.stringKeys.contains(key) {
            issues.append(place.issue(.warning, .unknownName, path: path,
                                      message: "localized('\(key.excerpt())'): no language of the form has this string, so the key itself is shown"))
        }
    }
}
