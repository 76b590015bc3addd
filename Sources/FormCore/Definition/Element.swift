import OrderedCollections

/// One element of a form: a QuickDialog element class with its properties.
///
/// Properties are kept as written, in order, so that decode -> encode gives back every key the
/// author wrote; typed accessors (`key`, `title`, `bind`, ...) read them.
public struct Element: Sendable, Hashable {
    public var kind: ElementKind
    /// The type as the author wrote it (`entry` or `QEntryElement`); empty for a root with no `type`.
    public var typeName: String
    /// Every key of the element's object except `type`, `sections` and `sectionTemplate`.
    public var properties: OrderedDictionary<String, FormValue>
    /// A nested dialog: any element descending from QRootElement may carry sections.
    public var sections: [Section]?
    /// For a root that iterates (`iterate:PATH`): the section built once per item.
    @IndirectOptional public var sectionTemplate: Section?
    /// Set when this element stands for an included file (`{"include": "address.json"}`).
    public var include: Include?
    /// Set by the binder on elements expanded from a template: where their values belong.
    public var repeatFrames: [RepeatFrame]

    public init(
        kind: ElementKind, typeName: String? = nil, properties: OrderedDictionary<String, FormValue> = [:],
        sections: [Section]? = nil, sectionTemplate: Section? = nil, include: Include? = nil
    ) {
        self.kind = kind
        self.typeName = typeName ?? kind.rawValue
        self.properties = properties
        self.sections = sections
        self.sectionTemplate = sectionTemplate
        self.include = include
        self.repeatFrames = []
    }

    public subscript(property: String) -> FormValue? {
        get { properties[property] }
        set { properties[property] = newValue }
    }
}

/// The position of an element expanded from an `iterate:` template, so that its value is written
/// back into the item it was built from rather than over its siblings.
public struct RepeatFrame: Sendable, Hashable {
    /// The iterated collection's path in the data the enclosing form was bound to.
    public var path: ValuePath
    /// The item's index in the collection.
    public var index: Int
    /// For `iterateproperties:`, the dictionary key of the item.
    public var propertyKey: String?

    public init(path: ValuePath, index: Int, propertyKey: String? = nil) {
        self.path = path
        self.index = index
        self.propertyKey = propertyKey
    }
}

/// A reference to another definition file, inlined where it stands.
public struct Include: Sendable, Hashable {
    /// The path as written, relative to the including file.
    public var path: String
    /// The data the included form is bound to; strings may hold `@{keyPath}` of the including data.
    public var sharedData: FormValue?
    /// The included file's content, filled in by `DefinitionLoader`.
    public var content: IncludedContent?

    public init(path: String, sharedData: FormValue? = nil, content: IncludedContent? = nil) {
        self.path = path
        self.sharedData = sharedData
        self.content = content
    }
}

/// What an included file holds.
public indirect enum IncludedContent: Sendable, Hashable {
    /// A whole form (its sections) or a single section.
    case sections([Section])
    /// A single element.
    case element(Element)
}
