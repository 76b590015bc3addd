/// Reads a `MessagePattern` in one pass over its characters.
///
/// Each character is looked at once (quotes, names and selectors included), so the work is
/// linear in the pattern's length; author messages come from form definitions, so nesting is
/// bounded too rather than left to the stack.
struct MessagePatternParser {
    /// How deep plurals may nest inside plural branches. Real messages use one or two.
    static let maximumDepth = 8

    private let characters: [Character]
    private var index = 0
    private var depth = 0

    init(_ text: String) { characters = Array(text) }

    mutating func parse() throws(MessagePatternError) -> [MessagePattern.Part] {
        let parts = try message(inBranch: false)
        if index < characters.count {
            throw failure("a `}` with no `{` before it; write '}' for a literal brace", at: index)
        }
        return parts
    }

    /// Text, arguments and plurals up to the end, or in a branch up to its closing `}` (not read).
    private mutating func message(inBranch: Bool) throws(MessagePatternError) -> [MessagePattern.Part] {
        var parts: [MessagePattern.Part] = []
        var text = ""
        func flush() {
            if !text.isEmpty { parts.append(.text(text)); text = "" }
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "'":
                try apostrophe(into: &text, inBranch: inBranch)
            case "{":
                flush()
                parts.append(try argument())
            case "}":
                flush()
                return parts
            case "#" where inBranch:
                flush()
                parts.append(.number)
                index += 1
            default:
                text.append(character)
                index += 1
            }
        }
        flush()
        return parts
    }

    /// `''` is one apostrophe; an apostrophe before a syntax character quotes up to the next
    /// lone apostrophe; any other apostrophe is itself (`l'adresse`, `don't`).
    private mutating func apostrophe(into text: inout String, inBranch: Bool) throws(MessagePatternError) {
        let opening = index
        index += 1
        guard index < characters.count else { text.append("'"); return }
        let next = characters[index]
        if next == "'" {
            text.append("'")
            index += 1
            return
        }
        guard next == "{" || next == "}" || (inBranch && next == "#") else {
            text.append("'")
            return
        }
        while index < characters.count {
            if characters[index] == "'" {
                if index + 1 < characters.count && characters[index + 1] == "'" {
                    text.append("'")
                    index += 2
                    continue
                }
                index += 1
                return
            }
            text.append(characters[index])
            index += 1
        }
        throw failure("the quote opened here is never closed; write '' for an apostrophe before a brace", at: opening)
    }

    /// `{name}` or `{name, plural, ...}`, from its `{`.
    private mutating func argument() throws(MessagePatternError) -> MessagePattern.Part {
        let opening = index
        index += 1
        skipSpaces()
        let name = word()
        guard !name.isEmpty else {
            if index < characters.count, characters[index] != "}" && characters[index] != "," {
                throw failure("`\(characters[index])` cannot be in an argument name (letters, digits and _)", at: index)
            }
            throw failure("an argument needs a name: `{name}`", at: opening)
        }
        skipSpaces()
        guard index < characters.count else { throw unclosed(opening) }
        switch characters[index] {
        case "}":
            index += 1
            return .argument(name)
        case ",":
            index += 1
            skipSpaces()
            let typeStart = index
            let type = word()
            guard type == "plural" else {
                let shown = type.isEmpty ? "nothing" : "`\(type)`"
                throw failure("\(shown) is not an argument type here; write {\(name)} or {\(name), plural, ...}", at: typeStart)
            }
            skipSpaces()
            guard index < characters.count else { throw unclosed(opening) }
            guard characters[index] == "," else {
                throw failure("expected `,` and the plural forms after `plural`", at: index)
            }
            index += 1
            return .plural(try pluralBranches(name: name, opening: opening))
        default:
            throw failure("`\(characters[index])` cannot be in an argument name (letters, digits and _); expected `}` or `,` after `\(name)`", at: index)
        }
    }

    /// `=0 {...} one {...} other {...}}`, up to and including the plural's closing `}`.
    private mutating func pluralBranches(name: String, opening: Int) throws(MessagePatternError) -> MessagePattern.PluralSelection {
        var selection = MessagePattern.PluralSelection(name: name, exact: [:], categories: [:])
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw failure("plurals nest more than \(Self.maximumDepth) deep", at: opening)
        }
        while true {
            skipSpaces()
            guard index < characters.count else { throw unclosed(opening) }
            if characters[index] == "}" {
                index += 1
                break
            }
            let selectorStart = index
            var exactKey: String?
            var category: PluralCategory?
            if characters[index] == "=" {
                index += 1
                let written = run { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
                guard let key = ExactNumber.key(written) else {
                    throw failure("`=` needs a number after it, like `=0`", at: selectorStart)
                }
                guard selection.exact[key] == nil else { throw failure("`=\(written)` appears twice", at: selectorStart) }
                exactKey = key
            } else {
                let selector = word()
                guard !selector.isEmpty else {
                    throw failure("expected a plural form (zero, one, two, few, many, other or =N) or `}`", at: selectorStart)
                }
                guard let known = PluralCategory(rawValue: selector) else {
                    throw failure("`\(selector)` is not a plural category; use zero, one, two, few, many, other or =N", at: selectorStart)
                }
                guard selection.categories[known] == nil else { throw failure("`\(selector)` appears twice", at: selectorStart) }
                category = known
            }
            skipSpaces()
            guard index < characters.count, characters[index] == "{" else {
                throw failure("the plural form needs its message in braces, like `one {# item}`", at: min(index, characters.count - 1))
            }
            let branchOpening = index
            index += 1
            let branch = try message(inBranch: true)
            guard index < characters.count else { throw unclosed(branchOpening) }
            index += 1
            if let exactKey { selection.exact[exactKey] = branch }
            if let category { selection.categories[category] = branch }
        }
        guard selection.categories[.other] != nil else {
            throw failure("the plural of `\(name)` needs an `other` form", at: opening)
        }
        return selection
    }

    private mutating func word() -> String {
        run { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    private mutating func run(while accepts: (Character) -> Bool) -> String {
        let start = index
        while index < characters.count, accepts(characters[index]) { index += 1 }
        return String(characters[start..<index])
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    private func unclosed(_ opening: Int) -> MessagePatternError {
        failure("the `{` here is never closed", at: opening)
    }

    private func failure(_ message: String, at offset: Int) -> MessagePatternError {
        MessagePatternError(message: message, column: max(offset, 0) + 1)
    }
}
