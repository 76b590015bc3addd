/// How free text is stored, the same whichever way it came (an HTML form, JSON, an answers
/// file, `--set`, a terminal, an import, the library): every answer is written through
/// `SessionState.write`, which applies this before the field's transforms.
///
/// - Line breaks are LF: a browser's CRLF and a lone CR become `\n`.
/// - A one-line field is trimmed of white space at both ends.
/// - A multi-line field keeps its lines as typed, the first one's indentation included; only
///   blank lines before the first line of text, and white space after the last, are dropped.
/// - What is left empty is no answer: null (`blankTextAsNull`), which `required` refuses.
///
/// A secure field's text is never changed: a password is what it is, spaces included.
extension FormValue {
    /// The text as stored for a one-line (`multiline` false) or a multi-line field; any other
    /// value as it is.
    func normalizedText(multiline: Bool) -> FormValue {
        guard case .string(let text) = self else { return self }
        let normalized = multiline ? text.normalizedMultilineText : text.normalizedLineBreaks.trimmingSpaces
        return normalized == text ? self : .string(normalized)
    }
}

extension String {
    /// CRLF and a lone CR as LF.
    var normalizedLineBreaks: String {
        // The bytes in place: UTF8View's own `contains` stepped an index through every byte.
        let hasCR = utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "\r")) } ?? utf8.contains(UInt8(ascii: "\r"))
        guard hasCR else { return self }
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                scalars.append("\n")
                afterCR = true
                continue
            }
            if !(afterCR && scalar == "\n") { scalars.append(scalar) }
            afterCR = false
        }
        return String(scalars)
    }

    /// Line breaks as LF, without the blank lines before the first line of text and the white
    /// space after the last.
    var normalizedMultilineText: String {
        let text = normalizedLineBreaks
        // Fast path: a visible ASCII character at both ends leaves nothing to drop.
        if text.endsAreVisibleASCII { return text }
        let scalars = text.unicodeScalars
        guard let firstVisible = scalars.firstIndex(where: { !$0.isWhitespace }),
            let lastVisible = scalars.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        // The first line of text starts after the last line break before it: its indentation stays.
        let start = scalars[..<firstVisible].lastIndex(of: "\n").map { scalars.index(after: $0) } ?? scalars.startIndex
        if start == scalars.startIndex, scalars.index(after: lastVisible) == scalars.endIndex { return text }
        return String(scalars[start...lastVisible])
    }
}
