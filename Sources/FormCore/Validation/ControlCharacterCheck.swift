/// Control characters are refused in text from any source (a prompt, `--set`, answers, a
/// request): an ESC stored in a name would move the cursor of whoever later prints it, and a
/// spreadsheet or a log shows it as garbage. Line breaks (LF, CRLF, CR) and tabs are text in a
/// multiline field; everywhere else they are refused too, since a one-line field cannot show them.
package enum ControlCharacterCheck {
    /// The message for the first control character in `text`, nil when there is none.
    static func problem(in text: String, allowingLineBreaks: Bool) -> FieldInputError? {
        guard text.unicodeScalars.contains(where: isControl) else { return nil }
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
