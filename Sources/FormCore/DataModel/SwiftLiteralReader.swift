import OrderedCollections

/// A hand-written reader of one Swift literal over the Unicode scalars of its text, as Swift's
/// lexer reads source (a quote followed by a combining mark is still a quote): values, arrays,
/// dictionaries; strings, numbers and the refusals of everything that is code are in their own
/// files.
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
