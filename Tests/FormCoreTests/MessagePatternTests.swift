import Testing
@testable import FormCore

/// Message patterns: arguments, plurals with `#` and `=N`, quoting, and what a bad pattern says.
@Suite struct MessagePatternTests {
    static let minLength = "must be at least {minimum, plural, one {# character} other {# characters}} (has {count})"

    private func format(_ pattern: String, _ arguments: [String: MessageArgument], _ language: String = "en") throws -> String {
        try MessagePattern(parsing: pattern).format(arguments, language: try #require(LanguageTag(language)))
    }

    @Test func argumentsArePutInAsWritten() throws {
        #expect(try format("{field} must match {pattern}", ["field": "Code", "pattern": "[A-Z]{3}"]) == "Code must match [A-Z]{3}")
        #expect(try format("{ total }: {n}", ["total": .decimal("2.50"), "n": 7]) == "2.50: 7")
        #expect(try format("no arguments at all", [:]) == "no arguments at all")
    }

    @Test func aMissingArgumentIsShownByItsName() throws {
        #expect(try format("{field} is required", [:]) == "{field} is required")
        // A plural without its number takes `other`, the number shown by its name.
        #expect(try format(Self.minLength, ["count": 1]) == "must be at least {minimum} characters (has 1)")
    }

    @Test func pluralsChooseByTheLanguagesRulesWithTheNumberForHash() throws {
        #expect(try format(Self.minLength, ["minimum": 1, "count": 0]) == "must be at least 1 character (has 0)")
        #expect(try format(Self.minLength, ["minimum": 2, "count": 1]) == "must be at least 2 characters (has 1)")
        #expect(try format(Self.minLength, ["minimum": .decimal("1.0"), "count": 1]) == "must be at least 1.0 characters (has 1)")
        let polish = "{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}"
        #expect(try [1, 3, 5, 12, 22, 25].map { try format(polish, ["n": .int($0)], "pl") } ==
            ["1 plik", "3 pliki", "5 plików", "12 plików", "22 pliki", "25 plików"])
        #expect(try format(polish, ["n": .decimal("1.5")], "pl") == "1.5 pliku")
        let arabic = "{n, plural, zero {لا ملفات} one {ملف واحد} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}"
        #expect(try [0, 1, 2, 3, 11, 100].map { try format(arabic, ["n": .int($0)], "ar") } ==
            ["لا ملفات", "ملف واحد", "ملفان", "3 ملفات", "11 ملفًا", "100 ملف"])
    }

    @Test func aCategoryTheBranchesLackFallsBackToOther() throws {
        #expect(try format("{n, plural, one {# plik} other {# pliki}}", ["n": 5], "pl") == "5 pliki")
    }

    @Test func exactBranchesWinOverCategories() throws {
        let pattern = "{n, plural, =0 {no items} =1 {just one} one {# item} other {# items}}"
        #expect(try format(pattern, ["n": 0]) == "no items")
        #expect(try format(pattern, ["n": .decimal("0.0")]) == "no items")
        #expect(try format(pattern, ["n": 1]) == "just one")
        #expect(try format(pattern, ["n": 2]) == "2 items")
        #expect(try format(pattern, ["n": .decimal("0.5")]) == "0.5 items")
        #expect(try format("{n, plural, =-1 {minus one} other {#}}", ["n": -1]) == "minus one")
        #expect(try format("{n, plural, =2.5 {two and a half} other {#}}", ["n": .decimal("2.50")]) == "two and a half")
    }

    @Test func branchesHoldArgumentsAndPluralsOfTheirOwn() throws {
        let pattern = "{files, plural, one {# file in {folder}} other {# files in {folder}, {bytes, plural, one {# byte} other {# bytes}}}}"
        #expect(try format(pattern, ["files": 1, "folder": "Inbox", "bytes": 9]) == "1 file in Inbox")
        #expect(try format(pattern, ["files": 3, "folder": "Inbox", "bytes": 1]) == "3 files in Inbox, 1 byte")
        #expect(try MessagePattern(parsing: pattern).argumentNames == ["files", "folder", "bytes"])
    }

    @Test func argumentNamesIncludeThoseInsideBranches() throws {
        #expect(try MessagePattern(parsing: Self.minLength).argumentNames == ["minimum", "count"])
        #expect(try MessagePattern(parsing: "{n, plural, =0 {{empty}} other {{title}}}").argumentNames == ["n", "empty", "title"])
        #expect(try MessagePattern(parsing: "'{quoted}' and {real}").argumentNames == ["real"])
        #expect(MessagePattern(literal: "{not, an, argument}").argumentNames.isEmpty)
    }

    @Test func apostrophesQuoteBracesAndOtherwiseAreText() throws {
        #expect(try format("'{'name'}' is {name}", ["name": "Ann"]) == "{name} is Ann")
        #expect(try format("'{name}'", ["name": "Ann"]) == "{name}")
        #expect(try format("l'adresse de {name}, don't", ["name": "Ann"]) == "l'adresse de Ann, don't")
        #expect(try format("it''s {n}", ["n": 1]) == "it's 1")
        #expect(try format("'{'it''s'}'", [:]) == "{it's}")
        #expect(try format("{n, plural, other {'#' # '{'#'}'}}", ["n": 4]) == "# 4 {4}")
        #expect(try format("# and '# outside a plural", [:]) == "# and '# outside a plural")
        #expect(try format("ends with '", [:]) == "ends with '")
    }

    @Test func aLiteralPatternIsItsTextUnchanged() {
        #expect(MessagePattern(literal: "{x} it''s '{'").format(["x": 1], language: .english) == "{x} it''s '{'")
    }

    @Test(arguments: [
        ("{name", 1, "never closed"),
        ("name}", 5, "no `{` before it"),
        ("{n, plural, one {x}}", 1, "needs an `other` form"),
        ("{n, plural, several {x} other {y}}", 13, "`several` is not a plural category"),
        ("{}", 1, "needs a name"),
        ("a { , plural, other {x}}", 3, "needs a name"),
        ("{first name}", 8, "cannot be in an argument name"),
        ("{n, select, a {x} other {y}}", 5, "`select` is not an argument type"),
        ("{n, plural other {x}}", 12, "expected `,`"),
        ("{n, plural, other {x}", 1, "never closed"),
        ("{n, plural, other x}", 19, "in braces"),
        ("{n, plural, = {x} other {y}}", 13, "needs a number"),
        ("{n, plural, one {a} one {b} other {c}}", 21, "appears twice"),
        ("{n, plural, =1 {a} =01 {b} other {c}}", 20, "appears twice"),
        ("l'{name} est requis", 2, "quote opened here is never closed"),
        ("{n, plural, other {# {m, plural, one {x}}}}", 22, "`m` needs an `other`"),
    ])
    func badPatternsSayWhatAndWhere(_ pattern: String, _ column: Int, _ message: String) {
        #expect {
            try MessagePattern(parsing: pattern)
        } throws: { error in
            guard let error = error as? MessagePatternError else { return false }
            return error.column == column && error.message.contains(message) && error.description.contains("at character \(column)")
        }
    }

    @Test func nestingIsBounded() throws {
        func nested(_ depth: Int) -> String {
            (0..<depth).reduce("#") { inner, level in "{n\(level), plural, other {\(inner)}}" }
        }
        let deepest = try MessagePattern(parsing: nested(MessagePatternParser.maximumDepth))
        #expect(deepest.format(["n0": 5], language: .english) == "5")
        #expect(throws: MessagePatternError.self) { try MessagePattern(parsing: nested(MessagePatternParser.maximumDepth + 1)) }
    }

    @Test func longPatternsParseInLinearTime() throws {
        let unit = "{a} '{'x'}' it''s {n, plural, =0 {none} one {# {b}} other {# '#' {c}}} "
        let long = String(repeating: unit, count: 5_000)
        let unclosedQuote = "'{" + String(repeating: "x", count: 300_000)
        let clock = ContinuousClock()
        var formatted = ""
        let elapsed = try clock.measure {
            formatted = try MessagePattern(parsing: long).format(["a": "A", "n": 2, "b": "B", "c": "C"], language: .english)
            #expect(throws: MessagePatternError.self) { try MessagePattern(parsing: unclosedQuote) }
        }
        #expect(formatted.hasPrefix("A {x} it's 2 # C A "))
        #expect(long.count > 300_000)
        #expect(elapsed < .seconds(10), "\(elapsed)")
    }
}
