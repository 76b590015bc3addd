import OrderedCollections

/// A hand-written reader of one Swift literal over the Unicode scalars of its text, as Swift's
/// lexer reads source (a quote followed by a combining mark is still a quote): values, arrays,
/// dictionaries and the refusals of everything that is code. Strings and numbers are read in
/// their own files.
struct SwiftLiteralReader {
    let text: String
    let characters: [Unicode.Scalar]
    var index = 0

    init(_ text: String) {
        self.text = text
        characters = Array(text.unicodeScalars.prefix(SwiftLiteral.maximumLength + 1))
    }

    mutating func readWhole() throws(SwiftLiteralError) -> FormValue {
        guard characters.count <= SwiftLiteral.maximumLength else {
            throw failure(at: 0, "the literal is longer than \(SwiftLiteral.maximumLength) characters (the limit)")
        }
        skipSpaces()
        guard index < characters.count else {
            throw failure(at: 0, "no literal: write one (\"\\\"\\\"\" is an empty text, \"nil\" nothing), or leave defaultValue out")
        }
        let start = index
        let value = try readValue(depth: 0)
        try refuseWhatFollows(valueAt: start)
        guard index == characters.count else { throw failure(at: index, "unexpected '\(characters[index])' after the literal") }
        return value
    }

    // MARK: Values

    mutating func readValue(depth: Int) throws(SwiftLiteralError) -> FormValue {
        guard depth < SwiftLiteral.maximumNesting else {
            throw failure(at: index, "the literal nests more than \(SwiftLiteral.maximumNesting) levels deep (the limit)")
        }
        skipSpaces()
        guard let character = peek() else { throw failure(at: index, "expected a literal at the end of the text") }
        switch character {
        case "\"", "#":
            return .string(try readString())
        case "[":
            return try readCollection(depth: depth)
        case "-" where peek(1).map(Self.isDecimalDigit) == true:
            return try readNumber()
        case _ where Self.isDecimalDigit(character):
            return try readNumber()
        case _ where Self.isIdentifierStart(character):
            return try readWord()
        case ",", "]", ":", ")", "}":
            throw failure(at: index, "expected a literal, found '\(character)'")
        default:
            throw refusal(at: index)
        }
    }

    /// `true`, `false`, `nil`; any other name is code (a constant, a type, a call).
    private mutating func readWord() throws(SwiftLiteralError) -> FormValue {
        let start = index
        while let character = peek(), Self.isIdentifierPart(character) { index += 1 }
        let word = Self.string(characters[start..<index])
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "nil": return .null
        default: throw refusal(at: start)
        }
    }

    /// `[]`, `[:]`, `[a, b]` or `[k: v, ...]`, with a trailing comma allowed.
    private mutating func readCollection(depth: Int) throws(SwiftLiteralError) -> FormValue {
        let open = index
        index += 1
        skipSpaces()
        if take("]") { return .array([]) }
        if take(":") {
            guard take("]") else { throw failure(at: index, "expected ']' after '[:' (an empty dictionary is [:])") }
            return .object([:])
        }
        var items: [FormValue] = []
        var members: OrderedDictionary<String, FormValue> = [:]
        var isDictionary: Bool?
        while true {
            let start = index
            let first = try readValue(depth: depth + 1)
            try refuseWhatFollows(valueAt: start)
            if isDictionary == nil { isDictionary = peek() == ":" }
            if isDictionary == true {
                guard take(":") else { throw failure(at: index, "expected ':' after a key of the dictionary literal") }
                let key = try keyText(first, at: start)
                let valueStart = index
                let value = try readValue(depth: depth + 1)
                try refuseWhatFollows(valueAt: valueStart)
                guard members.updateValue(value, forKey: key) == nil else {
                    throw failure(at: start, "the key \(FormValue.string(key)) is written twice in the dictionary literal")
                }
            } else {
                items.append(first)
            }
            if take(",") {
                if take("]") { break }
                continue
            }
            if take("]") { break }
            if peek() == ":" { throw failure(at: index, "unexpected ':' in an array literal (a dictionary literal has a key before every value)") }
            guard index < characters.count else { throw failure(at: open, "the '[' is never closed") }
            throw failure(at: index, "expected ',' or ']' in the \(isDictionary == true ? "dictionary" : "array") literal, found '\(characters[index])'")
        }
        return isDictionary == true ? .object(members) : .array(items)
    }

    /// A dictionary key as JSON writes it: text (`[1: "a"]` has the key `"1"`).
    private func keyText(_ key: FormValue, at offset: Int) throws(SwiftLiteralError) -> String {
        switch key {
        case .string(let text): return text
        case .int, .double, .bool: return key.description
        case .null: throw failure(at: offset, "nil is no dictionary key: keys are texts, numbers or booleans")
        case .array, .object: throw failure(at: offset, "\(key.typeName) is no dictionary key: keys are texts, numbers or booleans")
        }
    }

    // MARK: Refusals

    /// After a value: what would make it an expression (a member access, a call, a subscript,
    /// an operator) is refused, since evaluating it would run code.
    mutating func refuseWhatFollows(valueAt start: Int) throws(SwiftLiteralError) {
        skipSpaces()
        guard let next = peek() else { return }
        switch next {
        case ".", "(", "[", "{", "+", "-", "!", "~", "*", "/", "%", "<", ">", "=", "&", "|", "^", "?":
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
        case "+", "-", "!", "~", "*", "/", "%", "<", ">", "=", "&", "|", "^", "?": return .operation
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
        case "+", "-", "!", "~", "*", "/", "%", "<", ">", "=", "&", "|", "^", "?": return .operation
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

    // MARK: Characters

    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        index + ahead < characters.count ? characters[index + ahead] : nil
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard peek() == character else { return false }
        index += 1
        return true
    }

    /// Spaces, tabs and line breaks between tokens, as Swift skips them.
    mutating func skipSpaces() {
        while let character = peek(), character.properties.isWhitespace { index += 1 }
    }

    func failure(at offset: Int, _ message: String) -> SwiftLiteralError {
        SwiftLiteralError(text: text, offset: offset, message: message)
    }

    static func isDecimalDigit(_ character: Unicode.Scalar) -> Bool { ("0"..."9").contains(character) }

    static func isIdentifierStart(_ character: Unicode.Scalar) -> Bool {
        character == "_" || character == "$" || character.properties.isXIDStart
    }

    static func isIdentifierPart(_ character: Unicode.Scalar) -> Bool {
        character == "$" || character.properties.isXIDContinue
    }

    /// Line breaks as Swift's lexer sees them (CRLF is a CR and a LF).
    static func isNewline(_ character: Unicode.Scalar) -> Bool { character == "\n" || character == "\r" }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
