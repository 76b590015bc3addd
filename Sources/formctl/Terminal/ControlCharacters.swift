/// Control characters made visible before text from a form, a file or a database reaches a
/// terminal: an ESC in a title or a value could otherwise move the cursor, rewrite what was
/// printed, or set the window title. Line breaks and tabs stay as they are.
enum ControlCharacters {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 controls but newline and tab, DEL, and the C1 controls (U+0080 to U+009F, which
    /// some terminals obey as escape sequences too).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00..<0x20, 0x7F, 0x80...0x9F: return true
        default: return false
        }
    }
}
