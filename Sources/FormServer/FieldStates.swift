import FormCore
import FormEngine

/// The live state of every field for a thin client: visible, enabled, required, the computed
/// title and value, and the errors so far, so that a page or an app shows conditional fields
/// without evaluating expressions itself. Secure fields never carry their value.
enum FieldStates {
    static func json(_ prefilled: PrefilledSession) -> FormValue {
        let session = prefilled.session
        var errorsByPath: [String: [FormValue]] = [:]
        for error in prefilled.errors + session.validate() {
            errorsByPath[error.path, default: []].append(["rule": .string(error.rule), "message": .string(error.message)])
        }
        let fields = session.fields.filter { !$0.isTemplate }.map { field -> FormValue in
            let path = field.path ?? ""
            return [
                "path": field.path.map(FormValue.string) ?? .null,
                "key": field.key.map(FormValue.string) ?? .null,
                "title": field.title.map(FormValue.string) ?? .null,
                "visible": .bool(!field.isHidden),
                "enabled": .bool(field.isEnabled),
                "required": .bool(field.isRequired),
                // A label holds no answer: its value is its own (computed) `value`, as the page shows it.
                "value": field.element.isSecure ? .null : (field.value ?? (field.path == nil ? field.element.properties["value"] : nil) ?? .null),
                "errors": .array(errorsByPath[path] ?? []),
            ]
        }
        let repeats = session.repeats.map { info -> FormValue in
            ["path": .string(info.path), "count": .int(info.count), "growable": .bool(info.isGrowable)]
        }
        return ["fields": .array(fields), "repeats": .array(repeats)]
    }
}
