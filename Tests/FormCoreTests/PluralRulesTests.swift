import Testing
@testable import FormCore

/// Every language's rules give CLDR's own example numbers (plurals.xml, CLDR 44) their category.
@Suite struct PluralRulesTests {
    /// CLDR's examples by category, `a~b` being every number from a to b in steps of the last
    /// digit written (`0.0~1.5`: 0.0, 0.1 ... 1.5). Numbers with a point are given as written
    /// (`.decimal`), the others as `.int`.
    static let examples: [(languages: [String], categories: [PluralCategory: String])] = [
        (["en", "de", "nl", "sv", "en-GB", "de-CH"], [
            .one: "1",
            .other: "0, 2~16, 100, 1000, 10000, 100000, 1000000, 0.0~1.5, 10.0, 100.0, 1000.0, 1000000.0",
        ]),
        (["nb", "no", "tr"], [
            .one: "1, 1.0, 1.00, 1.000, 1.0000",
            .other: "0, 2~16, 100, 1000, 10000, 100000, 1000000, 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 1000000.0",
        ]),
        (["da"], [
            .one: "1, 0.1~1.6",
            .other: "0, 2~16, 100, 1000, 10000, 100000, 1000000, 0.0, 2.0~3.4, 10.0, 100.0, 1000.0, 1000000.0",
        ]),
        (["it", "pt-PT", "ca"], [
            .one: "1",
            .many: "1000000, 2000000, 3000000",
            .other: "0, 2~16, 100, 1000, 10000, 100000, 0.0~1.5, 10.0, 100.0, 1000.0, 1000000.0",
        ]),
        (["es", "es-MX"], [
            .one: "1, 1.0, 1.00, 1.000, 1.0000",
            .many: "1000000, 2000000, 3000000",
            .other: "0, 2~16, 100, 1000, 10000, 100000, 0.0~0.9, 1.1~1.6, 10.0, 100.0, 1000.0, 1000000.0",
        ]),
        (["pt", "pt-BR", "fr", "fr-CA"], [
            .one: "0, 1, 0.0~1.5",
            .many: "1000000, 2000000, 3000000",
            .other: "2~17, 100, 1000, 10000, 100000, 2.0~3.5, 10.0, 100.0, 1000.0, 1000000.0",
        ]),
        (["pl"], [
            .one: "1",
            .few: "2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002",
            .many: "0, 5~19, 100, 1000, 10000, 100000, 1000000",
            .other: "0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0",
        ]),
        (["ru", "uk"], [
            .one: "1, 21, 31, 41, 51, 61, 71, 81, 101, 1001",
            .few: "2~4, 22~24, 32~34, 42~44, 52~54, 62, 102, 1002",
            .many: "0, 5~19, 100, 1000, 10000, 100000, 1000000",
            .other: "0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0",
        ]),
        (["cs", "sk"], [
            .one: "1",
            .few: "2~4",
            .many: "0.0~1.5, 10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0",
            .other: "0, 5~19, 100, 1000, 10000, 100000, 1000000",
        ]),
        (["ar", "ar-EG"], [
            .zero: "0, 0.0, 0.00, 0.000, 0.0000",
            .one: "1, 1.0, 1.00, 1.000, 1.0000",
            .two: "2, 2.0, 2.00, 2.000, 2.0000",
            .few: "3~10, 103~110, 1003, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 103.0, 1003.0",
            .many: "11~26, 111, 1011, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 111.0, 1011.0",
            .other: "100~102, 200~202, 300~302, 400~402, 500~502, 600, 1000, 10000, 100000, 1000000, 0.1~0.9, 1.1~1.7, 10.1, 100.0, 1000.0, 1000000.0",
        ]),
        (["he"], [
            .one: "1, 0.0~0.9, 0.00~0.05",
            .two: "2",
            .other: "0, 3~17, 100, 1000, 10000, 100000, 1000000, 1.0~2.5, 3.0~3.4, 10.0, 100.0, 1000.0, 1000000.0",
        ]),
        (["ja", "zh", "zh-Hant-TW", "ko"], [
            .other: "0~15, 100, 1000, 10000, 100000, 1000000, 0.0~1.5, 10.0, 100.0, 1000.0, 1000000.0",
        ]),
        // A language without rules of its own: one for an integer 1, other otherwise.
        (["qaa", "tlh", "tlh-x-test"], [
            .one: "1",
            .other: "0, 2~16, 100, 1.0, 0.5, 1.5",
        ]),
    ]

    @Test(arguments: examples.indices)
    func cldrsExamplesHaveTheirCategory(_ row: Int) throws {
        let (languages, categories) = Self.examples[row]
        for name in languages {
            let language = try #require(LanguageTag(name))
            for (category, written) in categories {
                for number in Self.numbers(written) {
                    #expect(PluralRules.category(of: number, in: language) == category, "\(name) \(number)")
                }
            }
        }
    }

    @Test func operandsAreReadFromTheDigitsAsWritten() throws {
        let written = try #require(PluralOperands(written: "1.50"))
        #expect((written.i, written.v, written.f, written.t) == (1, 2, 50, 5))
        let negative = try #require(PluralOperands(written: "-12.0"))
        #expect((negative.i, negative.v, negative.f, negative.t) == (12, 1, 0, 0))
        let integer = PluralOperands(-21)
        #expect((integer.i, integer.v, integer.f, integer.t) == (21, 0, 0, 0))
        for notANumber in ["", "-", ".", "1e3", "1,5", "twelve", "1.2.3", "٣"] {
            #expect(PluralOperands(written: notANumber) == nil, "\(notANumber)")
        }
    }

    @Test func negativeNumbersTakeTheCategoryOfTheirAbsoluteValue() throws {
        let russian = try #require(LanguageTag("ru"))
        #expect(PluralRules.category(of: .int(-21), in: russian) == .one)
        #expect(PluralRules.category(of: .decimal("-3"), in: russian) == .few)
        #expect(PluralRules.category(of: .int(Int.min), in: russian) == .many)
        #expect(PluralRules.category(of: .int(-1), in: .english) == .one)
    }

    @Test func integersLongerThanAnIntKeepTheirLastDigits() throws {
        let polish = try #require(LanguageTag("pl"))
        let arabic = try #require(LanguageTag("ar"))
        let french = try #require(LanguageTag("fr"))
        // 10^20 + 1 is not 1, but ends like 1: Russian `one` (…01 is like 101), English `other`.
        let huge = "100000000000000000001"
        #expect(PluralRules.category(of: .decimal(huge), in: .english) == .other)
        #expect(PluralRules.category(of: .decimal(huge), in: try #require(LanguageTag("ru"))) == .one)
        #expect(PluralRules.category(of: .decimal("1000000000000000000023"), in: polish) == .few)
        #expect(PluralRules.category(of: .decimal("1000000000000000000000"), in: arabic) == .other)
        #expect(PluralRules.category(of: .decimal("1000000000000000000000"), in: french) == .many)
        #expect(PluralRules.category(of: .decimal("0.0000000000000000000001"), in: try #require(LanguageTag("da"))) == .one)
    }

    @Test func textThatIsANumberCountsAndOtherTextIsOther() throws {
        let polish = try #require(LanguageTag("pl"))
        #expect(PluralRules.category(of: .text("3"), in: polish) == .few)
        #expect(PluralRules.category(of: .text("three"), in: polish) == .other)
    }

    /// `1, 2~4, 0.0~0.3` as arguments.
    static func numbers(_ written: String) -> [MessageArgument] {
        written.split(separator: ",").flatMap { item -> [MessageArgument] in
            let bounds = item.filter { $0 != " " }.split(separator: "~").map(String.init)
            guard bounds.count == 2 else { return [argument(bounds[0])] }
            let places = bounds[0].split(separator: ".").dropFirst().first?.count ?? 0
            let (low, high) = (units(bounds[0]), units(bounds[1]))
            return (low...high).map { argument(decimal($0, places: places)) }
        }
    }

    private static func argument(_ text: String) -> MessageArgument {
        text.contains(".") ? .decimal(text) : .int(Int(text) ?? -1)
    }

    private static func units(_ text: String) -> Int { Int(text.replacingOccurrences(of: ".", with: "")) ?? -1 }

    private static func decimal(_ units: Int, places: Int) -> String {
        guard places > 0 else { return String(units) }
        let digits = String(repeating: "0", count: max(0, places + 1 - String(units).count)) + String(units)
        return digits.dropLast(places) + "." + digits.suffix(places)
    }
}
