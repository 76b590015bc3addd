/// Number literals as Swift reads them: decimal with `_` between digits, `0x`, `0o`, `0b`,
/// fractions and exponents (`p` for hex), a `-` written against the digits.
extension SwiftLiteralReader {
    mutating func readNumber() throws(SwiftLiteralError) -> FormValue {
        let start = index
        let isNegative = peek() == "-"
        if isNegative { index += 1 }
        var radix = 10
        if peek() == "0", let marker = peek(1) {
            switch marker {
            case "x": radix = 16
            case "o": radix = 8
            case "b": radix = 2
            default: break
            }
            if radix != 10 { index += 2 }
        }
        var digits = try readDigits(radix: radix, start: start)
        var isFloat = false
        // A fraction needs a digit after the dot: `1.foo` is a member access, refused later.
        if peek() == ".", radix == 10 || radix == 16, let next = peek(1), Self.isDigit(next, radix: radix) {
            index += 1
            digits += "." + (try readDigits(radix: radix, start: start))
            isFloat = true
        }
        let exponentMarkers: Set<Unicode.Scalar> = radix == 16 ? ["p", "P"] : radix == 10 ? ["e", "E"] : []
        if let marker = peek(), exponentMarkers.contains(marker) {
            index += 1
            var exponent = String(Character(marker))
            if let sign = peek(), sign == "-" || sign == "+" {
                exponent.unicodeScalars.append(sign)
                index += 1
            }
            exponent += try readDigits(radix: 10, start: start)
            digits += exponent
            isFloat = true
        } else if radix == 16, isFloat {
            throw failure(at: start, "\(written(from: start)) is no number: a hexadecimal fraction needs an exponent (0x1.8p1)")
        }
        if let next = peek(), Self.isIdentifierPart(next) { throw notANumber(start) }
        return try value(digits: digits, radix: radix, isNegative: isNegative, isFloat: isFloat, start: start)
    }

    /// Digits of `radix` with `_` between or after them (`1_000`, `0xFF_FF`); the first must be
    /// a digit.
    private mutating func readDigits(radix: Int, start: Int) throws(SwiftLiteralError) -> String {
        guard let first = peek(), Self.isDigit(first, radix: radix) else { throw notANumber(start) }
        var digits = ""
        while let character = peek(), Self.isDigit(character, radix: radix) || character == "_" {
            if character != "_" { digits.unicodeScalars.append(character) }
            index += 1
        }
        return digits
    }

    private func value(digits: String, radix: Int, isNegative: Bool, isFloat: Bool, start: Int) throws(SwiftLiteralError) -> FormValue {
        let sign = isNegative ? "-" : ""
        if !isFloat, let integer = Int(sign + digits, radix: radix) { return .int(integer) }
        // Beyond Int, or a fraction: a Double, as JSON would hold it.
        let number: Double?
        if radix == 16 {
            number = Double(sign + "0x" + digits)
        } else if radix == 10 {
            number = Double(sign + digits)
        } else {
            number = digits.reduce(0.0) { total, digit in total * Double(radix) + Double(digit.hexDigitValue ?? 0) } * (isNegative ? -1 : 1)
        }
        guard let number, number.isFinite else {
            throw failure(at: start, "\(written(from: start)) is too large for a Double")
        }
        return .double(number)
    }

    private func notANumber(_ start: Int) -> SwiftLiteralError {
        failure(at: start, "\(written(from: start)) is no number")
    }

    /// The number as written, up to where it clearly stops, for messages.
    private func written(from start: Int) -> String {
        var end = max(index, start + 1)
        while end < characters.count, Self.isIdentifierPart(characters[end]) || characters[end] == "." { end += 1 }
        return Self.string(characters[start..<min(end, characters.count)]).excerpt(maximumLength: 60)
    }

    static func isDigit(_ character: Unicode.Scalar, radix: Int) -> Bool {
        guard character.properties.isASCIIHexDigit, let value = Character(character).hexDigitValue else { return false }
        return value < radix
    }
}
