extension String {
    /// The characters of a long input a message may quote: a message names what is wrong and
    /// where, and echoing a 100,000-character expression whole would bury that.
    static let quotedLengthLimit = 200

    /// The text itself when short; otherwise its first `maximumLength` characters, an ellipsis
    /// and the full length.
    package func excerpt(maximumLength: Int = String.quotedLengthLimit) -> String {
        excerpt(around: nil, maximumLength: maximumLength)
    }

    /// Up to `maximumLength` characters around the 1-based `column` (the start when nil), with an
    /// ellipsis where text was cut and, when cut, the full length.
    package func excerpt(around column: Int?, maximumLength: Int = String.quotedLengthLimit) -> String {
        let total = count
        guard total > maximumLength else { return self }
        let wanted = max(0, (column ?? 1) - 1 - maximumLength / 2)
        let start = min(wanted, total - maximumLength)
        let from = index(startIndex, offsetBy: start)
        let to = index(from, offsetBy: maximumLength)
        let head = start > 0 ? "…" : ""
        let tail = to < endIndex ? "…" : ""
        return head + self[from..<to] + tail + " (\(total) characters)"
    }
}
