/// Parses the regular expression subset definitions use (see `LinearRegex`), refusing with a
/// clear message whatever is outside it rather than guessing.
struct PatternParser {
    /// The largest count a bounded repetition (`{m,n}`) may name.
    static let maximumRepetition = 1_000
    /// Groups nested deeper than this are refused, which bounds the parser's recursion.
    static let maximumGroupDepth = 100

    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ pattern: String) { scalars = Array(pattern.unicodeScalars) }

    static func parse(_ pattern: String) throws(PatternSyntaxError) -> PatternNode {
        var parser = PatternParser(pattern)
        let node = try parser.parseAlternation(depth: 0)
        if let extra = parser.peek() {
            // Only a `)` can stop the top-level alternation early.
            throw parser.failure(extra == ")" ? "unmatched ')'" : "unexpected '\(extra)'")
        }
        return node
    }

    // MARK: Structure

    mutating func parseAlternation(depth: Int) throws(PatternSyntaxError) -> PatternNode {
        var branches = [try parseConcatenation(depth: depth)]
        while peek() == "|" {
            index += 1
            branches.append(try parseConcatenation(depth: depth))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseConcatenation(depth: Int) throws(PatternSyntaxError) -> PatternNode {
        var items: [PatternNode] = []
        while let next = peek(), next != "|", next != ")" {
            items.append(try parseQuantified(depth: depth))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    mutating func parseQuantified(depth: Int) throws(PatternSyntaxError) -> PatternNode {
        let atom = try parseAtom(depth: depth)
        guard let (min, max) = try parseQuantifier() else { return atom }
        switch peek() {
        case "?":
            // Lazy: the same strings match, only which match is found first differs.
            index += 1
        case "+":
            throw failure("possessive quantifiers (*+, ++, ?+) are not supported")
        default:
            break
        }
        if let next = peek(), next == "*" || next == "+" || next == "?" || (next == "{" && looksLikeInterval()) {
            throw failure("a quantifier cannot follow another quantifier; put the first in a group: (x*)*")
        }
        return .repetition(atom, min: min, max: max)
    }

    /// `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`, `{,n}` at the current position, or nil. `{,n}` is
    /// `{0,n}`, as Python and PCRE2 10.43+ read it: taken as literal text it would never match
    /// what its author meant (`\d{,3}` only matching the text `1{,3}`).
    mutating func parseQuantifier() throws(PatternSyntaxError) -> (Int, Int?)? {
        switch peek() {
        case "*": index += 1; return (0, nil)
        case "+": index += 1; return (1, nil)
        case "?": index += 1; return (0, 1)
        case "{" where looksLikeInterval():
            let open = index
            index += 1
            let min = peek() == "," ? 0 : try parseCount(open: open)
            var max: Int? = min
            if peek() == "," {
                index += 1
                max = peek() == "}" ? nil : try parseCount(open: open)
            }
            index += 1  // the `}` that looksLikeInterval saw
            if let max, max < min { throw failure("the repetition {\(min),\(max)} has its bounds in the wrong order", at: open) }
            return (min, max)
        default:
            return nil
        }
    }

    /// Whether a `{` here starts `{m}`, `{m,}`, `{m,n}` or `{,n}`; any other `{` (`{}`, `{,}`,
    /// `{a}`) is a literal brace.
    func looksLikeInterval() -> Bool {
        var position = index + 1
        var digits = 0
        while position < scalars.count, isDigit(scalars[position]) { position += 1; digits += 1 }
        guard position < scalars.count else { return false }
        if scalars[position] == "}" { return digits > 0 }
        guard scalars[position] == "," else { return false }
        position += 1
        var maximumDigits = 0
        while position < scalars.count, isDigit(scalars[position]) { position += 1; maximumDigits += 1 }
        return (digits > 0 || maximumDigits > 0) && position < scalars.count && scalars[position] == "}"
    }

    mutating func parseCount(open: Int) throws(PatternSyntaxError) -> Int {
        var value = 0
        while let next = peek(), isDigit(next) {
            value = value * 10 + Int(next.value - 0x30)
            if value > Self.maximumRepetition {
                throw failure("a repetition count may be at most \(Self.maximumRepetition)", at: open)
            }
            index += 1
        }
        return value
    }

    // MARK: Atoms

    mutating func parseAtom(depth: Int) throws(PatternSyntaxError) -> PatternNode {
        guard let next = peek() else { throw failure("unexpected end of the pattern") }
        switch next {
        case "(":
            return try parseGroup(depth: depth)
        case "[":
            index += 1
            return .set(try parseClass())
        case ".":
            index += 1
            return .anyButNewline
        case "^":
            index += 1
            return .start
        case "$":
            index += 1
            return .end
        case "\\":
            return try parseEscape()
        case "*", "+", "?":
            throw failure("'\(next)' has nothing to repeat; write \\\(next) for the character itself")
        case "{" where looksLikeInterval():
            throw failure("a repetition has nothing to repeat; write \\{ for a brace")
        default:
            index += 1
            return .scalar(next)
        }
    }

    mutating func parseGroup(depth: Int) throws(PatternSyntaxError) -> PatternNode {
        let open = index
        guard depth < Self.maximumGroupDepth else { throw failure("groups are nested more than \(Self.maximumGroupDepth) deep (the limit)") }
        index += 1
        if peek() == "?" {
            index += 1
            try parseGroupKind(open: open)
        }
        let inner = try parseAlternation(depth: depth + 1)
        guard peek() == ")" else { throw failure("missing ')' to close the group at position \(open + 1)") }
        index += 1
        return inner
    }

    /// After `(?`: a non-capturing group (`?:`) and named groups (`?<name>`, `?P<name>`) are
    /// groups like any other; every other kind is refused with what it is.
    mutating func parseGroupKind(open: Int) throws(PatternSyntaxError) {
        switch peek() {
        case ":":
            index += 1
        case "=", "!":
            throw failure("lookahead ((?=...), (?!...)) is not supported: it cannot be matched in linear time", at: open)
        case "<" where peek(at: index + 1) == "=" || peek(at: index + 1) == "!":
            throw failure("lookbehind ((?<=...), (?<!...)) is not supported: it cannot be matched in linear time", at: open)
        case "<", "P":
            if peek() == "P" { index += 1 }
            guard peek() == "<" else { throw failure("unsupported group syntax '(?P'", at: open) }
            index += 1
            let nameStart = index
            while let next = peek(), next != ">" {
                guard ScalarSet.BuiltIn.isWord(next) else { throw failure("a group name may hold letters, digits and _ only") }
                index += 1
            }
            guard peek() == ">", index > nameStart else { throw failure("a named group needs a name and a '>': (?<name>...)", at: open) }
            index += 1
        case ">":
            throw failure("atomic groups ((?>...)) are not supported", at: open)
        case "#":
            throw failure("comments ((?#...)) are not supported", at: open)
        default:
            throw failure("inline options and other (?...) groups are not supported; only (?:...) and (?<name>...)", at: open)
        }
    }

    // MARK: Escapes

    mutating func parseEscape() throws(PatternSyntaxError) -> PatternNode {
        let start = index
        index += 1
        guard let letter = peek() else { throw failure("the pattern ends with a lone backslash", at: start) }
        if let builtIn = Self.builtIn(letter) {
            index += 1
            return .set(ScalarSet(builtIns: [builtIn]))
        }
        return .scalar(try parseEscapedScalar(start: start))
    }

    static func builtIn(_ letter: Unicode.Scalar) -> ScalarSet.BuiltIn? {
        switch letter {
        case "d": return .digit
        case "D": return .notDigit
        case "w": return .word
        case "W": return .notWord
        case "s": return .space
        case "S": return .notSpace
        default: return nil
        }
    }

    /// The scalar an escape stands for (the backslash at `start`, the letter at `index`).
    mutating func parseEscapedScalar(start: Int) throws(PatternSyntaxError) -> Unicode.Scalar {
        guard let letter = peek() else { throw failure("the pattern ends with a lone backslash", at: start) }
        index += 1
        switch letter {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "0": return "\u{00}"
        case "x", "u": return try parseHexScalar(letter: letter, start: start)
        case "1"..."9", "k", "g":
            throw failure("backreferences (\\1, \\k<name>) are not supported: they cannot be matched in linear time", at: start)
        case "b", "B":
            throw failure("word boundaries (\\b, \\B) are not supported", at: start)
        case "A", "z", "Z", "G":
            throw failure("\\\(letter) is not supported; use ^ and $ for the start and end of the text", at: start)
        case "p", "P":
            throw failure("Unicode properties (\\p{...}) are not supported", at: start)
        default:
            if letter.properties.isAlphabetic || isDigit(letter) {
                throw failure("unknown escape '\\\(letter)'", at: start)
            }
            // Any other escaped character stands for itself: \. \* \\ \[ \{ \- ...
            return letter
        }
    }

    /// `\xHH`, `\x{H...}`, `\uHHHH`, `\u{H...}`.
    mutating func parseHexScalar(letter: Unicode.Scalar, start: Int) throws(PatternSyntaxError) -> Unicode.Scalar {
        var digits = ""
        if peek() == "{" {
            index += 1
            while let next = peek(), next != "}" {
                digits.unicodeScalars.append(next)
                index += 1
            }
            guard peek() == "}" else { throw failure("missing '}' in \\\(letter){...}", at: start) }
            index += 1
        } else {
            for _ in 0..<(letter == "x" ? 2 : 4) {
                guard let next = peek() else { break }
                digits.unicodeScalars.append(next)
                index += 1
            }
        }
        guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw failure("\\\(letter) needs hexadecimal digits of a Unicode scalar", at: start)
        }
        return scalar
    }

    // MARK: Classes

    /// After `[`: members up to the closing `]`.
    mutating func parseClass() throws(PatternSyntaxError) -> ScalarSet {
        let open = index - 1
        var set = ScalarSet()
        if peek() == "^" {
            set.isNegated = true
            index += 1
        }
        var first = true
        while true {
            guard let next = peek() else { throw failure("missing ']' to close the class at position \(open + 1)", at: open) }
            if next == "]" && !first {
                index += 1
                return set
            }
            first = false
            if next == "[" {
                throw failure("nested classes and POSIX classes ([:alpha:]) are not supported; write \\[ for a bracket")
            }
            if next == "&", peek(at: index + 1) == "&" {
                throw failure("class intersection (&&) is not supported; write \\& for an ampersand")
            }
            if next == "\\", let letter = peek(at: index + 1), let builtIn = Self.builtIn(letter) {
                index += 2
                set.builtIns.append(builtIn)
                continue
            }
            let low = try parseClassScalar()
            if peek() == "-", let after = peek(at: index + 1), after != "]" {
                let dash = index
                index += 1
                if after == "\\", let letter = peek(at: index + 1), Self.builtIn(letter) != nil {
                    throw failure("a range cannot end in a class like \\\(letter)", at: dash)
                }
                let high = try parseClassScalar()
                guard low.value <= high.value else { throw failure("the range \(low)-\(high) is out of order", at: dash) }
                set.ranges.append(low.value...high.value)
            } else {
                set.ranges.append(low.value...low.value)
            }
        }
    }

    mutating func parseClassScalar() throws(PatternSyntaxError) -> Unicode.Scalar {
        guard let next = peek() else { throw failure("missing ']' to close the class") }
        guard next == "\\" else {
            index += 1
            return next
        }
        let start = index
        index += 1
        if peek() == "b" { throw failure("\\b inside a class is not supported; write \\x08 for a backspace", at: start) }
        return try parseEscapedScalar(start: start)
    }

    // MARK: Helpers

    func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    func peek(at position: Int) -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
    func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    func failure(_ message: String, at position: Int? = nil) -> PatternSyntaxError {
        PatternSyntaxError(message: message, position: (position ?? index) + 1)
    }
}
