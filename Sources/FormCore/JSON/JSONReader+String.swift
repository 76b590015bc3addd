extension JSONReader.Parser {
    /// Parses a string literal at `index` (which holds the opening quote). When scanning, the
    /// literal is checked the same way but nothing is decoded: the result is empty.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, the common case, decoded straight from the buffer.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = Mode.buildsValues ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) : ""
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("a control character (\(describe(byte))) must be escaped inside a string") }
            index += byte < 0x80 ? 1 : try utf8SequenceLength()
        }
        var scalars: [UInt8] = Mode.buildsValues ? Array(UnsafeBufferPointer(rebasing: bytes[start..<index])) : []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return Mode.buildsValues ? String(decoding: scalars, as: UTF8.self) : ""
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = peek() else { break }
                index += 1
                let decoded: UInt8
                switch escaped {
                case UInt8(ascii: "\""): decoded = 0x22
                case UInt8(ascii: "\\"): decoded = 0x5C
                case UInt8(ascii: "/"): decoded = 0x2F
                case UInt8(ascii: "b"): decoded = 0x08
                case UInt8(ascii: "f"): decoded = 0x0C
                case UInt8(ascii: "n"): decoded = 0x0A
                case UInt8(ascii: "r"): decoded = 0x0D
                case UInt8(ascii: "t"): decoded = 0x09
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape()
                    if Mode.buildsValues { scalars.append(contentsOf: String(Character(scalar)).utf8) }
                    continue
                default:
                    index -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escaped)))' in a string")
                }
                if Mode.buildsValues { scalars.append(decoded) }
            default:
                if byte < 0x20 { throw error("a control character (\(describe(byte))) must be escaped inside a string") }
                let length = byte < 0x80 ? 1 : try utf8SequenceLength()
                if Mode.buildsValues { scalars.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length])) }
                index += length
            }
        }
        throw error("unterminated string")
    }

    /// The length of the UTF-8 sequence at `index`; a byte that is not valid UTF-8 is an error
    /// naming its byte offset, so that nothing is ever decoded as U+FFFD.
    mutating func utf8SequenceLength() throws(JSONSyntaxError) -> Int {
        guard let length = UTF8Validation.sequenceLength(at: index, in: bytes) else { throw invalidUTF8() }
        return length
    }

    mutating func invalidUTF8() -> JSONSyntaxError {
        error("invalid UTF-8: \(describe(bytes[index])) at byte offset \(index) does not start a valid character")
    }

    /// `\uXXXX`, joining a UTF-16 surrogate pair into one scalar.
    mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard peek() == UInt8(ascii: "\\"), peek(at: index + 1) == UInt8(ascii: "u") else {
                throw error("a lone UTF-16 surrogate \\u\(String(high, radix: 16)) in a string")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else { throw error("an invalid UTF-16 surrogate pair in a string") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else {
            throw error("a lone UTF-16 surrogate \\u\(String(high, radix: 16)) in a string")
        }
        return scalar
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw error("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
            default: throw error("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
