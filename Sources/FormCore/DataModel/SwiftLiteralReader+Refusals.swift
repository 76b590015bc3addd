/// Everything that is code refused, saying what kind of code it is and quoting it: a call, a
/// member access, an operator, interpolation, a name.
extension SwiftLiteralReader {
    /// The characters Swift's operators are made of.
    static let operators: Set<Unicode.Scalar> = ["+", "-", "!", "~", "*", "/", "%", "<", ">", "=", "&", "|", "^", "?"]

    /// After a value: what would make it an expression (a member access, a call, a subscript,
    /// an operator) is refused, since evaluating it would run code.
    mutating func refuseWhatFollows(valueAt start: Int) throws(SwiftLiteralError) {
        skipSpaces()
        guard let next = peek() else { return }
        switch next {
        case ".", "(", "[", "{":
            throw refusal(at: start)
        case _ where Self.operators.contains(next):
            throw refusal(at: start)
        case _ where Self.isIdentifierStart(next):
            throw refusal(at: start)
        default:
            // Anything else (a second literal, a stray quote) is a syntax error its caller names.
            return
        }
    }

    /// The refusal of the expression starting at `start`, saying what kind of code it is.
    func refusal(at start: Int) -> SwiftLiteralError {
        let end = expressionEnd(from: start)
        let written = Array(characters[start..<end])
        let shown = Self.string(written[...]).excerpt(maximumLength: 60)
        let kind = Self.kind(of: written)
        // A bare word is most often text its author forgot to quote: say how to write it.
        let hint = written.first.map(Self.isIdentifierStart) == true && !written.contains("\"") && (kind == .name || kind == .other)
            ? "; text is written in quotes (\"\\\"\(shown)\\\"\")" : ""
        return failure(at: start, "\(shown) \(kind.rawValue): \(SwiftLiteral.onlyLiterals)\(hint)")
    }

    enum ExpressionKind: String {
        case call = "is a call"
        case memberAccess = "is a member access"
        case interpolation = "is string interpolation"
        case operation = "uses an operator"
        case subscripting = "is a subscript"
        case closure = "is a closure"
        case parenthesized = "is a parenthesized expression"
        case directive = "is a compiler directive"
        case name = "is a name"
        case other = "is no literal"
    }

    /// What the expression `written` is, by its first sign of code: a call `(`, a member `.`,
    /// an operator, a subscript...
    static func kind(of written: [Unicode.Scalar]) -> ExpressionKind {
        guard let first = written.first else { return .other }
        switch first {
        case "(": return .parenthesized
        case "{": return .closure
        case ".": return .memberAccess
        case "#" where written.dropFirst().first.map(isIdentifierStart) == true: return .directive
        case _ where operators.contains(first): return .operation
        default: break
        }
        var position = 0
        if first == "\"" || first == "#" {
            // A string: interpolation inside it, or what follows it.
            position = stringEnd(in: written)
            if written[..<position].contains("\\"), interpolates(Array(written[..<position])) { return .interpolation }
        } else if first == "[" {
            position = bracketEnd(in: written)
        } else {
            while position < written.count, isIdentifierPart(written[position]) || (isDecimalDigit(first) && written[position] == ".") {
                position += 1
            }
        }
        while position < written.count, written[position].properties.isWhitespace { position += 1 }
        guard position < written.count else { return isIdentifierStart(first) ? .name : .other }
        switch written[position] {
        case "(": return .call
        case ".":
            return written[position...].contains("(") ? .call : .memberAccess
        case "[": return .subscripting
        case "{": return .closure
        case _ where operators.contains(written[position]): return .operation
        default: return .other
        }
    }

    /// Where the expression starting at `start` ends: at a `,`, `]` or `:` outside brackets and
    /// strings, or at the end of the text. Only for quoting it in a message.
    func expressionEnd(from start: Int) -> Int {
        var depth = 0
        var position = start
        var inString = false
        while position < characters.count {
            let character = characters[position]
            if inString {
                if character == "\\" { position += 1 } else if character == "\"" { inString = false }
            } else {
                switch character {
                case "\"": inString = true
                case "(", "[", "{": depth += 1
                case ")", "}": depth -= 1
                case "]":
                    if depth == 0 { return Self.trimmedEnd(characters, start, position) }
                    depth -= 1
                case ",", ":":
                    if depth == 0 { return Self.trimmedEnd(characters, start, position) }
                default: break
                }
            }
            position += 1
        }
        return Self.trimmedEnd(characters, start, characters.count)
    }

    private static func trimmedEnd(_ characters: [Unicode.Scalar], _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start + 1, characters[end - 1].properties.isWhitespace { end -= 1 }
        return end
    }

    /// The end of the string opening `written` (`"`, `"""`, either raw), or its length when it
    /// never closes.
    private static func stringEnd(in written: [Unicode.Scalar]) -> Int {
        var position = 0
        while position < written.count, written[position] == "#" { position += 1 }
        let quotes: [Unicode.Scalar] = written[position...].starts(with: ["\"", "\"", "\""]) ? ["\"", "\"", "\""] : ["\""]
        let closing = quotes + Array(repeating: "#", count: position)
        position = closing.count
        while position < written.count {
            if written[position] == "\\" {
                position += 2
                continue
            }
            if written[position...].starts(with: closing) { return position + closing.count }
            position += 1
        }
        return written.count
    }

    private static func interpolates(_ string: [Unicode.Scalar]) -> Bool {
        var hashes = 0
        while hashes < string.count, string[hashes] == "#" { hashes += 1 }
        let opener: [Unicode.Scalar] = ["\\"] + Array(repeating: "#", count: hashes) + ["("]
        guard string.count >= opener.count else { return false }
        for position in 0...(string.count - opener.count) where Array(string[position..<(position + opener.count)]) == opener {
            return true
        }
        return false
    }

    private static func bracketEnd(in written: [Unicode.Scalar]) -> Int {
        var depth = 0
        for (position, character) in written.enumerated() {
            if character == "[" { depth += 1 }
            if character == "]" {
                depth -= 1
                if depth == 0 { return position + 1 }
            }
        }
        return written.count
    }
}
