extension FileFieldRules {
    /// Whether a file of `mediaType` named `fileName` is one `accept` takes, as a browser reads
    /// an `<input accept>`: any entry matching is enough. Media types compare without case and
    /// without parameters (`text/plain; charset=utf-8` is `text/plain`), `image/*` takes every
    /// `image/` type, and an extension entry (`.pdf`) matches the end of the name. An empty
    /// `accept` takes any file.
    public func accepts(mediaType: String, fileName: String) -> Bool {
        if accept.isEmpty { return true }
        let type = Self.essence(of: mediaType)
        let name = fileName.lowercased()
        return accept.contains { written in
            let entry = written.trimmingSpaces.lowercased()
            if entry.hasPrefix(".") { return name.count > entry.count && name.hasSuffix(entry) }
            if entry.hasSuffix("/*") { return type.hasPrefix(entry.dropLast()) && type.count > entry.count - 1 }
            return type == entry
        }
    }

    /// `accept` as a person reads it in a message: `image/png, .pdf`, or "any file".
    public var acceptText: String { accept.isEmpty ? "any file" : accept.joined(separator: ", ") }

    /// The type and subtype of a media type, lower-cased, parameters dropped.
    static func essence(of mediaType: String) -> String {
        let bare = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return bare.trimmingSpaces.lowercased()
    }
}
