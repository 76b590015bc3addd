/// Where each value of a JSON file stood, by JSON path (`sections[1].elements[0].type`), so
/// that a problem found after parsing (by a lint, by evaluation) can still name its line and
/// column. A path that has no entry of its own (a property the decoder made up) takes the
/// position of its nearest enclosing value.
package struct SourceLocations: Sendable {
    let table: [String: SourceLocation]

    package init(_ table: [String: SourceLocation]) { self.table = table }

    package func location(of path: String) -> SourceLocation? {
        var candidate = Substring(path)
        while true {
            if let found = table[String(candidate)] { return found }
            guard let cut = candidate.lastIndex(where: { $0 == "." || $0 == "[" }) else { return table[""] }
            candidate = candidate[..<cut]
        }
    }
}

extension DefinitionIssue {
    /// The issue with its line and column, when it has none yet and its file's positions are known.
    package func locating(in files: [String: SourceLocations]) -> DefinitionIssue {
        guard location == nil, let file, let locations = files[file] else { return self }
        var located = self
        located.location = locations.location(of: path)
        return located
    }
}
