/// Regular expressions for validation, compiled from definition text without ever running it
/// as code, and the email and URL checks.
package enum TextPattern {
    /// Whether the whole of `text` matches `pattern`, in time linear in the text
    /// (`LinearRegex`); a bad or unsupported pattern is an error, not a crash. Nil when
    /// `deadline` passed before the answer was known.
    package static func wholeMatch(_ pattern: String, _ text: String, deadline: ContinuousClock.Instant? = nil) -> Result<Bool?, FieldInputError> {
        do {
            return .success(try LinearRegex.compiled(pattern).wholeMatch(text, deadline: deadline))
        } catch {
            return .failure(FieldInputError(LibraryMessages.text(.invalidPattern, ["pattern": .text(pattern.excerpt()), "reason": .text("\(error)")])))
        }
    }

    /// A pragmatic check: one `@`, a non-empty local part, a dotted domain, no spaces.
    static func isEmail(_ text: String) -> Bool {
        if let ascii = isASCIIEmail(text.utf8) { return ascii }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
            && (labels.last?.count ?? 0) >= 2
    }

    /// The same check on ASCII bytes, without Character classification (an import checks
    /// every line); nil when the text is not ASCII and the general check must decide.
    static func isASCIIEmail(_ bytes: String.UTF8View) -> Bool? {
        var ats = 0
        var localLength = 0
        var labelLength = 0
        var labels = 0
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte <= 0x20 { return false }
            if byte == UInt8(ascii: "@") {
                ats += 1
                if ats > 1 { return false }
                continue
            }
            if ats == 0 { localLength += 1; continue }
            if byte == UInt8(ascii: ".") {
                if labelLength == 0 { return false }
                labels += 1
                labelLength = 0
                continue
            }
            let isWordByte = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "-")
            if !isWordByte { return false }
            labelLength += 1
        }
        return ats == 1 && localLength > 0 && labels >= 1 && labelLength >= 2
    }

    static func isURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let rest = lowered.dropFirst(scheme.count)
            let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return !host.isEmpty && !text.contains(where: \.isWhitespace) && host.contains(where: \.isLetter)
        }
        return false
    }
}
