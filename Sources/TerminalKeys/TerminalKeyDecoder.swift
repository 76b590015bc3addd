/// Turns the bytes a terminal sends in raw mode into keys, one byte at a time, with no I/O of
/// its own, so that what reaches a text field is decided here alone (and can be fuzzed).
///
/// Every byte ends up in a key or dropped: a byte that cannot continue the UTF-8 character or
/// escape sequence in progress drops what came before it and is decoded afresh, so a malformed
/// character never takes the valid byte after it. Escape sequences the editor has no use for
/// are dropped whole: CSI (`ESC [` ... a final byte), SS3 (`ESC O` and one byte), two-byte
/// escapes (Alt and a key) and the string sequences OSC, DCS, SOS, PM and APC up to their BEL
/// or ST (`ESC \`), so that `ESC ] 0;TITLE BEL` leaves nothing in a field.
///
/// A lone ESC cannot be told from the start of a sequence until the next byte: the reader calls
/// `pause()` when no byte follows within a short wait, which makes it the Escape key and drops
/// any other unfinished sequence.
package struct TerminalKeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        /// Inside a UTF-8 character: the scalar so far, the continuation bytes still needed
        /// and the range the next one must be in (narrower after E0, ED, F0, F4).
        case character(value: UInt32, remaining: Int, next: ClosedRange<UInt8>)
        /// After ESC.
        case escape
        /// After ESC and intermediate bytes (0x20-0x2F), until a final byte.
        case escapeIntermediate
        /// After ESC [: parameters, intermediates, then a final byte. `plain` while the
        /// sequence is only digits and ';' (the keys this decoder knows).
        case controlSequence(parameter: Int?, firstDone: Bool, plain: Bool)
        /// After ESC O: one final byte.
        case singleShift
        /// Inside OSC, DCS, SOS, PM or APC, until BEL or ST.
        case string
        /// An ESC inside a string: `\` ends the string (ST); anything else ends it too and is
        /// the start of what follows.
        case stringEscape
    }

    private var state = State.ground
    /// Bytes of the character or sequence in progress.
    package private(set) var pendingBytes = 0
    /// Bytes that went into keys so far.
    package private(set) var decodedBytes = 0
    /// Bytes dropped so far (malformed UTF-8, sequences with no use here).
    package private(set) var droppedBytes = 0

    package init() {}

    /// Whether a character or sequence is unfinished: the reader should wait only briefly for
    /// the next byte and call `pause()` if none comes.
    package var isPending: Bool { pendingBytes > 0 }

    /// Decodes `byte`, appending the keys it completes to `keys` (none, one, or two when a
    /// lone ESC is followed by a byte that starts a key of its own).
    package mutating func feed(_ byte: UInt8, into keys: inout [TerminalKey]) {
        pendingBytes += 1
        switch state {
        case .ground:
            ground(byte, into: &keys)
        case .character(let value, let remaining, let next):
            guard next.contains(byte) else { return restart(with: byte, into: &keys) }
            let scalar = value << 6 | UInt32(byte & 0x3F)
            if remaining > 1 {
                state = .character(value: scalar, remaining: remaining - 1, next: 0x80...0xBF)
            } else if let decoded = Unicode.Scalar(scalar) {
                emit(.text(Character(decoded)), into: &keys)
            } else {
                drop()
            }
        case .escape:
            escape(byte, into: &keys)
        case .escapeIntermediate:
            switch byte {
            case 0x20...0x2F: break
            case 0x30...0x7E: drop()
            default: restart(with: byte, into: &keys)
            }
        case .controlSequence(let parameter, let firstDone, let plain):
            controlSequence(byte, parameter: parameter, firstDone: firstDone, plain: plain, into: &keys)
        case .singleShift:
            guard (0x40...0x7E).contains(byte) else { return restart(with: byte, into: &keys) }
            if let key = Self.finalKey(byte) { emit(key, into: &keys) } else { drop() }
        case .string:
            switch byte {
            case 0x07: drop()
            case 0x1B: state = .stringEscape
            // CAN and SUB cancel a sequence.
            case 0x18, 0x1A: drop()
            default: break
            }
        case .stringEscape:
            if byte == UInt8(ascii: "\\") { return drop() }
            // The ESC ended the string (dropped); the ESC and this byte begin what follows.
            droppedBytes += pendingBytes - 2
            pendingBytes = 2
            state = .escape
            escape(byte, into: &keys)
        }
    }

    /// No byte came within the wait: a lone ESC is the Escape key; anything else unfinished
    /// is dropped.
    package mutating func pause(into keys: inout [TerminalKey]) {
        guard isPending else { return }
        if case .escape = state { emit(.escape, into: &keys) } else { drop() }
    }

    /// Decodes all of `bytes` and ends with a pause: the keys a paste of them gives.
    package static func keys<Bytes: Sequence<UInt8>>(in bytes: Bytes) -> [TerminalKey] {
        var decoder = TerminalKeyDecoder()
        var keys: [TerminalKey] = []
        for byte in bytes { decoder.feed(byte, into: &keys) }
        decoder.pause(into: &keys)
        return keys
    }

    private mutating func ground(_ byte: UInt8, into keys: inout [TerminalKey]) {
        switch byte {
        case 0x1B: state = .escape
        case 0x00..<0x20, 0x7F: emit(Self.controlKey(byte), into: &keys)
        case 0x20..<0x7F: emit(.text(Character(Unicode.Scalar(byte))), into: &keys)
        case 0xC2...0xDF: state = .character(value: UInt32(byte & 0x1F), remaining: 1, next: 0x80...0xBF)
        case 0xE0: state = .character(value: 0, remaining: 2, next: 0xA0...0xBF)
        case 0xED: state = .character(value: 0x0D, remaining: 2, next: 0x80...0x9F)
        case 0xE1...0xEF: state = .character(value: UInt32(byte & 0x0F), remaining: 2, next: 0x80...0xBF)
        case 0xF0: state = .character(value: 0, remaining: 3, next: 0x90...0xBF)
        case 0xF4: state = .character(value: 4, remaining: 3, next: 0x80...0x8F)
        case 0xF1...0xF3: state = .character(value: UInt32(byte & 0x07), remaining: 3, next: 0x80...0xBF)
        // A continuation byte with no lead, C0, C1, F5-FF: never valid UTF-8.
        default: drop()
        }
    }

    private mutating func escape(_ byte: UInt8, into keys: inout [TerminalKey]) {
        switch byte {
        case UInt8(ascii: "["): state = .controlSequence(parameter: nil, firstDone: false, plain: true)
        case UInt8(ascii: "O"): state = .singleShift
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"): state = .string
        case 0x20...0x2F: state = .escapeIntermediate
        // ESC and a printable byte: Alt and a key, which nothing here uses.
        case 0x30...0x7E: drop()
        default:
            // The ESC stood alone (the Escape key); the byte starts something of its own.
            pendingBytes -= 1
            emit(.escape, into: &keys)
            pendingBytes = 1
            ground(byte, into: &keys)
        }
    }

    private mutating func controlSequence(
        _ byte: UInt8, parameter: Int?, firstDone: Bool, plain: Bool, into keys: inout [TerminalKey]
    ) {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var parameter = parameter
            if !firstDone { parameter = min(9999, (parameter ?? 0) * 10 + Int(byte - 0x30)) }
            state = .controlSequence(parameter: parameter, firstDone: firstDone, plain: plain)
        case UInt8(ascii: ";"):
            state = .controlSequence(parameter: parameter, firstDone: true, plain: plain)
        case 0x3A...0x3F, 0x20...0x2F:
            // Private markers (?, <, =, >), ':' and intermediates: sequences no key here sends.
            state = .controlSequence(parameter: parameter, firstDone: firstDone, plain: false)
        case 0x40...0x7E:
            guard plain else { return drop() }
            let key = byte == UInt8(ascii: "~") ? Self.tildeKey(parameter) : Self.finalKey(byte)
            if let key { emit(key, into: &keys) } else { drop() }
        default:
            restart(with: byte, into: &keys)
        }
    }

    /// Drops the unfinished character or sequence before `byte`, then decodes `byte` afresh.
    private mutating func restart(with byte: UInt8, into keys: inout [TerminalKey]) {
        pendingBytes -= 1
        drop()
        pendingBytes = 1
        ground(byte, into: &keys)
    }

    private mutating func emit(_ key: TerminalKey, into keys: inout [TerminalKey]) {
        keys.append(key)
        decodedBytes += pendingBytes
        pendingBytes = 0
        state = .ground
    }

    private mutating func drop() {
        droppedBytes += pendingBytes
        pendingBytes = 0
        state = .ground
    }

    private static func controlKey(_ byte: UInt8) -> TerminalKey {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x7F, 0x08: .backspace
        case 0x01: .home
        case 0x05: .end
        case 0x02: .left
        case 0x06: .right
        case 0x0E: .down
        case 0x10: .up
        case 0x0B: .killToEnd
        case 0x15: .killToStart
        case 0x17: .killWordBack
        case 0x04: .endOfInput
        case 0x09: .tab
        default: .ignored
        }
    }

    /// `ESC [ X` and `ESC O X`.
    private static func finalKey(_ byte: UInt8) -> TerminalKey? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// `ESC [ N ~` (with or without modifiers after a ';').
    private static func tildeKey(_ parameter: Int?) -> TerminalKey? {
        switch parameter {
        case 1, 7: .home
        case 4, 8: .end
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        default: nil
        }
    }
}
