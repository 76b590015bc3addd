/// One key press read from a terminal in raw mode: printable text (a whole UTF-8 character),
/// or an editing or moving key decoded from its control byte or escape sequence.
enum TerminalKey: Equatable {
    case text(Character)
    case enter
    case backspace
    case delete
    case left, right, up, down
    case home, end
    case pageUp, pageDown
    /// Ctrl-K, Ctrl-U, Ctrl-W: kill to the end, to the start, the word before the cursor.
    case killToEnd, killToStart, killWordBack
    /// Ctrl-D: end of input on an empty line, else delete under the cursor.
    case endOfInput
    case tab
    case escape
    /// A key or sequence with no meaning here (a function key, another control).
    case ignored
}

extension TerminalInput {
    /// Reads one key, waiting as long as it takes; an escape sequence is read whole. Throws
    /// `Interrupted` on Ctrl-C and `EndOfInput` when the terminal is gone.
    static func readKey() throws -> TerminalKey {
        guard let byte = try readByte(waitingMilliseconds: nil) else { throw EndOfInput() }
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x05: return .end
        case 0x02: return .left
        case 0x06: return .right
        case 0x0E: return .down
        case 0x10: return .up
        case 0x0B: return .killToEnd
        case 0x15: return .killToStart
        case 0x17: return .killWordBack
        case 0x04: return .endOfInput
        case 0x09: return .tab
        case 0x1B: return try readEscapeSequence()
        case 0x00..<0x20: return .ignored
        default: return try readCharacter(startingWith: byte)
        }
    }

    /// The rest of a UTF-8 character whose first byte is `first`; a malformed one is ignored
    /// rather than stored as U+FFFD.
    private static func readCharacter(startingWith first: UInt8) throws -> TerminalKey {
        let length: Int
        switch first {
        case 0x00..<0x80: length = 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return .ignored
        }
        var bytes = [first]
        while bytes.count < length {
            guard let next = try readByte(waitingMilliseconds: 50), next & 0xC0 == 0x80 else { return .ignored }
            bytes.append(next)
        }
        guard let text = String(validating: bytes, as: UTF8.self), let character = text.first else { return .ignored }
        return .text(character)
    }

    /// After ESC: `[` or `O` and a final byte (`ESC [ D`), or digits and `~` (`ESC [ 3 ~`). An
    /// ESC alone (nothing follows within 50 ms) is the Escape key.
    private static func readEscapeSequence() throws -> TerminalKey {
        guard let introducer = try readByte(waitingMilliseconds: 50) else { return .escape }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return .ignored }
        var parameters = ""
        while let byte = try readByte(waitingMilliseconds: 50) {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ";"):
                parameters.append(Character(Unicode.Scalar(byte)))
                continue
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            case UInt8(ascii: "H"): return .home
            case UInt8(ascii: "F"): return .end
            case UInt8(ascii: "~"):
                switch parameters.split(separator: ";").first {
                case "1", "7": return .home
                case "4", "8": return .end
                case "3": return .delete
                case "5": return .pageUp
                case "6": return .pageDown
                default: return .ignored
                }
            default: return .ignored
            }
        }
        return .ignored
    }
}
