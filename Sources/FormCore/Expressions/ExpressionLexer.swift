/// Splits expression text into tokens.
///
/// It works on an array of Characters so that columns count what a person sees. It stops at a
/// top-level `}` (emitting it), which is how a property string finds the end of `@{...}` without
/// being fooled by a `}` inside a string literal.
struct ExpressionLexer {
    let chars: [Character]
    var index: Int
    /// Index of the expression's first character: columns are counted from here.
    let start: Int
    let maxDepth: Int

    init(chars: [Character], start: Int, maxDepth: Int) {
        self.chars = chars
        self.index = start
        self.start = start
        self.maxDepth = maxDepth
    }

    var column: Int { index - start + 1 }

    /// Tokens up to the end of the text or a top-level `}` (included); inside an interpolation
    /// (`nesting > 0`), up to the `)` that closes it, which becomes `.end`.
    mutating func tokenize(nesting: Int = 0) throws(ExpressionError) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        var parens = 0
        let opened = column - 2  // column of the `\(` when nesting
        while true {
            while index < chars.count, chars[index].isWhitespace { index += 1 }
            guard index < chars.count else {
                if nesting > 0 { throw .syntax("missing ')' to close '\\(' at column \(opened)", at: column) }
                tokens.append(ExpressionToken(kind: .end, column: column))
                return tokens
            }
            let token = try next(nesting: nesting)
            if case .symbol(let symbol) = token.kind {
                switch symbol {
                case .leftParen: parens += 1
                case .rightParen where nesting > 0 && parens == 0:
                    tokens.append(ExpressionToken(kind: .end, column: token.column))
                    return tokens
                case .rightParen: parens -= 1
                case .rightBrace where nesting > 0:
                    throw .syntax("unexpected '}' inside '\\(...)'", at: token.column)
                case .rightBrace:
                    tokens.append(token)
                    return tokens
                default: break
                }
            }
            tokens.append(token)
        }
    }

    private mutating func next(nesting: Int) throws(ExpressionError) -> ExpressionToken {
        let c = chars[index]
        let col = column
        if c.isASCIIDigit { return try number() }
        if c == "'" || c == "\"" { return try string(quote: c, nesting: nesting) }
        if c.isLetter || c == "_" || (c == "@" && peek(1)?.isLetter == true) {
            var name = String(c)
            index += 1
            while index < chars.count, chars[index].isLetter || chars[index] == "_" || chars[index].isASCIIDigit {
                name.append(chars[index])
                index += 1
            }
            return ExpressionToken(kind: .identifier(name), column: col)
        }
        if let symbol = symbol(c, followedBy: peek(1)) {
            index += symbol.rawValue.count
            return ExpressionToken(kind: .symbol(symbol), column: col)
        }
        let hint: String
        switch c {
        case "=": hint = " (did you mean '=='?)"
        case "&": hint = " (did you mean '&&'?)"
        case "|": hint = " (did you mean '||'?)"
        default: hint = ""
        }
        throw .syntax("unexpected character '\(c)'\(hint)", at: col)
    }

    private func peek(_ offset: Int) -> Character? {
        index + offset < chars.count ? chars[index + offset] : nil
    }

    /// The symbol starting with `c`, two-character ones first (`??` before `?`, `<=` before `<`).
    private func symbol(_ c: Character, followedBy next: Character?) -> ExpressionToken.Symbol? {
        switch c {
        case "?": return next == "." ? .optionalDot : (next == "?" ? .nilCoalescing : .question)
        case "<": return next == "=" ? .lessOrEqual : .less
        case ">": return next == "=" ? .greaterOrEqual : .greater
        case "!": return next == "=" ? .notEqual : .bang
        case "=": return next == "=" ? .equal : nil
        case "&": return next == "&" ? .and : nil
        case "|": return next == "|" ? .or : nil
        default: return ExpressionToken.Symbol(rawValue: String(c))
        }
    }

    /// Integers and doubles (`12`, `1.5`, `2e3`). After a `.` only digits are taken, so that
    /// `items.0.1` is a key path rather than `items.` followed by `0.1`.
    private mutating func number() throws(ExpressionError) -> ExpressionToken {
        let col = column
        let afterDot = index > start && (chars[index - 1] == ".")
        var text = ""
        var isDouble = false
        while let c = peek(0), c.isASCIIDigit { text.append(c); index += 1 }
        if !afterDot, peek(0) == ".", peek(1)?.isASCIIDigit == true {
            isDouble = true
            text.append(".")
            index += 1
            while let c = peek(0), c.isASCIIDigit { text.append(c); index += 1 }
        }
        if !afterDot, let e = peek(0), e == "e" || e == "E" {
            let signed = peek(1) == "+" || peek(1) == "-"
            if peek(signed ? 2 : 1)?.isASCIIDigit == true {
                isDouble = true
                text.append("e")
                if signed, let sign = peek(1) { text.append(sign) }
                index += signed ? 2 : 1
                while let c = peek(0), c.isASCIIDigit { text.append(c); index += 1 }
            }
        }
        if isDouble, let d = Double(text), d.isFinite { return ExpressionToken(kind: .double(d), column: col) }
        if !isDouble, let i = Int(text) { return ExpressionToken(kind: .int(i), column: col) }
        throw .syntax("the number \(text) is too large", at: col)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
