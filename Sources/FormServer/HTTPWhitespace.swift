extension StringProtocol where SubSequence == Substring {
    /// The text without the spaces and tabs around it: HTTP's optional white space (RFC 9110,
    /// 5.6.3), the only white space a header's syntax has. Foundation's
    /// `trimmingCharacters(in: .whitespaces)` goes through NSString on Linux: in `serve`, the
    /// Content-Type and Accept of every request trimmed that way cost about 3% of a
    /// submission's CPU.
    var withoutHTTPWhitespace: Substring {
        func isWhitespace(_ character: Character) -> Bool { character == " " || character == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }), let last = lastIndex(where: { !isWhitespace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
