/// The data one part of a form binds to, and which of it the definition wrote itself.
///
/// Most data comes from services and people: its strings are text, never expressions. Two kinds
/// of data are the definition's own words, whose `@{...}` are expressions like any property's:
/// an include's literal `shared_data`, and the JSON object a `beforeTemplateElements` or
/// `afterTemplateElements` element is bound to (its own). `written` keeps those parts, with
/// everything read from the form's data replaced by null, so that a bound string is an
/// expression only when the definition wrote that very string.
struct BindingData {
    var value: FormValue
    /// `value` with every part read from the form's data nulled; nil when all of it is data.
    var written: FormValue?

    /// Data from outside the definition.
    static func data(_ value: FormValue) -> BindingData { BindingData(value: value, written: nil) }

    /// JSON the definition wrote.
    static func definition(_ value: FormValue) -> BindingData { BindingData(value: value, written: value) }

    /// The value at `path` (the whole value for `self`), and whether it came from the data.
    func lookup(_ path: ValuePath) -> (value: FormValue, fromData: Bool)? {
        guard let found = path.isSelf ? value : value.value(at: path) else { return nil }
        let writtenValue = written.flatMap { path.isSelf ? $0 : $0.value(at: path) }
        return (found, found.isNull || writtenValue != found)
    }

    /// The part at `path`, as data to bind to (an include's `"@{keyPath}"` shared data).
    func part(at path: ValuePath) -> BindingData {
        guard !path.isSelf else { return self }
        return BindingData(value: value.value(at: path) ?? .null, written: written?.value(at: path))
    }

    /// An include's literal `shared_data` object: written by the definition, its `"@{keyPath}"`
    /// strings replaced by what they name in this data (written only if this data's is).
    func resolving(_ shared: FormValue) -> BindingData {
        BindingData(value: Self.resolve(shared, in: value), written: Self.resolve(shared, in: written ?? .null))
    }

    static func resolve(_ shared: FormValue, in data: FormValue) -> FormValue {
        switch shared {
        case .string(let text):
            guard let path = Binder.plainReference(text) else { return shared }
            return data.value(at: path) ?? .null
        case .array(let items):
            return .array(items.map { resolve($0, in: data) })
        case .object(let members):
            return .object(members.mapValues { resolve($0, in: data) })
        default:
            return shared
        }
    }
}
