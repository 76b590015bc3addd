/// Paths into a definition as messages show them: `sections[0].elements[2].title`.
enum JSONPath {
    /// `path` followed by `key`: a dot before a name, nothing before an index (`[2]`).
    static func join(_ path: String, _ key: String) -> String {
        if path.isEmpty { return key }
        return key.hasPrefix("[") ? path + key : path + "." + key
    }
}
