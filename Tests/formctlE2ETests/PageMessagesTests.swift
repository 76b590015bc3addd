import FormCore
@testable import FormServer
import Testing

/// The page's words: every shipped language has every key, each pattern parses and names the
/// English pattern's arguments, and the error summary's count takes each language's plural form.
struct PageMessagesTests {
    static let shipped = ["en", "de", "fr", "es", "ar"].compactMap { LanguageTag($0) }

    @Test func everyLanguageHasEveryKeyWithTheEnglishArguments() throws {
        #expect(Set(PageMessages.table.languages.keys) == Set(Self.shipped))
        let english = try #require(PageMessages.table.languages[.english])
        for language in Self.shipped {
            let patterns = try #require(PageMessages.table.languages[language])
            for key in PageMessage.allCases {
                let pattern = try #require(patterns[key], "\(language) has no \(key)")
                #expect(pattern.argumentNames == english[key]?.argumentNames, "\(language) \(key)")
            }
        }
        let written: [String: [PageMessage: String]] = [
            "en": PageMessages.english, "de": PageMessages.german, "fr": PageMessages.french, "es": PageMessages.spanish, "ar": PageMessages.arabic,
        ]
        for (language, patterns) in written {
            for (key, text) in patterns {
                #expect(throws: Never.self, "\(language) \(key)") { _ = try MessagePattern(parsing: text) }
            }
        }
    }

    static func summary(_ count: Int, in language: String) throws -> String {
        let tag = try #require(LanguageTag(language))
        return PageMessages.table.text(.errorSummary, ["count": .int(count)], chain: [tag])
    }

    @Test func theErrorSummaryCountsInEachLanguagesPluralForms() throws {
        #expect(try Self.summary(1, in: "en") == "Please correct 1 answer, marked below.")
        #expect(try Self.summary(2, in: "en") == "Please correct 2 answers, marked below.")
        #expect(try Self.summary(1, in: "de") == "Bitte korrigieren Sie 1 Angabe, unten markiert.")
        #expect(try Self.summary(3, in: "de") == "Bitte korrigieren Sie 3 Angaben, unten markiert.")
        #expect(try Self.summary(1, in: "fr") == "Veuillez corriger 1 réponse, signalée ci-dessous.")
        #expect(try Self.summary(4, in: "fr") == "Veuillez corriger 4 réponses, signalées ci-dessous.")
        #expect(try Self.summary(1, in: "es") == "Corrija 1 respuesta, marcada abajo.")
        #expect(try Self.summary(5, in: "es") == "Corrija 5 respuestas, marcadas abajo.")
        // Arabic: one and two are words of their own, 3 to 10 take the plural, 11 to 99 the singular.
        #expect(try Self.summary(1, in: "ar") == "يُرجى تصحيح إجابة واحدة، موضّحة أدناه.")
        #expect(try Self.summary(2, in: "ar") == "يُرجى تصحيح إجابتين، موضّحتين أدناه.")
        #expect(try Self.summary(3, in: "ar") == "يُرجى تصحيح 3 إجابات، موضّحة أدناه.")
        #expect(try Self.summary(11, in: "ar") == "يُرجى تصحيح 11 إجابة، موضّحة أدناه.")
    }

    @Test func aLanguageNotShippedFallsBackAlongItsChainAndIsEscapedForThePage() throws {
        let swissGerman = try #require(LanguageTag("de-CH"))
        let chain = MessageLanguage.lookupChain(for: swissGerman, formDefault: .english)
        #expect(PageMessages.table.text(.saveDraft, [:], chain: chain) == "Entwurf speichern")
        let japanese = try #require(LanguageTag("ja"))
        #expect(PageMessages.table.text(.saveDraft, [:], chain: MessageLanguage.lookupChain(for: japanese, formDefault: .english)) == "Save draft")
        // A section title put into the add button's words is escaped with the words around it.
        let html = MessageLanguage.with(.english) { PageMessages.html(.addItem, ["section": "<Talks & more>"]) }
        #expect(html == "Add an item to &lt;Talks &amp; more&gt;")
    }
}
