/// How many terminal columns text takes: East Asian wide characters and emoji take two,
/// combining marks (Arabic's vowel signs, a decomposed é's accent), zero-width joiners and the
/// invisible format characters (bidirectional marks, ZWSP) none, everything else one.
/// Enough to keep the cursor where the text is; not a full implementation of Unicode's East
/// Asian Width tables.
///
/// Text is measured in logical order, as a terminal stores it: a terminal that shows Arabic or
/// Hebrew right to left (or not) still gives each letter its cell, so the columns add up alike.
enum DisplayWidth {
    static func of<Text: Sequence<Character>>(_ text: Text) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// A character's columns: its first scalar's, since the marks that follow it in the same
    /// character draw in its cells. A regional-indicator pair (a flag) or an emoji
    /// presentation takes two.
    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        // An emoji presentation selector makes the cluster an emoji, two columns.
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return width(of: first)
    }

    /// The columns of ANSI-styled text: escape sequences (`ESC [ ... m`) take none.
    static func ofStyled(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if let scalar = character.unicodeScalars.first, (0x40...0x7E).contains(scalar.value), character != "[" { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            width += of(character)
        }
        return width
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            // Combining marks join the character before them; format characters (ZWJ, ZWSP,
            // LRM/RLM, the bidirectional embeddings, the Arabic letter mark) take no cell of
            // their own; a soft hyphen, which terminals draw, takes one.
            return value == 0x00AD ? 1 : 0
        default:
            break
        }
        // Hangul's medial vowels and final consonants combine into the syllable before them.
        if (0x1160...0x11FF).contains(value) { return 0 }
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
            0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
            0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C,
            0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A,
            0x1F1E6...0x1F1FF, 0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
            0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
