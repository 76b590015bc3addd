import OrderedCollections

/// One element of a form: a QuickDialog element class with its properties.
///
/// Properties are kept as written, in order, so that decode -> encode gives back every key the
/// author wrote; typed accessors (`key`, `title`, `bind`, ...) read them.
public struct Element: Sendable, Hashable {
    /// The element class (`QEntryElement`, `QBooleanElement`, ...), whichever name the author used.
    public var kind: ElementKind
    /// The type as the author wrote it (`entry` or `QEntryElement`); empty for a root with no `type`.
    public var typeName: String
    /// Every key of the element's object except `type`, `sections` and `sectionTemplate`.
    public var properties: OrderedDictionary<String, FormValue>
    /// A nested dialog: any element descending from QRootElement may carry sections.
    package var sections: [Section]?
    /// For a root that iterates (`iterate:PATH`): the section built once per item.
    @IndirectOptional package var sectionTemplate: Section?
    /// Set when this element stands for an included file (`{"include": "address.json"}`).
    package var include: Include?
    /// Set by the binder: the repeats and includes this element was built inside, outermost first,
    /// which say where its values belong in the data.
    package var scopes: [DataScope]
    /// Set by the binder: the properties whose value was read from the data rather than written
    /// by the definition. Their strings are text, never expressions: data comes from services
    /// and people, and a `"@{secret}"` in it must be shown and stored as those characters.
    package var propertiesFromData: Set<String>

    package init(
        kind: ElementKind, typeName: String? = nil, properties: OrderedDictionary<String, FormValue> = [:],
        sections: [Section]? = nil, sectionTemplate: Section? = nil, include: Include? = nil
    ) {
        self.kind = kind
        self.typeName = typeName ?? kind.rawValue
        self.properties = properties
        self.sections = sections
        self.sectionTemplate = sectionTemplate
        self.include = include
        self.scopes = []
        self.propertiesFromData = []
    }

    /// The property `property` as written (`element["maxLength"]`); nil when absent.
    public subscript(property: String) -> FormValue? {
        get { properties[property] }
        set { properties[property] = newValue }
    }
}

/// Where the data an element was bound to sits in the data of the form around it.
///
/// Elements expanded from an `iterate:` template carry one scope per enclosing repeat, so that their
/// values are written back into the item they were built from rather than over their siblings.
package struct DataScope: Sendable, Hashable {
    /// The iterated collection's path (or an include's shared data path), relative to the
    /// enclosing scope's data.
    package var path: ValuePath
    /// The item's index in the collection; nil for an include's scope.
    package var index: Int?
    /// For `iterateproperties:`, the dictionary key of the item.
    var propertyKey: String?
    /// True for an include bound to literal shared data: nothing is written back through it.
    var isDetached: Bool
    /// True for `iterateproperties:`, whose items are `{"key": K, "value": V}` made by the binder.
    var isKeyValueEntry: Bool
    /// True for `iterate:` over a dictionary, whose items are its keys: strings with no place in
    /// the data to write back to.
    var isDictionaryKey: Bool

    package init(
        path: ValuePath, index: Int? = nil, propertyKey: String? = nil, isDetached: Bool = false,
        isKeyValueEntry: Bool = false, isDictionaryKey: Bool = false
    ) {
        self.path = path
        self.index = index
        self.propertyKey = propertyKey
        self.isDetached = isDetached
        self.isKeyValueEntry = isKeyValueEntry
        self.isDictionaryKey = isDictionaryKey
    }

    /// Whether the scope is an item of a repeat (as opposed to an include).
    package var isRepeat: Bool { index != nil }

    /// The path of this scope's item: `guests[1]`, or `teams.<key>` for a dictionary entry.
    var itemPath: ValuePath {
        if let propertyKey { return path.appending(.key(propertyKey)) }
        if let index { return path.appending(.index(index)) }
        return path
    }
}

/// A reference to another definition file, inlined where it stands.
package struct Include: Sendable, Hashable {
    /// The path as written, relative to the including file.
    package var path: String
    /// The data the included form is bound to; strings may hold `@{keyPath}` of the including data.
    package var sharedData: FormValue?
    /// The included file's content, filled in by `DefinitionLoader`.
    package var content: IncludedContent?
    /// Where the content was read from, filled in by `DefinitionLoader`: so that problems found
    /// in it later (by `DefinitionLint`) name that file and the includes that led to it.
    package var source: IncludeSource?

    package init(path: String, sharedData: FormValue? = nil, content: IncludedContent? = nil) {
        self.path = path
        self.sharedData = sharedData
        self.content = content
    }
}

/// The file an include's content came from.
package struct IncludeSource: Sendable, Hashable {
    /// The included file, as its path was built from the including one (`forms/parts/b.json`).
    package var file: String
    /// The includes that led to it, outermost first, this one last.
    package var chain: [IncludeSite]
    /// True when the file is a whole form, whose sections stand at `sections[i]` in it; a
    /// section or an element file is its own root.
    var isWholeForm: Bool

    package init(file: String, chain: [IncludeSite], isWholeForm: Bool) {
        self.file = file
        self.chain = chain
        self.isWholeForm = isWholeForm
    }
}

/// What an included file holds.
package indirect enum IncludedContent: Sendable, Hashable {
    /// A whole form (its sections) or a single section.
    case sections([Section])
    /// A single element.
    case element(Element)
}
