import FormCore
import OrderedCollections

/// What an `Idempotency-Key`'s fingerprint is taken of besides the request's method, address
/// and credentials: the body as read, with the values of the form's secure fields left out,
/// and each staged file's place and SHA-256.
///
/// Not the raw body: the fingerprint is kept in the database for a day, and a plain SHA-256 of
/// bytes that held a password let anyone who could read the file test guesses of it offline.
/// The price is that two requests under one key that differ only in a secure value are taken
/// for the same request (the second gets the first's answer, not a 422).
struct FingerprintSource: Sendable {
    let body: FormServer.Body
    /// The keys of the form's secure fields, left out wherever they stand in the answers.
    let secureKeys: Set<String>
    /// `keyPath position sha256` of each file staged with the request.
    var files: [String] = []

    /// Rendered only when a key was sent: most requests need no fingerprint.
    func bytes() -> [UInt8] {
        var text: String
        switch body {
        case .json(let answers):
            text = "json\n" + Self.leavingOut(secureKeys, from: answers).jsonString()
        case .htmlForm(let read):
            text = "form\n" + Self.leavingOut(secureKeys, from: read.answers).jsonString()
            text += "\n_action=" + (read.action ?? "")
            for (name, value) in read.pageFields.sorted(by: { $0.key < $1.key }) { text += "\n\(name)=\(value)" }
        }
        for file in files { text += "\n" + file }
        return Array(text.utf8)
    }

    /// `value` without the members named in `keys`, at any depth.
    static func leavingOut(_ keys: Set<String>, from value: FormValue) -> FormValue {
        guard !keys.isEmpty else { return value }
        switch value {
        case .object(let members):
            var kept = OrderedDictionary<String, FormValue>()
            for (key, member) in members where !keys.contains(key) { kept[key] = leavingOut(keys, from: member) }
            return .object(kept)
        case .array(let items):
            return .array(items.map { leavingOut(keys, from: $0) })
        default:
            return value
        }
    }
}

extension ServedForms.Form {
    /// The keys of the elements that are secure or may become so (`secureTextEntry`, also as an
    /// expression), anywhere in the definition: in nested sections and repeats' templates too.
    static func secureKeys(of form: CompiledForm) -> Set<String> {
        var keys = Set<String>()
        func visit(_ element: Element) {
            if element.properties["secureTextEntry"] != nil, let key = element.key { keys.insert(key) }
            for section in element.sections ?? [] { visit(section) }
        }
        func visit(_ section: Section) {
            let elements = (section.beforeTemplateElements ?? []) + (section.elements ?? []) + (section.afterTemplateElements ?? [])
            for element in elements { visit(element) }
            if let template = section.elementTemplate { visit(template) }
        }
        visit(form.definition.root)
        return keys
    }
}
