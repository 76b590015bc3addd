import FormCore

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

    /// FormCore's control characters but newline and tab, which a terminal shows as text.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && ControlCharacterCheck.isControl(scalar)
    }
}
