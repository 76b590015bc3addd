import TerminalKeys
import Testing

/// Bytes as a terminal sends them in raw mode, decoded into the keys the line editor and the
/// lists see; Scripts/e2e-interactive.sh types the same bytes into `fill` on a real terminal.
@Suite struct TerminalKeyDecoderTests {
    static func keys(_ bytes: [UInt8]) -> [TerminalKey] { TerminalKeyDecoder.keys(in: bytes) }
    static func keys(_ text: String) -> [TerminalKey] { keys(Array(text.utf8)) }
    static func typing(_ text: String) -> [TerminalKey] { text.map(TerminalKey.text) }

    @Test func textAndEditingKeys() {
        #expect(Self.keys("Zoë 李🚀") == Self.typing("Zoë 李🚀"))
        #expect(Self.keys("\u{1B}[D\u{1B}[C\u{1B}OH\u{1B}[4~\u{1B}[3~\u{1B}[5~\u{1B}[1;5A\r\u{7F}\u{01}\u{0B}")
            == [.left, .right, .home, .end, .delete, .pageUp, .up, .enter, .backspace, .home, .killToEnd])
    }

    @Test func malformedUTF8IsDroppedWithoutTheValidByteAfterIt() {
        // A lead byte cut short, a 3-byte character cut after two, a stray continuation,
        // bytes that are never UTF-8, an overlong encoding and a UTF-16 surrogate.
        #expect(Self.keys([0x41, 0xC3, 0x42, 0xE2, 0x82, 0x43, 0x80, 0x44, 0xFF, 0x45, 0xC0, 0xAF, 0x46, 0xED, 0xA0, 0x80, 0x47])
            == Self.typing("ABCDEFG"))
        // A cut-short character before an escape sequence leaves the sequence whole.
        #expect(Self.keys([0xC3, 0x1B, 0x5B, 0x44]) == [.left])
        // Cut short at the end of the input (a pause): dropped.
        #expect(Self.keys([0x41, 0xF0, 0x9F, 0x9A]) == Self.typing("A"))
    }

    @Test func escapeSequencesWithNoUseHereAreDroppedWhole() {
        // OSC ended by BEL and by ST, DCS, APC, a CSI with a private marker, a mouse report,
        // bracketed paste markers, Alt-x, a character-set designation.
        let typed = "a\u{1B}]0;TITLE\u{07}b\u{1B}]8;;https://x.io\u{1B}\\c\u{1B}P1$r0m\u{1B}\\d\u{1B}_app\u{1B}\\e"
            + "\u{1B}[?25hf\u{1B}[<0;10;5Mg\u{1B}[200~h\u{1B}[201~i\u{1B}xj\u{1B}(Bk"
        #expect(Self.keys(typed) == Self.typing("abcdefghijk"))
        // An OSC cut short by the end of the input is dropped, not left as text.
        #expect(Self.keys("a\u{1B}]0;TITLE") == Self.typing("a"))
        // CAN cancels a string sequence.
        #expect(Self.keys("\u{1B}]0;T\u{18}x") == Self.typing("x"))
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        #expect(Self.keys("\u{1B}") == [.escape])
        #expect(Self.keys("\u{1B}\u{1B}[A") == [.escape, .up])
        #expect(Self.keys("\u{1B}\r") == [.escape, .enter])
        var decoder = TerminalKeyDecoder()
        var keys: [TerminalKey] = []
        decoder.feed(0x1B, into: &keys)
        #expect(keys.isEmpty && decoder.isPending)
        decoder.pause(into: &keys)
        #expect(keys == [.escape] && !decoder.isPending)
    }

    @Test func everyByteIsInAKeyOrDropped() {
        let bytes: [UInt8] = Array("a\u{1B}]0;T\u{07}é\u{1B}[D".utf8) + [0xC3, 0x41, 0xFF]
        var decoder = TerminalKeyDecoder()
        var keys: [TerminalKey] = []
        for byte in bytes { decoder.feed(byte, into: &keys) }
        #expect(keys == [.text("a"), .text("é"), .left, .text("A")])
        #expect(decoder.decodedBytes == 1 + 2 + 3 + 1)
        #expect(decoder.droppedBytes == 6 + 1 + 1)
        #expect(decoder.decodedBytes + decoder.droppedBytes == bytes.count)
    }
}
