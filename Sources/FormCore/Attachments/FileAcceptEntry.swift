/// One entry of a file field's `accept`, as `check` and the JSON Schema read it: a media type
/// (`image/png`), a whole top-level type (`image/*`), or an extension (`.pdf`).
enum FileAcceptEntry {
    /// The characters RFC 6838 allows in a type or subtype name (restricted-name-chars).
    static let tokenPattern = "[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*"
    /// The same rule as `isValid`, for editors.
    static let schemaPattern = "^(\\.[^./\\\\\\s]+|\(tokenPattern)/(\\*|\(tokenPattern)))$"

    /// Whether `entry` is `type/subtype`, `type/*` or `.ext` (an extension with no dot,
    /// slash or space after its leading dot).
    static func isValid(_ entry: String) -> Bool {
        if entry.hasPrefix(".") {
            let rest = entry.dropFirst()
            return !rest.isEmpty && !rest.contains { $0 == "." || $0 == "/" || $0 == "\\" || $0.isWhitespace }
        }
        let parts = entry.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2, isToken(parts[0]) else { return false }
        return parts[1] == "*" || isToken(parts[1])
    }

    static func isToken(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIIAlphanumeric else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || "!#$&^_.+-".unicodeScalars.contains($0) }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIIAlphanumeric: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
    }
}
