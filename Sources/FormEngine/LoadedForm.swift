import FormCore

/// A definition ready to fill: its name (the one submissions are stored under), the model,
/// and its warnings.
public struct LoadedForm: Sendable {
    /// `signup` for `forms/signup.json`.
    public var name: String
    public let definition: FormDefinition
    public var warnings: [DefinitionIssue]
    /// The definition as stored with each version, encoded once here rather than at every
    /// submit (a service submits the same form many times).
    public let canonicalJSON: String

    public init(name: String, definition: FormDefinition, warnings: [DefinitionIssue] = []) {
        self.name = name
        self.definition = definition
        self.warnings = warnings
        self.canonicalJSON = definition.canonicalJSON
    }

    /// The form name for a file path: its base name without `.json`.
    public static func name(forPath path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }
}
