import Foundation
import Testing

@testable import FormCore

/// `pattern` and `matches()` run on our linear-time engine: no pattern can make them hang,
/// they agree with Swift's Regex where both apply, and what they refuse is refused clearly.
@Suite struct LinearRegexTests {
    /// Patterns that make a backtracking engine take exponential time, each with a text that
    /// almost matches.
    static let catastrophic: [(pattern: String, text: String)] = [
        ("(a+)+$", String(repeating: "a", count: 20) + "!"),
        ("(a+)+$", String(repeating: "a", count: 10_000) + "!"),
        ("(a|a)*b", String(repeating: "a", count: 40)),
        ("(a*)*b", String(repeating: "a", count: 40)),
        ("(x+x+)+y", String(repeating: "x", count: 40)),
        ("^(\\w+\\s?)*$", String(repeating: "word ", count: 30) + "!"),
    ]

    @Test func backtrackingPatternsFinishAtOnceInValidation() {
        for (pattern, text) in Self.catastrophic {
            let outcome = finishes(within: 10, "pattern \(pattern) on \(text.count) characters") {
                TextPattern.wholeMatch(pattern, text)
            }
            guard let outcome else { continue }
            #expect(outcome == .success(false), "\(pattern)")
        }
    }

    @Test func backtrackingPatternsFinishAtOnceInMatches() {
        let text = String(repeating: "a", count: 20) + "!"
        let context = ExpressionContext(data: ["v": .string(text)])
        let outcome = finishes(within: 10, "matches('(a+)+$')") {
            try FormExpression(parsing: "v.matches('(a+)+$')").evaluate(in: context)
        }
        #expect(outcome == .bool(false))
    }

    /// (pattern, text, whole match?)
    static let table: [(String, String, Bool)] = [
        ("abc", "abc", true), ("abc", "abcd", false), ("a.c", "a-c", true), ("a.c", "a\nc", false),
        ("[a-c]+", "abccba", true), ("[^a-c]+", "xyz", true), ("[^a-c]+", "xaz", false),
        ("\\d{3}-\\d{4}", "555-1234", true), ("\\d{3}-\\d{4}", "55-1234", false),
        ("\\w+@\\w+\\.\\w{2,}", "ann@example.com", true), ("\\s*x\\s*", " \t x \n", true),
        ("\\D\\W\\S", "a!b", true), ("\\D", "7", false),
        ("(?:ab)+", "ababab", true), ("(?:ab)+", "ababa", false), ("(?<year>\\d{4})-\\d\\d", "2026-05", true),
        ("cat|dog", "dog", true), ("cat|dog", "cow", false), ("a(b|)c", "ac", true),
        ("^a$", "a", true), ("a$b", "ab", false), ("^$", "", true), ("x*", "", true),
        ("a{2}", "aa", true), ("a{2}", "aaa", false), ("a{2,}", "aaaaa", true), ("a{2,3}", "aaaa", false),
        ("a{0}b", "b", true), ("a*?b", "aab", true), ("x{", "x{", true),
        ("\\d{,3}", "", true), ("\\d{,3}", "123", true), ("\\d{,3}", "1234", false), ("\\d{,3}", "1{,3}", false),
        ("a{,2}b", "aab", true), ("a{,}", "a{,}", true), ("a{}", "a{}", true), ("a{,x}", "a{,x}", true),
        ("[\\d_]+", "1_2", true), ("[-a]+", "-a-", true), ("[a-]+", "a-", true), ("[]a]+", "]a", true),
        ("\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\\\\\^\\$", ".*+?()[]{}|\\^$", true),
        ("\\x41\\u00e9\\u{1F600}", "Aé😀", true), ("\\t\\n", "\t\n", true),
        ("é+", "ééé", true), ("[à-ÿ]+", "éü", true), ("\\w+", "Zoë", true), ("\\d+", "٣٤", true),
        ("(a|b)*abb", "babaabb", true), ("(a|b)*abb", "babaab", false),
    ]

    @Test func matchesAndNonMatches() throws {
        for (pattern, text, expected) in Self.table {
            let regex = try LinearRegex(pattern)
            #expect(regex.wholeMatch(text) == expected, "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test func searchFindsAMatchAnywhere() throws {
        #expect(try LinearRegex("b+").containsMatch(in: "aabbcc"))
        #expect(try !LinearRegex("^b").containsMatch(in: "ab"))
        #expect(try LinearRegex("c$").containsMatch(in: "abc"))
        #expect(try LinearRegex("").containsMatch(in: "abc"))
    }

    /// Patterns both engines support, with texts drawn from an alphabet that exercises them:
    /// ours must agree with Swift's Regex (what the code used before) on every one.
    static let differentialPatterns = [
        "a*b", "(a|b)*c", "[abc]+d?", "a{2,4}", "(ab|a)(bc|c)", "[^a]*a", "\\d+(\\.\\d{1,2})?", "\\w+\\s\\w+",
        "(a|ab)*", ".*c.*", "[a-c]{0,3}[0-9]", "(?:a|b)?c{1,2}", "\\S+", "a+?b", "^(a|b)+$", "(\\d|a)*",
        "x|y|z|", "[\\w-]+", "(a*)*", "((a|b)c)*",
    ]
    static let alphabet: [Character] = ["a", "b", "c", "d", "x", "1", "2", ".", " ", "-", "é", "٣"]

    @Test func agreesWithSwiftRegexOnRandomTexts() throws {
        var random = ExpressionRobustnessTests.SplitMix(state: 7)
        var compared = 0
        for pattern in Self.differentialPatterns {
            let ours = try LinearRegex(pattern)
            let theirs = try Regex(pattern)
            for _ in 0..<300 {
                let length = Int.random(in: 0...8, using: &random)
                let text = String((0..<length).map { _ in Self.alphabet.randomElement(using: &random) ?? "a" })
                let expectedWhole = try theirs.wholeMatch(in: text) != nil
                let expectedAnywhere = try theirs.firstMatch(in: text) != nil
                #expect(ours.wholeMatch(text) == expectedWhole, "\(pattern) on \(text.debugDescription)")
                #expect(ours.containsMatch(in: text) == expectedAnywhere, "\(pattern) anywhere in \(text.debugDescription)")
                compared += 1
            }
        }
        #expect(compared == Self.differentialPatterns.count * 300)
    }

    /// What is refused, and the words that say why.
    static let refused: [(String, String)] = [
        ("(a)\\1", "backreferences"), ("(?<n>a)\\k<n>", "backreferences"), ("a(?=b)", "lookahead"),
        ("a(?!b)", "lookahead"), ("(?<=a)b", "lookbehind"), ("(?<!a)b", "lookbehind"), ("(?>a)", "atomic"),
        ("a*+", "possessive"), ("(?i)a", "inline options"), ("\\bword\\b", "word boundaries"),
        ("\\p{L}", "Unicode properties"), ("[[:alpha:]]", "POSIX classes"), ("[a&&b]", "intersection"),
        ("(a", "missing ')'"), ("a)", "unmatched ')'"), ("[a", "missing ']'"), ("[z-a]", "out of order"),
        ("*a", "nothing to repeat"), ("a**", "cannot follow another quantifier"), ("a{3,2}", "wrong order"),
        ("{,3}", "nothing to repeat"), ("a{,1001}", "at most 1000"),
        ("a{1001}", "at most 1000"), ("(a{1000}){1000}", "too large"), ("\\q", "unknown escape"), ("a\\", "lone backslash"),
        (String(repeating: "(", count: 101) + String(repeating: ")", count: 101), "nested more than 100"),
    ]

    @Test func unsupportedFeaturesAreRefusedWithAReason() {
        for (pattern, reason) in Self.refused {
            let error = #expect(throws: PatternSyntaxError.self, "\(pattern)") { try LinearRegex(pattern) }
            #expect(error?.message.contains(reason) == true, "\(pattern): \(error?.message ?? "")")
        }
    }

    @Test func aRefusedPatternFailsValidationAndMatchesClearly() {
        guard case .failure(let failure) = TextPattern.wholeMatch("(a)\\1", "aa") else {
            Issue.record("a backreference was accepted")
            return
        }
        #expect(failure.message.contains("backreferences"))
        let error = #expect(throws: ExpressionError.self) { try ExpressionFixture.run("name.matches('(?=x)')") }
        #expect(error?.message.contains("lookahead") == true)
    }

    @Test func compiledOnceAndSharedAcrossThreads() async throws {
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask { (try? LinearRegex.compiled("[a-z]+\\d")).map { $0.wholeMatch("abc\(index % 10)") } ?? false }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 16))
        #expect(throws: PatternSyntaxError.self) { try LinearRegex.compiled("(") }
        #expect(throws: PatternSyntaxError.self) { try LinearRegex.compiled("(") }
    }

    @Test func checkReportsABadPatternWithItsPath() throws {
        let definition = try FormDefinition(json: """
            {"sections": [{"elements": [
              {"type": "entry", "key": "zip", "pattern": "(\\\\d+)\\\\1"},
              {"type": "label", "title": "@{zip.matches('a(?=b)') ? 'y' : 'n'}"},
              {"type": "entry", "key": "ok", "pattern": "\\\\d{5}"}
            ]}]}
            """)
        let issues = DefinitionLint().lint(definition).filter { $0.code == .invalidPattern }
        #expect(issues.map(\.path) == ["sections[0].elements[0].pattern", "sections[0].elements[1].title"])
        #expect(issues.allSatisfy { $0.isError })
        #expect(issues.first?.message.contains("backreferences") == true)
        #expect(issues.last?.message.contains("lookahead") == true)
    }
}
