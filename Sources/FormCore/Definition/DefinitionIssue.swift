/// One problem found in a definition: where it is and what is wrong.
public struct DefinitionIssue: Sendable, Hashable, CustomStringConvertible {
    /// Whether the definition is refused (`error`) or loaded with a remark (`warning`).
    public enum Severity: String, Sendable, Hashable { case error, warning }

    /// The class of problem, stable for tests and tools.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case malformedJSON, unreadableFile, notAnObject, missingType, unknownType, unknownSectionType
        case wrongValueType, unknownEnumName, invalidBind, templateNotObject, tooDeep
        case unknownProperty, sectionsNotAllowed, iterateWithoutTemplate, invalidExpression
        case includeNotFound, includeCycle, includeInvalid, bindingScriptRefused
        case unknownAction, missingDataPath, duplicateKey, expressionCycle
        case unknownRule, unknownTransform
        /// An include outside the allowed directories, or not a regular file: never read.
        case includeRefused
        /// A bound on one load was reached (include depth, included files or bytes, nesting).
        case limitExceeded
        /// A regular expression that does not compile or uses a feature formctl refuses.
        case invalidPattern
        /// A value or limit no fill can satisfy, or one validation would ignore: a default the
        /// element refuses, `minimumValue` above `maximumValue`, `items` and `values` of
        /// different lengths, a date bound that is no date.
        case invalidValue
        /// A `matches` rule or an expression naming something that is no field, item field or
        /// data path.
        case unknownName
        /// An expression that fails when evaluated on the form's default values.
        case evaluationFailed
        /// An expression that reads a secure field where its result is shown or stored.
        case secretExposed
        /// Not a BCP 47 language tag (`language`, a text map's key, a key of `strings`).
        case invalidLanguageTag
        /// A text map or a `strings` table that is not one: empty, or an entry that is no string.
        case invalidText
        /// A language of the form that lacks a text of some map, or a key of `strings`.
        case missingTranslation
        /// An author's message that is no message pattern, names an argument its rule does not
        /// give, or (a warning) drops one the default language's message uses.
        case invalidMessage
        /// A root `data` or `classes` entry that is not a declaration: no name or class, a
        /// class that does not parse, a name declared twice (or differently by an included
        /// file), a `defaultValue` that is no Swift literal or not of its class.
        case invalidDataDeclaration
        /// Bound data of another class than the form declares for it; the path is the data's
        /// (`user.age`), not the definition's.
        case dataMismatch
        /// (A warning of `check --data`.) A top-level name of the data the form does not declare,
        /// when it declares data.
        case undeclaredData
        /// An expression that compares or combines a declared name with a value its class can
        /// never equal (a declared `String` compared with a number).
        case typeMismatch
    }

    /// Error or warning.
    public var severity: Severity
    /// The class of problem, for code that reacts to one kind.
    public var code: Code
    /// The JSON path of the offending value, e.g. `sections[1].elements[0].type`.
    public var path: String
    /// What is wrong, for a person: "unknown element type 'QEntryElemnt' (did you mean 'QEntryElement'?)".
    public var message: String
    /// The file it was found in, when read from one.
    public var file: String?
    /// Line and column in `file`, when the issue has a place in the text.
    public var location: SourceLocation?
    /// For a problem inside an included file: the includes that led to it, outermost first.
    package var includeChain: [IncludeSite]

    package init(
        _ severity: Severity, _ code: Code, path: String, message: String, file: String? = nil,
        location: SourceLocation? = nil, includeChain: [IncludeSite] = []
    ) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
        self.file = file
        self.location = location
        self.includeChain = includeChain
    }

    /// Whether this issue refuses the definition.
    public var isError: Bool { severity == .error }

    /// `signup.json:12:9: error: sections[1].elements[0].type: unknown element type ...`, and for
    /// an included file the way there first:
    /// `forms/a.json: sections[0].elements[1] (include 'b.json') -> forms/b.json:3:5: error: ...`.
    public var description: String {
        var place = file ?? ""
        if let location { place += (place.isEmpty ? "" : ":") + "\(location.line):\(location.column)" }
        let prefix = place.isEmpty ? "" : place + ": "
        let pathPart = path.isEmpty ? "" : path + ": "
        return "\(chainDescription)\(prefix)\(severity.rawValue): \(pathPart)\(message)"
    }
}

extension DefinitionIssue {
    /// Long chains (a runaway include) keep their two outer and three inner steps.
    var chainDescription: String {
        var sites = includeChain.map(\.description)
        if sites.count > 6 {
            sites = sites.prefix(2) + ["… \(sites.count - 5) more includes …"] + sites.suffix(3)
        }
        return sites.map { $0 + " -> " }.joined()
    }
}

/// One include on the way to an included file: which file included it, where, and as what.
package struct IncludeSite: Sendable, Hashable, CustomStringConvertible {
    /// The including file, as its path was given or built (`forms/a.json`).
    package var file: String
    /// The JSON path of the including element or section (`sections[0].elements[1]`).
    package var path: String
    /// The include as written (`b.json`).
    package var include: String

    package init(file: String, path: String, include: String) {
        self.file = file
        self.path = path
        self.include = include
    }

    /// `forms/a.json: sections[0].elements[1] (include 'b.json')`.
    package var description: String {
        "\(file): \(path.isEmpty ? "(root)" : path) (include '\(include)')"
    }
}

/// A definition with errors: every one found, with the warnings beside them.
public struct DefinitionError: Error, Sendable, CustomStringConvertible {
    /// Every issue found, errors and warnings, in the order found.
    public var issues: [DefinitionIssue]

    package init(issues: [DefinitionIssue]) { self.issues = issues }

    /// The issues that refuse the definition.
    public var errors: [DefinitionIssue] { issues.filter(\.isError) }
    /// The remarks that did not stop it.
    public var warnings: [DefinitionIssue] { issues.filter { !$0.isError } }

    /// Every issue on a line of its own, as `description` writes one.
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// "Did you mean" suggestions, by edit distance.
enum Suggestion {
    /// The candidate nearest to `word`, if it is close enough to be a likely typo.
    static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
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
