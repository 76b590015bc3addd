import OrderedCollections

/// Secrets stay secret through expressions: a secure field's value is never stored or shown,
/// and an expression that reads it where its result is stored or shown (a computed value, a
/// title, a label's value, a message) would copy it out. Such an expression is an error at its
/// JSON path naming the secret. Where the result is only decided on (`hidden`, `required`, an
/// `expression` rule's test, which yields valid or not), reading a secret is allowed: comparing
/// two passwords is what a confirmation field is for.
extension DefinitionLint {
    /// Properties whose result decides something and is never itself shown or stored.
    static let deciding: Set<String> = ["hidden", "visibility", "required", "enabled", "secureTextEntry"]

    /// The secrets `property` reads at this place, in the order it reads them.
    func secretsRead(by property: PropertyExpression, place: Place) -> [String] {
        guard !place.secrets.isEmpty else { return [] }
        var found: [String] = []
        for dependency in property.dependencies {
            guard case .key(let name)? = dependency.components.first, place.secrets.contains(name), !found.contains(name) else { continue }
            found.append(name)
        }
        return found
    }

    /// An error for each expression property of an element or section whose result is shown or
    /// stored and that reads a secret; a secure field's own value (`ownValue`) may read one, as
    /// it is not stored either.
    func checkSecrets(of properties: OrderedDictionary<String, FormValue>, ownValue: String?, path: String, place: Place,
                      issues: inout [DefinitionIssue]) {
        guard !place.secrets.isEmpty else { return }
        for (name, value) in properties where !Self.deciding.contains(name) && name != ownValue {
            guard case .string(let text) = value else { continue }
            checkSecrets(text, path: join(path, name), place: place, issues: &issues)
        }
    }

    func checkSecrets(_ text: String, path: String, place: Place, issues: inout [DefinitionIssue]) {
        guard PropertyExpression.containsExpression(text), let property = try? PropertyExpression(parsing: text) else { return }
        for secret in secretsRead(by: property, place: place) {
            let message = "reads the secure field '\(secret.excerpt())', and what it computes is shown or stored: "
                + "a secret must not leave its field (compare secrets in a validate rule's test instead)"
            issues.append(place.issue(.error, .secretExposed, path: path, message: message))
        }
    }

    /// The keys of the secure fields (`secureTextEntry` true, or an expression that may make
    /// them secure) among `element` and what it holds, not descending into repeat templates:
    /// their keys name item fields, found by `secureKeys(ofTemplate:)`.
    static func secureKeys(in element: Element) -> Set<String> {
        var keys = Set<String>()
        collectSecureKeys(element, into: &keys)
        return keys
    }

    static func secureKeys(inSection section: Section) -> Set<String> {
        var keys = Set<String>()
        collectSecureKeys(section, into: &keys)
        return keys
    }

    private static func collectSecureKeys(_ element: Element, into keys: inout Set<String>) {
        collectSecureKeys(element.include, into: &keys)
        if let key = element.key, mayBeSecure(element.properties["secureTextEntry"]) { keys.insert(FormFieldNames.storageName(ofKey: key)) }
        for section in element.sections ?? [] { collectSecureKeys(section, into: &keys) }
    }

    private static func collectSecureKeys(_ section: Section, into keys: inout Set<String>) {
        collectSecureKeys(section.include, into: &keys)
        for element in (section.elements ?? []) + (section.beforeTemplateElements ?? []) + (section.afterTemplateElements ?? []) {
            collectSecureKeys(element, into: &keys)
        }
    }

    private static func collectSecureKeys(_ include: Include?, into keys: inout Set<String>) {
        switch include?.content {
        case .element(let included)?: collectSecureKeys(included, into: &keys)
        case .sections(let sections)?: sections.forEach { collectSecureKeys($0, into: &keys) }
        case nil: break
        }
    }

    /// The secure keys of the items of each repeated collection, over every template that fills
    /// it: two sections iterating `guests` fill the same items, so a secret in one is an item
    /// field the other can read.
    static func secureItemKeys(in root: Element) -> [ValuePath: Set<String>] {
        var found: [ValuePath: Set<String>] = [:]
        collectSecureItemKeys(root, into: &found)
        return found
    }

    private static func collectSecureItemKeys(_ element: Element, into found: inout [ValuePath: Set<String>]) {
        collectSecureItemKeys(element.include, into: &found)
        for section in element.sections ?? [] { collectSecureItemKeys(section, into: &found) }
        if let template = element.sectionTemplate {
            if let collection = FormFieldNames.iteration(element.bind) {
                found[collection, default: []].formUnion(secureKeys(inSection: template))
            }
            collectSecureItemKeys(template, into: &found)
        }
    }

    private static func collectSecureItemKeys(_ section: Section, into found: inout [ValuePath: Set<String>]) {
        collectSecureItemKeys(section.include, into: &found)
        for element in (section.elements ?? []) + (section.beforeTemplateElements ?? []) + (section.afterTemplateElements ?? []) {
            collectSecureItemKeys(element, into: &found)
        }
        if let template = section.elementTemplate {
            if let collection = FormFieldNames.iteration(section.bind) {
                found[collection, default: []].formUnion(secureKeys(in: template))
            }
            collectSecureItemKeys(template, into: &found)
        }
    }

    private static func collectSecureItemKeys(_ include: Include?, into found: inout [ValuePath: Set<String>]) {
        switch include?.content {
        case .element(let included)?: collectSecureItemKeys(included, into: &found)
        case .sections(let sections)?: sections.forEach { collectSecureItemKeys($0, into: &found) }
        case nil: break
        }
    }

    /// True, or an expression that may turn out true.
    private static func mayBeSecure(_ value: FormValue?) -> Bool {
        switch value {
        case .bool(true)?: return true
        case .string(let text)?: return PropertyExpression.containsExpression(text)
        default: return false
        }
    }
}
