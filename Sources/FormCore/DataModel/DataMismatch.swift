/// Bound data that does not have the class the form declares for it: where, what was expected
/// and what was found.
package struct DataMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The dotted path in the data (`user.age`, `tags[2]`).
    package var path: String
    /// The class the form declares there.
    package var expected: DataClass
    /// What the data holds there; nil when it holds nothing (a member a class requires is
    /// missing).
    package var found: FormValue?
    /// Why the value is not one of `expected` when its JSON type alone does not say it (a text
    /// that is no date, a set's duplicate item); nil otherwise.
    package var reason: String?

    /// A mismatch at `path`.
    package init(path: String, expected: DataClass, found: FormValue?, reason: String? = nil) {
        self.path = path
        self.expected = expected
        self.found = found
        self.reason = reason
    }

    /// What is wrong without the path: `expected Int, found "forty"`, `expected Date, found
    /// "soon" (not an ISO 8601 date)`, `expected Int, found nothing`.
    package var message: String {
        let shown = found.map(Self.shortDescription) ?? "nothing"
        return "expected \(expected), found \(shown)" + (reason.map { " (\($0))" } ?? "")
    }

    /// `user.age: expected Int, found "forty"`.
    package var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// The most characters of a text a message quotes: the path says where the rest is.
    static let quotedTextLength = 40

    /// A value as a message shows it: scalars as JSON writes them (texts cut to an excerpt),
    /// collections by their size, since the data itself may be long or private.
    static func shortDescription(_ value: FormValue) -> String {
        switch value {
        case .null, .bool, .int, .double:
            return value.description
        case .string(let text):
            guard text.count > quotedTextLength else { return value.description }
            return FormValue.string(String(text.prefix(quotedTextLength)) + "…").description + " (\(text.count) characters)"
        case .array(let items):
            return items.isEmpty ? "an empty array" : "an array of \(items.count) item\(items.count == 1 ? "" : "s")"
        case .object(let members):
            return members.isEmpty ? "an empty object" : "an object"
        }
    }
}

extension DataMismatch {
    /// The definition error compiling reports for data that does not fit the declarations:
    /// one `dataMismatch` issue per mismatch, its path the data's, its file unknown (the caller
    /// that read the data from a file names it).
    package static func error(_ mismatches: [DataMismatch]) -> DefinitionError {
        DefinitionError(issues: mismatches.map { DefinitionIssue(.error, .dataMismatch, path: $0.path, message: $0.message) })
    }
}
