import TestSupport
import Testing

@testable import FormCore

/// What `check` says about a form's languages, each issue at its path.
@Suite struct TranslationCheckTests {
    static func checked(_ json: String) throws -> [DefinitionIssue] {
        DefinitionCheck().issues(in: try FormDefinition(json: json))
    }

    @Test func feedbackIsCompleteInEveryLanguage() throws {
        let loaded = try DefinitionLoader().load(path: RepositoryFiles.path("forms/feedback.json"))
        #expect(loaded.warnings.isEmpty)
        #expect(DefinitionCheck().issues(in: loaded.definition).map(\.description) == [])
    }

    @Test func aLanguageMissingATextIsAWarningNamingPathAndLanguage() throws {
        let issues = try Self.checked(#"""
            {"title": {"en": "Trip", "de": "Reise", "fr": "Voyage"},
             "sections": [{"title": {"en": "You", "de": "Sie"},
                           "elements": [{"type": "radio", "key": "r", "items": [{"en": "Yes", "de": "Ja", "fr": "Oui"}, {"en": "No"}]},
                                        {"type": "entry", "key": "e", "placeholder": {"en": "x", "de-CH": "y", "fr": "z"}},
                                        {"type": "entry", "key": "plain", "title": "Same in every language"}]}]}
            """#)
        let missing = issues.filter { $0.code == .missingTranslation }
        #expect(missing.map(\.severity) == Array(repeating: .warning, count: missing.count))
        #expect(missing.map { "\($0.path): \($0.message)" } == [
            #"sections[0].title: no "fr" text (the form has en, de, fr, de-CH)"#,
            #"sections[0].elements[0].items[1]: no "de" text (the form has en, de, fr, de-CH)"#,
            #"sections[0].elements[0].items[1]: no "fr" text (the form has en, de, fr, de-CH)"#,
            #"sections[0].elements[0].items[1]: no "de-CH" text (the form has en, de, fr, de-CH)"#,
            // de-CH is a German of its own (the title's de serves it); German elsewhere gets English.
            #"sections[0].elements[1].placeholder: no "de" text (the form has en, de, fr, de-CH)"#,
        ])
    }

    @Test func aKeyOfStringsSomeLanguageLacksIsAWarning() throws {
        let issues = try Self.checked(#"""
            {"title": {"en": "Trip", "de": "Reise"}, "strings": {"en": {"hi": "Hi", "bye": "Bye"}, "de": {"hi": "Hallo"}},
             "sections": [{"footer": "@{localized('bye')}", "elements": [{"type": "label", "title": "@{'gone'.localized()}"}]}]}
            """#)
        #expect(issues.filter { $0.code == .missingTranslation }.map { "\($0.path): \($0.message)" } == [
            #"strings.de: no "de" text for 'bye' (the form has en, de)"#,
        ])
        let unknown = issues.filter { $0.code == .unknownName }
        #expect(unknown.map(\.path) == ["sections[0].elements[0].title"])
        #expect(unknown.first?.severity == .warning)
        #expect(unknown.first?.message.contains("localized('gone')") == true)
    }

    @Test func authorMessagesArePatternsWithTheirRulesArguments() throws {
        let json = #"""
            {"sections": [{"elements": [
              {"type": "entry", "key": "a", "required": true,
               "requiredMessage": {"en": "{title} is needed", "de": "{titel} fehlt"},
               "pattern": "[0-9]+", "patternMessage": {"en": "{title} must match {pattern}", "de": "{title} stimmt nicht"}},
              {"type": "entry", "key": "b", "validate": [
                {"rule": "matches", "field": "a", "message": "must equal {field}"},
                {"rule": "email", "message": {"en": "must be an address {", "de": "{count, plural, one {# Fehler} other {# Fehler}}"}}]}
            ]}]}
            """#
        let issues = try Self.checked(json).filter { $0.code == .invalidMessage }
        let described = issues.map { "\($0.severity.rawValue) \($0.path): \($0.message)" }
        #expect(described.contains("error sections[0].elements[0].requiredMessage.de: the message names {titel}, which this rule does not give (it gives {title})"))
        #expect(described.contains(#"warning sections[0].elements[0].requiredMessage.de: the translation leaves out {title}, which the "en" message uses"#))
        #expect(described.contains(#"warning sections[0].elements[0].patternMessage.de: the translation leaves out {pattern}, which the "en" message uses"#))
        #expect(described.contains { $0.hasPrefix("error sections[0].elements[1].validate[1].message.en: not a message pattern: ") })
        #expect(described.contains("error sections[0].elements[1].validate[1].message.de: the message names {count}, which this rule does not give (it gives {title})"))
        // {field} is what matches gives; {pattern} is what patternMessage gives.
        #expect(!described.contains { $0.contains("validate[0]") || $0.contains("patternMessage.en") })
        #expect(issues.count == 5)
        // Compiling refuses what check calls an error.
        let error = try #require(throws: DefinitionError.self) { try CompiledForm(definition: FormDefinition(json: json)) }
        #expect(error.issues.filter { $0.code == .invalidMessage }.count == 3)
    }

    @Test func badTagsEmptyMapsAndNonStringsAreErrorsAtTheirPaths() {
        let issues = definitionIssues(#"""
            {"language": "english!", "title": {"en": "A", "xx yy": "B"},
             "strings": {"de": {"k": 1}, "1x": {}},
             "sections": [{"footer": {}, "elements": [{"type": "entry", "key": "e", "placeholder": {"de": ["x"]}},
                                                      {"type": "radio", "key": "r", "items": [{"en": 2}]}]}]}
            """#)
        #expect(issues.filter(\.isError).map { "\($0.code.rawValue) \($0.path)" }.sorted() == [
            "invalidLanguageTag language",
            "invalidLanguageTag strings.1x",
            "invalidLanguageTag title.xx yy",
            "invalidText sections[0].elements[0].placeholder.de",
            "invalidText sections[0].elements[1].items[0].en",
            "invalidText sections[0].footer",
            "invalidText strings.de.k",
        ])
    }

    @Test func aTranslationReadingASecretIsRefusedAsThePlainTextIs() throws {
        let issues = try Self.checked(#"""
            {"sections": [{"elements": [{"type": "entry", "key": "pin", "secureTextEntry": true},
                                        {"type": "label", "title": {"en": "Hello", "de": "PIN @{pin}"}}]}]}
            """#)
        #expect(issues.filter { $0.code == .secretExposed }.map(\.path) == ["sections[0].elements[1].title.de"])
    }
}
