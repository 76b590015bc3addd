/// The keys an answers object may hold, as a tree built from a form's fields: objects of keys,
/// fields, and repeats (arrays whose items are objects of the template's keys).
///
/// Built once per structure, so that checking an answers object is one walk over it, and a
/// repeat with no items yet still says which keys its items take.
struct AnswerKeys: Sendable {
    indirect enum Entry: Sendable {
        /// A field; a computed one cannot be answered. `element` is its index in the structure
        /// for a field at the top level, found without building its path.
        case field(computed: Bool, element: Int?)
        case object(AnswerKeys)
        /// A repeat: an array of items, each an object with these keys.
        case items(AnswerKeys)
    }

    var entries: [String: Entry] = [:]

    /// Adds the field at `components` (indexes mark repeats).
    mutating func insertField(_ components: ArraySlice<ValuePath.Component>, computed: Bool, element: Int? = nil) {
        insert(components, leaf: .field(computed: computed, element: components.count == 1 ? element : nil))
    }

    /// Adds a repeat at `components` whose items take `itemKeys`.
    mutating func insertRepeat(_ components: ArraySlice<ValuePath.Component>, itemKeys: AnswerKeys) {
        insert(components, leaf: .items(itemKeys))
    }

    private mutating func insert(_ components: ArraySlice<ValuePath.Component>, leaf: Entry) {
        guard case .key(let key)? = components.first else {
            // Paths start with a key; a leading index or operator has no place in answers.
            return
        }
        var rest = components.dropFirst()
        if rest.isEmpty {
            entries[key] = Self.merge(entries[key], leaf)
            return
        }
        var isRepeat = false
        if case .index? = rest.first {
            isRepeat = true
            rest = rest.dropFirst()
        }
        var child: AnswerKeys
        switch entries[key] {
        case .object(let existing)?, .items(let existing)?: child = existing
        default: child = AnswerKeys()
        }
        if rest.isEmpty {
            // The item itself (a repeat of scalars): nothing to check inside.
            entries[key] = .items(child)
            return
        }
        child.insert(rest, leaf: leaf)
        entries[key] = isRepeat ? .items(child) : .object(child)
    }

    /// A field wins over nothing; objects and repeats merge their keys.
    static func merge(_ existing: Entry?, _ new: Entry) -> Entry {
        switch (existing, new) {
        case (nil, _): return new
        case (.items(var a)?, .items(let b)):
            a.formUnion(b)
            return .items(a)
        case (.object(var a)?, .object(let b)):
            a.formUnion(b)
            return .object(a)
        case (let existing?, _): return existing
        }
    }

    mutating func formUnion(_ other: AnswerKeys) {
        for (key, entry) in other.entries { entries[key] = Self.merge(entries[key], entry) }
    }

    /// The answer keys of a repeat template: its own key, and the keys inside its nested sections
    /// (unless it holds a value of its own, whose nested pages give no values).
    static func keys(ofTemplate element: Element) -> AnswerKeys {
        var keys = AnswerKeys()
        if let key = element.key, element.kind.fetchesValue {
            let computed = element.kind.valueProperty.flatMap { element.properties[$0]?.stringValue }
                .map(PropertyExpression.containsExpression) ?? false
            keys.entries[key] = .field(computed: computed, element: nil)
        }
        for section in element.sections ?? [] where element.kind.collectsNestedValues {
            if section.kind.isA(.select), let key = section.key { keys.entries[key] = .field(computed: false, element: nil) }
            for nested in section.elements ?? [] { keys.formUnion(Self.keys(ofTemplate: nested)) }
            if let template = section.elementTemplate, let source = section.iterationPath {
                var inner = AnswerKeys()
                inner.insertRepeat(source.components[...], itemKeys: Self.keys(ofTemplate: template))
                keys.formUnion(inner)
            }
        }
        return keys
    }

    /// Every key at this level, for "did you mean" suggestions.
    var names: [String] { entries.keys.sorted() }
}

extension Section {
    /// The collection an `iterate:` section walks, as written (before binding).
    var iterationPath: ValuePath? {
        guard let bind, let spec = try? BindingSpec(parsing: bind), case .items(let path)? = spec.iteration else { return nil }
        return path
    }

    var bind: String? { properties["bind"]?.stringValue }
}
