/// One problem found in a definition: where it is and what is wrong.
public struct DefinitionIssue: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable { case error, warning }

    /// The class of problem, stable for tests and tools.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case malformedJSON, unreadableFile, notAnObject, missingType, unknownType, unknownSectionType
        case wrongValueType, unknownEnumName, invalidBind, templateNotObject, tooDeep
        case unknownProperty, sectionsNotAllowed, iterateWithoutTemplate, invalidExpression
        case includeNotFound, includeCycle, includeInvalid, bindingScriptRefused
        case unknownAction, missingDataPath, duplicateKey, expressionCycle
        case unknownRule, unknownTransform
    }

    public var severity: Severity
    public var code: Code
    /// The JSON path of the offending value, e.g. `sections[1].elements[0].type`.
    public var path: String
    public var message: String
    /// The file it was found in, when read from one.
    public var file: String?
    public var location: SourceLocation?

    public init(
        _ severity: Severity, _ code: Code, path: String, message: String, file: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
        self.file = file
        self.location = location
    }

    public var isError: Bool { severity == .error }

    /// `signup.json:12:9: error: sections[1].elements[0].type: unknown element type ...`
    public var description: String {
        var place = file ?? ""
        if let location { place += (place.isEmpty ? "" : ":") + "\(location.line):\(location.column)" }
        let prefix = place.isEmpty ? "" : place + ": "
        let pathPart = path.isEmpty ? "" : path + ": "
        return "\(prefix)\(severity.rawValue): \(pathPart)\(message)"
    }
}

/// A definition with errors: every one found, with the warnings beside them.
public struct DefinitionError: Error, Sendable, CustomStringConvertible {
    public var issues: [DefinitionIssue]

    public init(issues: [DefinitionIssue]) { self.issues = issues }

    public var errors: [DefinitionIssue] { issues.filter(\.isError) }
    public var warnings: [DefinitionIssue] { issues.filter { !$0.isError } }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// "Did you mean" suggestions, by edit distance.
public enum Suggestion {
    /// The candidate nearest to `word`, if it is close enough to be a likely typo.
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(2, word.count / 3)
        return best.distance <= allowed ? best.name : nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// ` (did you mean 'X'?)` or nothing.
    static func clause(for word: String, in candidates: some Sequence<String>) -> String {
        guard let near = nearest(to: word, in: candidates) else { return "" }
        return "; did you mean '\(near)'?"
    }
}
