extension ExpressionLexer {
    /// A string literal in either quote, with `\\ \' \" \n \t \r \0 \u{…}` escapes and `\(...)`
    /// interpolations, whose tokens are lexed here (recursively, bounded by `maxDepth`).
    mutating func string(quote: Character, nesting: Int) throws(ExpressionError) -> ExpressionToken {
        let opening = column
        index += 1
        var segments: [ExpressionToken.StringSegment] = []
        var text = ""
        while true {
            guard index < chars.count else {
                throw .syntax("unterminated string literal", at: opening)
            }
            let c = chars[index]
            if c == quote {
                index += 1
                break
            }
            guard c == "\\" else {
                text.append(c)
                index += 1
                continue
            }
            let escapeColumn = column
            guard index + 1 < chars.count else { throw .syntax("unterminated string literal", at: opening) }
            let escaped = chars[index + 1]
            index += 2
            switch escaped {
            case "\\", "'", "\"": text.append(escaped)
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "0": text.append("\0")
            case "u": text.append(try unicodeEscape(at: escapeColumn))
            case "(":
                guard nesting + 1 < maxDepth else {
                    throw .syntax("the expression is nested too deeply (more than \(maxDepth) levels)", at: escapeColumn)
                }
                if !text.isEmpty { segments.append(.text(text)) }
                text = ""
                segments.append(.code(try tokenize(nesting: nesting + 1)))
            default:
                throw .syntax("unknown escape '\\\(escaped)' in a string literal", at: escapeColumn)
            }
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(text)) }
        return ExpressionToken(kind: .string(segments), column: opening)
    }

    /// `\u{1F600}`: one to eight hex digits naming a Unicode scalar.
    private mutating func unicodeEscape(at escapeColumn: Int) throws(ExpressionError) -> Character {
        guard index < chars.count, chars[index] == "{" else {
            throw .syntax("expected '{' after '\\u'", at: escapeColumn)
        }
        index += 1
        var hex = ""
        while index < chars.count, chars[index] != "}", hex.count <= 8 {
            hex.append(chars[index])
            index += 1
        }
        guard index < chars.count, chars[index] == "}", let value = UInt32(hex, radix: 16),
            let scalar = Unicode.Scalar(value)
        else {
            throw .syntax("invalid unicode escape; write \\u{XXXX} with 1 to 8 hex digits", at: escapeColumn)
        }
        index += 1
        return Character(scalar)
    }
}
