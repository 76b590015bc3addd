import FuzzSupport
import TerminalKeys

/// Any bytes typed or pasted into a terminal: the key decoder never crashes, every byte ends up
/// in a key or dropped, valid UTF-8 text (no control bytes) comes back as the same text, and
/// neither a malformed byte nor a whole escape sequence before the input changes its keys.
enum FuzzTerminalKeys {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        var decoder = TerminalKeyDecoder()
        var keys: [TerminalKey] = []
        for byte in bytes { decoder.feed(byte, into: &keys) }
        precondition(decoder.decodedBytes + decoder.droppedBytes + decoder.pendingBytes == bytes.count, "a byte was lost")
        decoder.pause(into: &keys)
        precondition(decoder.pendingBytes == 0 && decoder.decodedBytes + decoder.droppedBytes == bytes.count)
        precondition(keys.count <= bytes.count, "more keys than bytes")

        if let text = FuzzInputs.text(bytes), !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            var typed = ""
            for key in keys {
                guard case .text(let character) = key else { preconditionFailure("text gave \(key)") }
                typed.append(character)
            }
            precondition(typed == text, "text did not come back as typed")
            precondition(decoder.droppedBytes == 0)
        }

        // Decoding starts afresh after a malformed byte, a complete OSC (BEL or ST) or CSI.
        for prefix: [UInt8] in [[0xFF], [0xC3, 0x1B, 0x5B, 0x3F, 0x32, 0x35, 0x68], Array("\u{1B}]0;TITLE\u{07}".utf8),
                                Array("\u{1B}P1$r\u{1B}\\".utf8), [0xE2, 0x82]]
        where bytes.first.map({ $0 & 0xC0 != 0x80 }) ?? true {
            precondition(TerminalKeyDecoder.keys(in: prefix + bytes) == keys, "a prefix \(prefix) changed the keys")
        }
    }
}

@main enum Main { static func main() { FuzzInputs.main(FuzzTerminalKeys.run) } }
