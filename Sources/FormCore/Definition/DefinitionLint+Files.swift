/// Checks of file fields (`QImageElement`, `QFileElement`) and the form's `maxUploadSize`. Their
/// limits are enforced while a file is read, before any expression could run, so they must be
/// literal: an expression there is an error, not a rule checked later.
extension DefinitionLint {
    func lintFiles(of element: Element, path: String, place: Place, issues: inout [DefinitionIssue]) {
        func report(_ severity: DefinitionIssue.Severity, _ property: String, _ message: String) {
            issues.append(place.issue(severity, .invalidValue, path: join(path, property), message: message))
        }
        if let limit = element.properties["maxUploadSize"] {
            if path.isEmpty {
                checkPositiveWhole(limit, "maxUploadSize", what: "bytes", report: report)
            } else {
                report(.warning, "maxUploadSize", "maxUploadSize counts only on the form's root, where it bounds the whole submission; here it is ignored")
            }
        }
        guard element.kind.holdsFiles else { return }
        for name in ["maxSize", "maximumFiles", "imageMaxLength"] {
            guard let value = element.properties[name] else { continue }
            checkPositiveWhole(value, name, what: name == "maxSize" ? "bytes" : name == "maximumFiles" ? "files" : "pixels",
                               report: report)
        }
        if let accept = element.properties["accept"] {
            checkAccept(accept, report: report)
        }
        if let secure = element.properties["secureTextEntry"], secure.isTruthy || Self.isExpression(secure) {
            report(.error, "secureTextEntry", "a file field cannot be secure: its file is stored with the submission, and secure fields never are")
        }
    }

    /// A limit in bytes, files or pixels: a whole number above zero, written as such.
    func checkPositiveWhole(_ value: FormValue, _ name: String, what: String, report: Report) {
        if value.isNull { return }
        if Self.isExpression(value) {
            report(.error, name, "\(name) must be a number, not an expression: the limit is enforced while a file is read")
            return
        }
        guard value.isNumber, let number = value.intValue, value.doubleValue == Double(number), number > 0 else {
            report(.error, name, "\(name) must be a whole number of \(what) above 0, found \(value.jsonString().excerpt())")
            return
        }
    }

    /// Each entry a media type (`image/png`), a top-level type (`image/*`) or an extension (`.pdf`).
    func checkAccept(_ value: FormValue, report: Report) {
        if value.isNull { return }
        guard case .array(let entries) = value else {
            report(.error, "accept", Self.isExpression(value)
                ? "accept must be an array of media types and extensions, not an expression: it is checked while a file is read"
                : "accept must be an array of media types and extensions, like [\"image/*\", \".pdf\"]")
            return
        }
        for (index, entry) in entries.enumerated() {
            guard case .string(let text) = entry, FileAcceptEntry.isValid(text) else {
                report(.error, "accept[\(index)]", "\(entry.jsonString().excerpt()) is neither a media type (type/subtype or type/*) nor an extension (.ext)")
                continue
            }
        }
    }

    static func isExpression(_ value: FormValue) -> Bool {
        guard case .string(let text) = value else { return false }
        return PropertyExpression.containsExpression(text)
    }
}
