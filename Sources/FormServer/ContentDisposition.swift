/// `form-data; name="talks.1.slides"; filename="deck.pdf"`: the parameters by lowercased name,
/// a quoted value's backslash escapes undone (browsers percent-encode `"` and line breaks in
/// names instead, which are kept as sent).
enum ContentDisposition {
    static func parameters(_ value: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(value)
        // The disposition type itself (`form-data`).
        guard let first = rest.firstIndex(of: ";") else { return result }
        rest = rest[rest.index(after: first)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == ";" }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].withoutHTTPWhitespace.lowercased()
            rest = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            var parameterValue = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        parameterValue.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        break
                    } else {
                        parameterValue.append(character)
                    }
                }
                rest = rest.drop { $0 != ";" }
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                parameterValue = String(rest[..<end].withoutHTTPWhitespace)
                rest = rest[end...]
            }
            if result[name] == nil { result[name] = parameterValue }
        }
        return result
    }

    /// A file part's name: `filename`, else `filename*` (RFC 8187, `UTF-8''r%C3%A9sum%C3%A9.pdf`,
    /// which RFC 7578 tells senders not to use, but some HTTP libraries send alone for a
    /// name that is not ASCII): decoded, or as sent when it is not UTF-8 percent-encoded. Such
    /// a part is a file, never taken as the text of its field.
    static func fileName(_ parameters: [String: String]) -> String? {
        if let plain = parameters["filename"] { return plain }
        guard let extended = parameters["filename*"] else { return nil }
        let pieces = extended.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].lowercased() == "utf-8", let decoded = String(pieces[2]).removingPercentEncoding else {
            return extended
        }
        return decoded
    }
}
