import OrderedCollections

/// A section of a form: a titled group of elements, possibly built from a template.
package struct Section: Sendable, Hashable {
    package var kind: SectionKind
    /// The `type` as written, or nil when the author left it out (QuickDialog's default QSection).
    package var typeName: String?
    /// Every key except `type`, `elements` and the template keys, in the author's order.
    package var properties: OrderedDictionary<String, FormValue>
    package var elements: [Element]?
    /// With `iterate:` or `iterateproperties:`, the element built once per item.
    @IndirectOptional package var elementTemplate: Element?
    package var beforeTemplateElements: [Element]?
    package var afterTemplateElements: [Element]?
    /// Set when this section stands for an included file.
    package var include: Include?
    /// Set by the binder: the repeats and includes the section was built inside.
    package var scopes: [DataScope]
    /// Set by the binder: properties read from the data, never compiled as expressions.
    package var propertiesFromData: Set<String>
    /// Set by the binder on a section expanded from `iterate:`: the collection it repeats, so that
    /// a person filling the form can add items ("Add another guest?").
    package var repeatSource: RepeatSource?

    package init(
        kind: SectionKind = .section, typeName: String? = nil, properties: OrderedDictionary<String, FormValue> = [:],
        elements: [Element]? = nil, elementTemplate: Element? = nil, include: Include? = nil
    ) {
        self.kind = kind
        self.typeName = typeName
        self.properties = properties
        self.elements = elements
        self.elementTemplate = elementTemplate
        self.include = include
        self.scopes = []
        self.propertiesFromData = []
    }

    package subscript(property: String) -> FormValue? {
        get { properties[property] }
        set { properties[property] = newValue }
    }

    package var title: String? { properties["title"]?.displayString }
    package var footer: String? { properties["footer"]?.displayString }
    package var key: String? { properties["key"]?.stringValue }
}

/// A bound repeat: where its items live and the template that builds one more.
package struct RepeatSource: Sendable, Hashable {
    package var path: ValuePath
    @IndirectOptional package var template: Element?
    package var count: Int
    package var isDictionary: Bool
    /// How many of the section's elements stand before the items (`beforeTemplateElements`) and
    /// after them: with no items the two cannot be told apart by where they stand.
    package var elementsBefore = 0
    package var elementsAfter = 0
}

/// A whole form definition: the root element and its sections.
public struct FormDefinition: Sendable, Hashable {
    /// The root element (`QRootElement`): the form's title and properties, its sections below it.
    public var root: Element
    /// Where the definition was read from, for messages and include paths.
    public var sourcePath: String?
    /// Where each value stood in the files the definition was read from, by file as issues name
    /// it: so that a problem found after loading (a lint, compiling) still names its line and
    /// column. Not part of the definition's identity: the same form laid out differently is the
    /// same form.
    package var sourceLocations: [String: SourceLocations] = [:]

    package init(root: Element, sourcePath: String? = nil) {
        self.root = root
        self.sourcePath = sourcePath
    }

    /// Same root and source path; where each value stood in the file does not count.
    public static func == (a: FormDefinition, b: FormDefinition) -> Bool {
        a.root == b.root && a.sourcePath == b.sourcePath
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(sourcePath)
    }

    /// `issue` with its file (this definition's when it names none) and its line and column.
    package func located(_ issue: DefinitionIssue) -> DefinitionIssue {
        var issue = issue
        if issue.file == nil { issue.file = sourcePath }
        // A definition decoded from text with no file name keeps its positions under "".
        guard issue.location == nil, let locations = sourceLocations[issue.file ?? ""] else { return issue }
        issue.location = locations.location(of: issue.path)
        return issue
    }

    /// The form's title, from the root's `title`.
    public var title: String? { root.title }
    package var sections: [Section] {
        get { root.sections ?? [] }
        set { root.sections = newValue }
    }
}

extension FormValue {
    /// A scalar as a person reads it: strings as they are, numbers in short form, nil for null.
    package var displayString: String? {
        switch self {
        case .null: return nil
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .bool(let b): return b ? "true" : "false"
        case .array, .object: return jsonString()
        }
    }
}
