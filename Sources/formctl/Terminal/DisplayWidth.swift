/// How many terminal columns text takes: East Asian wide characters and emoji take two,
/// combining marks and zero-width joiners none, everything else one. Enough to keep the cursor
/// where the text is; not a full implementation of Unicode's East Asian Width tables.
enum DisplayWidth {
    static func of<Text: Sequence<Character>>(_ text: Text) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

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

    private static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
            || value == 0x200B || value == 0x200D
        {
            return 0
        }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
