/// String literals as Swift reads them: `"..."` on one line, `"""` over several, either raw
/// with `#` around it; escapes taken, interpolation refused.
extension SwiftLiteralReader {
    mutating func readString() throws(SwiftLiteralError) -> String {
        let start = index
        var hashes = 0
        while peek() == "#" {
            hashes += 1
            index += 1
        }
        guard peek() == "\"" else { throw refusal(at: start) }
        if peek(1) == "\"", peek(2) == "\"" {
            index += 3
            return try readMultilineString(start: start, hashes: hashes)
        }
        index += 1
        var result = ""
        while true {
            guard let character = peek(), !Self.isNewline(character) else {
                throw failure(at: start, "the string literal is not closed on its line (a text over several lines is written \"\"\"...\"\"\")")
            }
            if character == "\"", closesRaw(after: index + 1, hashes: hashes) {
                index += 1 + hashes
                return result
            }
            if character == "\\", closesRaw(after: index + 1, hashes: hashes) {
                index += 1 + hashes
                try readEscape(into: &result, stringStart: start)
                continue
            }
            result.unicodeScalars.append(character)
            index += 1
        }
    }

    /// Whether `hashes` `#` follow at `position` (a raw string's closing or escape marks).
    func closesRaw(after position: Int, hashes: Int) -> Bool {
        guard hashes > 0 else { return true }
        guard position + hashes <= characters.count else { return false }
        return characters[position..<(position + hashes)].allSatisfy { $0 == "#" }
    }

    /// The escape after a `\` (and a raw string's `#`s): `\n \t \r \0 \\ \" \' \u{...}`;
    /// `\(` is interpolation, which would run code.
    mutating func readEscape(into result: inout String, stringStart: Int) throws(SwiftLiteralError) {
        let escapeStart = index - 1
        guard let character = peek() else { throw failure(at: escapeStart, "the string literal ends in the middle of an escape") }
        index += 1
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "0": result.append("\0")
        case "\\": result.append("\\")
        case "\"": result.append("\"")
        case "'": result.append("'")
        case "u": result.unicodeScalars.append(try readUnicodeEscape(escapeStart: escapeStart))
        case "(": throw refusal(at: stringStart)
        default: throw failure(at: escapeStart, "'\\\(character)' is no escape Swift knows (\\n \\t \\r \\0 \\\\ \\\" \\' \\u{...})")
        }
    }

    /// `\u{1F600}`: one to eight hex digits naming a Unicode scalar.
    private mutating func readUnicodeEscape(escapeStart: Int) throws(SwiftLiteralError) -> Unicode.Scalar {
        guard peek() == "{" else { throw failure(at: escapeStart, "\\u is written \\u{...} with one to eight hex digits") }
        index += 1
        var digits = ""
        while let character = peek(), character.properties.isASCIIHexDigit {
            digits.unicodeScalars.append(character)
            index += 1
        }
        guard peek() == "}", (1...8).contains(digits.count) else {
            throw failure(at: escapeStart, "\\u is written \\u{...} with one to eight hex digits")
        }
        index += 1
        guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw failure(at: escapeStart, "\\u{\(digits)} is no Unicode scalar")
        }
        return scalar
    }

    /// A `"""` string: its text starts on the line after the opening quotes and ends on the
    /// line before the closing ones, whose indentation every line loses; a `\` at the end of a
    /// line joins it to the next.
    private mutating func readMultilineString(start: Int, hashes: Int) throws(SwiftLiteralError) -> String {
        while let character = peek(), character.properties.isWhitespace, !Self.isNewline(character) { index += 1 }
        guard let newline = peek(), Self.isNewline(newline) else {
            throw failure(at: start, "a multi-line string literal starts on the line after its opening \"\"\"")
        }
        index += newline == "\r" && peek(1) == "\n" ? 2 : 1
        // The raw lines up to the closing delimiter, escapes still as written.
        var lines: [[Unicode.Scalar]] = [[]]
        var escapedAt: [Set<Int>] = [[]]
        while true {
            guard let character = peek() else { throw failure(at: start, "the multi-line string literal is not closed (\"\"\")") }
            if character == "\"", peek(1) == "\"", peek(2) == "\"", closesRaw(after: index + 3, hashes: hashes) {
                guard lines[lines.count - 1].allSatisfy({ $0 == " " || $0 == "\t" }) else {
                    throw failure(at: index, "the closing \"\"\" of a multi-line string literal stands on its own line")
                }
                index += 3 + hashes
                break
            }
            if Self.isNewline(character) {
                lines.append([])
                escapedAt.append([])
                index += character == "\r" && peek(1) == "\n" ? 2 : 1
                continue
            }
            if character == "\\", closesRaw(after: index + 1, hashes: hashes) {
                // The escape's characters are kept, and whatever it escapes (a quote) never closes.
                escapedAt[lines.count - 1].insert(lines[lines.count - 1].count)
                lines[lines.count - 1].append(character)
                index += 1 + hashes
                if let escaped = peek(), !Self.isNewline(escaped) {
                    lines[lines.count - 1].append(escaped)
                    index += 1
                }
                continue
            }
            lines[lines.count - 1].append(character)
            index += 1
        }
        let indentation = lines.removeLast()
        escapedAt.removeLast()
        return try multilineText(lines, escapedAt: escapedAt, indentation: indentation, start: start)
    }

    /// The lines without their indentation, joined by `\n`, escapes read.
    private func multilineText(
        _ lines: [[Unicode.Scalar]], escapedAt: [Set<Int>], indentation: [Unicode.Scalar], start: Int
    ) throws(SwiftLiteralError) -> String {
        var result = ""
        var joinsNext = false
        for (number, line) in lines.enumerated() {
            if number > 0, !joinsNext { result.append("\n") }
            joinsNext = false
            let body: ArraySlice<Unicode.Scalar>
            if line.starts(with: indentation) {
                body = line[indentation.count...]
            } else if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                body = []
            } else {
                throw failure(at: start, "line \(number + 1) of the multi-line string literal is indented less than its closing \"\"\"")
            }
            var position = body.startIndex
            while position < body.endIndex {
                let character = body[position]
                guard character == "\\", escapedAt[number].contains(position) else {
                    result.unicodeScalars.append(character)
                    position += 1
                    continue
                }
                guard position + 1 < body.endIndex else {
                    joinsNext = true
                    break
                }
                // Only the escape's own characters (`\u{10FFFF}` is the longest): a copy of the
                // rest of the line per escape would cost the square of its length.
                var escape = SwiftLiteralReader(Self.string(body[position..<min(position + 12, body.endIndex)]))
                escape.index = 1
                var text = ""
                do {
                    try escape.readEscape(into: &text, stringStart: 0)
                } catch {
                    // Placed in this literal: interpolation names the whole string.
                    throw body[position + 1] == "(" ? refusal(at: start) : failure(at: start, error.message)
                }
                result += text
                position += escape.index
            }
        }
        return result
    }
}
