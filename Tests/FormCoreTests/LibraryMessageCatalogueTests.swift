import Testing
@testable import FormCore

/// Every language the library's messages ship in is complete and well formed: every key, every
/// pattern parses, the same arguments as English, and plurals with a form for every category
/// the language's rules give a number.
@Suite struct LibraryMessageCatalogueTests {
    /// Numbers that reach every category of every shipped language: the integers to 200 (every
    /// remainder modulo 10 and 100), exact and inexact millions, and fractions.
    static let samples: [MessageArgument] = (0...200).map { .int($0) } + [1_000_000, 2_000_000, 1_000_001, 1_000_100].map { .int($0) }
        + ["0.0", "0.5", "1.0", "1.5", "2.0", "2.5", "3.0", "3.5", "10.0", "11.0", "21.5", "100.0", "1000000.0"].map { .decimal($0) }

    static let languages = LibraryMessages.written.keys.sorted()

    @Test func theShippedLanguagesAreTheDocumentedOnes() {
        #expect(Set(Self.languages) == ["en", "de", "fr", "es", "pl", "ar"])
        #expect(LibraryMessages.shippedLanguages.map(\.description) == ["ar", "de", "en", "es", "fr", "pl"])
    }

    @Test(arguments: languages)
    func everyLanguageHasEveryKey(_ language: String) throws {
        let patterns = try #require(LibraryMessages.written[language])
        let missing = LibraryMessage.allCases.filter { patterns[$0] == nil }
        #expect(missing.isEmpty, "\(language) lacks \(missing)")
    }

    @Test(arguments: languages)
    func everyPatternParsesWithTheArgumentsOfTheEnglishOne(_ language: String) throws {
        let patterns = try #require(LibraryMessages.written[language])
        for key in LibraryMessage.allCases {
            guard let written = patterns[key], let english = LibraryMessages.english[key] else { continue }
            do {
                let pattern = try MessagePattern(parsing: written)
                let expected = try MessagePattern(parsing: english).argumentNames
                #expect(pattern.argumentNames == expected, "\(language) \(key): \(pattern.argumentNames.sorted()) but English has \(expected.sorted())")
            } catch {
                Issue.record("\(language) \(key) does not parse: \(error)")
            }
        }
    }

    /// A number of a category a plural has no branch for would fall back to `other` (Polish
    /// "5 pliki" instead of "5 plików"); a branch for a category the language never gives is a
    /// translation copied from another language's forms.
    @Test(arguments: languages)
    func everyPluralHasTheFormsOfTheLanguagesCategories(_ language: String) throws {
        let tag = try #require(LanguageTag(language))
        let produced = Set(Self.samples.map { PluralRules.category(of: $0, in: tag) })
        for (key, written) in try #require(LibraryMessages.written[language]) {
            guard let pattern = try? MessagePattern(parsing: written) else { continue }
            for selection in Self.plurals(in: pattern.parts) {
                var missing: [PluralCategory: String] = [:]
                for number in Self.samples {
                    if let exact = ExactNumber.key(number.written), selection.exact[exact] != nil { continue }
                    let category = PluralRules.category(of: number, in: tag)
                    if selection.categories[category] == nil, missing[category] == nil { missing[category] = number.written }
                }
                #expect(missing.isEmpty, "\(language) \(key): the plural of \(selection.name) has no form for \(missing.map { "\($0.key) (\($0.value))" }.sorted())")
                let dead = Set(selection.categories.keys).subtracting(produced)
                #expect(dead.isEmpty, "\(language) \(key): \(language) never uses \(dead.map(\.rawValue).sorted()) for \(selection.name)")
            }
        }
    }

    @Test func messagesTakeTheLanguagesPluralForms() throws {
        func text(_ language: String, _ key: LibraryMessage, _ arguments: [String: MessageArgument]) throws -> String {
            let tag = try #require(LanguageTag(language))
            return MessageLanguage.with(tag) { LibraryMessages.text(key, arguments) }
        }
        #expect(try [1, 2, 5, 22, 112].map { try text("pl-PL", .minLength, ["minimum": .int($0), "count": 0]) } == [
            "musi mieć co najmniej 1 znak (ma 0)", "musi mieć co najmniej 2 znaki (ma 0)", "musi mieć co najmniej 5 znaków (ma 0)",
            "musi mieć co najmniej 22 znaki (ma 0)", "musi mieć co najmniej 112 znaków (ma 0)",
        ])
        #expect(try [0, 1, 2, 3, 11, 100].map { try text("ar", .minimumItems, ["minimum": .int($0), "count": 0]) } == [
            "يجب ألا يقل عن 0 عنصر (فيه 0)", "يجب ألا يقل عن عنصر واحد (فيه 0)", "يجب ألا يقل عن عنصرين (فيه 0)",
            "يجب ألا يقل عن 3 عناصر (فيه 0)", "يجب ألا يقل عن 11 عنصرًا (فيه 0)", "يجب ألا يقل عن 100 عنصر (فيه 0)",
        ])
        #expect(try [0, 1, 2, 1_000_000].map { try text("fr-CA", .maxLength, ["maximum": .int($0), "count": 3]) } == [
            "doit comporter au plus 0 caractère (actuellement 3)", "doit comporter au plus 1 caractère (actuellement 3)",
            "doit comporter au plus 2 caractères (actuellement 3)", "doit comporter au plus 1000000 de caractères (actuellement 3)",
        ])
        #expect(try text("es", .fractionDigits, ["digits": 1]) == "debe tener como máximo 1 decimal")
        #expect(try text("es", .fractionDigits, ["digits": .decimal("2")]) == "debe tener como máximo 2 decimales")
        // A language not shipped falls back to the form's default, then English.
        let (italian, french) = (try #require(LanguageTag("it")), try #require(LanguageTag("fr")))
        let italianForFrenchForm = MessageLanguage.with(italian, formDefault: french) { LibraryMessages.text(.required) }
        #expect(italianForFrenchForm == "est obligatoire")
        #expect(try text("it", .required, [:]) == "is required")
    }

    static func plurals(in parts: [MessagePattern.Part]) -> [MessagePattern.PluralSelection] {
        parts.flatMap { part -> [MessagePattern.PluralSelection] in
            guard case .plural(let selection) = part else { return [] }
            let branches = Array(selection.exact.values) + Array(selection.categories.values)
            return [selection] + branches.flatMap { plurals(in: $0) }
        }
    }
}
