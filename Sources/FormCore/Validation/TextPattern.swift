/// Regular expressions for validation, compiled from definition text without ever running it
/// as code, and the email and URL checks.
public enum TextPattern {
    /// Whether the whole of `text` matches `pattern`; a bad pattern is an error, not a crash.
    public static func wholeMatch(_ pattern: String, _ text: String) -> Result<Bool, FieldInputError> {
        do {
            let regex = try Regex(pattern)
            return .success(try regex.wholeMatch(in: text) != nil)
        } catch {
            return .failure(FieldInputError("invalid pattern \(pattern)"))
        }
    }

    /// Whether `pattern` is found anywhere in `text`.
    public static func firstMatch(_ pattern: String, _ text: String) -> Result<Bool, FieldInputError> {
        do {
            let regex = try Regex(pattern)
            return .success(try regex.firstMatch(in: text) != nil)
        } catch {
            return .failure(FieldInputError("invalid pattern \(pattern)"))
        }
    }

    /// A pragmatic check: one `@`, a non-empty local part, a dotted domain, no spaces.
    public static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
            && (labels.last?.count ?? 0) >= 2
    }

    public static func isURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let rest = lowered.dropFirst(scheme.count)
            let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return !host.isEmpty && !text.contains(where: \.isWhitespace) && host.contains(where: \.isLetter)
        }
        return false
    }
}
