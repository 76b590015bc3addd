import OrderedCollections

/// The names a form's values are stored under, read from the definition as written: the keys of
/// the fields at the top level (and the collections repeats fill), and per repeat template the
/// keys of one item. What `matches` rules and expressions may name.
struct FormFieldNames {
    /// First components of the top-level value paths: field keys and repeated collections.
    var topLevel: Set<String> = []
    /// The keys of one item, by the collection a repeat iterates (as written): two sections
    /// that iterate the same collection fill the same items.
    var itemKeys: [ValuePath: Set<String>] = [:]
    /// False when a key is only known once the form is bound (`"bind": "key:..."`, or an
    /// expression as key): then a name missing here may still be a field.
    var isComplete = true

    init(_ definition: FormDefinition) {
        var names = Set<String>()
        collect(definition.root, into: &names)
        topLevel = names
    }

    /// The first component of the path a key names (`guests[0].email` stores under `guests`).
    static func storageName(ofKey key: String) -> String {
        guard key.contains(".") || key.contains("["), let path = try? ValuePath(parsing: key),
            case .key(let first)? = path.components.first
        else { return key }
        return first
    }

    /// The keys one item of a repeat takes: the template's own and those of its nested sections.
    static func itemKeys(ofTemplate template: Element) -> Set<String> {
        Set(AnswerKeys.keys(ofTemplate: template).names)
    }

    /// The keys one item of a root's `sectionTemplate` takes: every field of the section.
    static func itemKeys(ofSectionTemplate section: Section) -> Set<String> {
        var names = Set<String>()
        var holder = Element(kind: .root)
        holder.sections = [section]
        var scratch = FormFieldNames(empty: ())
        scratch.collect(holder, into: &names)
        return names
    }

    private init(empty: Void) {}

    private mutating func collect(_ element: Element, into names: inout Set<String>) {
        collect(element.include, into: &names)
        noteDynamicKey(element.properties)
        if let key = element.key, element.kind.fetchesValue { names.insert(Self.storageName(ofKey: key)) }
        if element.kind.collectsNestedValues { (element.sections ?? []).forEach { collect($0, into: &names) } }
        if let template = element.sectionTemplate {
            if let path = Self.iteratedPath(element.bind) { names.insert(path) }
            noteDynamicKeys(in: template)
            if let collection = Self.iteration(element.bind) {
                itemKeys[collection, default: []].formUnion(Self.itemKeys(ofSectionTemplate: template))
            }
        }
    }

    /// What an include stands for, as the including element or section.
    private mutating func collect(_ include: Include?, into names: inout Set<String>) {
        switch include?.content {
        case .element(let included)?: collect(included, into: &names)
        case .sections(let sections)?: sections.forEach { collect($0, into: &names) }
        case nil: break
        }
    }

    private mutating func collect(_ section: Section, into names: inout Set<String>) {
        collect(section.include, into: &names)
        noteDynamicKey(section.properties)
        if let key = section.key, section.kind.isA(.select) { names.insert(Self.storageName(ofKey: key)) }
        for element in (section.elements ?? []) + (section.beforeTemplateElements ?? []) + (section.afterTemplateElements ?? []) {
            collect(element, into: &names)
        }
        if let template = section.elementTemplate {
            if let path = Self.iteratedPath(section.bind) { names.insert(path) }
            noteDynamicKey(template.properties)
            if let collection = Self.iteration(section.bind) {
                itemKeys[collection, default: []].formUnion(Self.itemKeys(ofTemplate: template))
            }
            collectTemplate(template)
        }
    }

    private mutating func noteDynamicKeys(in section: Section) {
        noteDynamicKey(section.properties)
        for element in section.elements ?? [] { noteDynamicKey(element.properties) }
    }

    /// A key bound from the data or computed cannot be known before binding.
    private mutating func noteDynamicKey(_ properties: OrderedDictionary<String, FormValue>) {
        for (name, value) in properties {
            if name == "key", case .string(let text) = value, PropertyExpression.containsExpression(text) { isComplete = false }
            if name == "bind", case .string(let text) = value,
                let spec = try? BindingSpec(parsing: text), spec.pairs.contains(where: { $0.property == "key" })
            {
                isComplete = false
            }
        }
    }

    /// Repeats nested in a template fill items of their own: their keys are noted too.
    private mutating func collectTemplate(_ template: Element) {
        var ignored = Set<String>()
        collect(template, into: &ignored)
    }

    /// The collection an `iterate:` or `iterateproperties:` bind walks.
    static func iteration(_ bind: String?) -> ValuePath? {
        guard let bind, let spec = try? BindingSpec(parsing: bind) else { return nil }
        return spec.iteration?.path
    }

    /// The first component of the collection an `iterate:` or `iterateproperties:` bind walks.
    static func iteratedPath(_ bind: String?) -> String? {
        guard let bind, let spec = try? BindingSpec(parsing: bind), case .key(let first)? = spec.iteration?.path.components.first
        else { return nil }
        return first
    }
}
