/// Control characters are refused in text from any source (a prompt, `--set`, answers, a
/// request): an ESC stored in a name would move the cursor of whoever later prints it, and a
/// spreadsheet or a log shows it as garbage. Line breaks (LF, CRLF, CR) and tabs are text in a
/// multiline field; everywhere else they are refused too, since a one-line field cannot show them.
package enum ControlCharacterCheck {
    /// The message for the first control character in `text`, nil when there is none.
    static func problem(in text: String, allowingLineBreaks: Bool) -> FieldInputError? {
        guard containsControl(text) else { return nil }
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() where isControl(scalar) {
            let position = offset + 1
            if allowingLineBreaks {
                // CRLF and a lone CR are line breaks too: they are stored as LF (TextNormalization).
                if scalar == "\n" || scalar == "\r" || scalar == "\t" { continue }
            }
            let code = "U+" + String(String(scalar.value, radix: 16, uppercase: true).leftPadded(4))
            // Line breaks and tabs reach here only in a one-line field.
            let key: LibraryMessage = scalar == "\n" || scalar == "\r" ? .lineBreakInOneLine : scalar == "\t" ? .tabInOneLine : .controlCharacter
            return FieldInputError(LibraryMessages.text(key, ["position": .int(position), "code": .text(code)]))
        }
        return nil
    }

    /// Whether `text` holds a control character (`isControl`), read from its UTF-8 bytes: every
    /// answer is checked, and decoding each scalar cost more than the rest of reading it. C0
    /// controls and DEL are single bytes; a C1 control is 0xC2 followed by 0x80 to 0x9F (a
    /// String's UTF-8 is valid, so those two bytes are always that scalar).
    static func containsControl(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] & 0xE0 == 0x80 { return true }
                index += 1
            }
            return false
        }
        return found ?? text.unicodeScalars.contains(where: isControl)
    }

    /// C0 controls, DEL, and C1 controls (U+0080 to U+009F, obeyed as escapes by some terminals):
    /// what formctl neither stores nor prints as it is.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F, 0x80...0x9F: return true
        default: return false
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
