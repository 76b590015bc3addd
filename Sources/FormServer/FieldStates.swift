import FormCore
import FormEngine
import OrderedCollections

/// The live state of every field for a thin client: visible, enabled, required, the computed
/// title and value, and the errors so far, so that a page or an app shows conditional fields
/// without evaluating expressions itself. Secure fields never carry their value.
enum FieldStates {
    static func json(_ prefilled: PrefilledSession) -> FormValue {
        let session = prefilled.session
        var errorsByPath: OrderedDictionary<String, [FormValue]> = [:]
        // `validate` gives the answers' errors (those of the fill) first, then the rest: each once.
        for error in session.validate() {
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
            ["path": .string(info.path), "count": .int(info.count), "growable": .bool(info.isGrowable),
             "errors": .array(errorsByPath[info.path] ?? [])]
        }
        // What belongs to no field or repeat shown (a repeat given as text, the answers as a
        // whole): listed, so that /state never says less than a submit would.
        let shown = Set(session.fields.compactMap(\.path) + session.repeats.map(\.path))
        var others: [FormValue] = []
        for (path, errors) in errorsByPath where !shown.contains(path) {
            for error in errors {
                guard case .object(var object) = error else { continue }
                object["path"] = .string(path)
                others.append(.object(object))
            }
        }
        return ["fields": .array(fields), "repeats": .array(repeats), "errors": .array(others)]
    }
}
