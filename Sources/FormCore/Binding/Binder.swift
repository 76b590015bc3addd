import OrderedCollections

/// Binds a definition to data with QuickDialog's meaning: top-down, `prop:path` pairs set
/// properties through the element's setters (derived properties move the value they derive
/// from, scalars are coerced), `iterate:` and `iterateproperties:` expand templates, includes
/// are inlined with their shared data, nested roots bind with their element's data.
///
/// What the data gives is data: every property set from it is listed in the element's
/// `propertiesFromData`, and is never compiled as an expression.
package struct Binder {
    private var misses: [BindingMiss] = []
    private var seenMisses: Set<BindingMiss> = []
    /// Templates are bound once per item; their bind strings are parsed once per template.
    private var specCache: [String: BindingSpec] = [:]

    package init() {}

    /// Binds `definition` to `data`; a key path the data lacks binds nil and is listed in `misses`.
    package static func bind(_ definition: FormDefinition, to data: FormValue) -> BoundForm {
        var binder = Binder()
        var bound = definition
        bound.root = binder.bindRoot(definition.root, data: .data(data), scopes: [], path: .root)
        return BoundForm(definition: bound, data: data, misses: binder.misses)
    }

    // MARK: Roots and elements

    mutating func bindRoot(_ element: Element, data: BindingData, scopes: [DataScope], path: DefinitionPath) -> Element {
        var element = element
        element.scopes = scopes
        element.applyClassDefaults()
        element.applyWrittenDerivedProperties()
        let spec = applyPairs(to: &element, data: data, path: path)
        if let iteration = spec?.iteration, let template = element.sectionTemplate {
            var sections: [Section] = []
            let templatePath = path.appending("sectionTemplate")
            for (item, scope) in items(of: iteration, in: data, path: path) {
                sections += bindSection(template, data: item, scopes: scopes + [scope], path: templatePath)
            }
            // An empty message of "" still gives the section; only none gives none.
            if sections.isEmpty, let message = element.properties["emptyMessage"], let text = message.displayString {
                var empty = Element(kind: .text, properties: ["text": .string(text)])
                if element.propertiesFromData.contains("emptyMessage") { empty.propertiesFromData = ["text"] }
                sections = [Section(elements: [empty])]
            }
            element.sections = sections
            element.sectionTemplate = nil
            removeIteration(from: &element.properties, spec: spec)
        } else if let sections = element.sections {
            var bound: [Section] = []
            let parent = path.asParent
            for (index, section) in sections.enumerated() {
                bound += bindSection(section, data: data, scopes: scopes, path: DefinitionPath(parent, "sections", index: index))
            }
            element.sections = bound
        }
        return element
    }

    /// Binds an element; an include expands to the elements of the included file.
    mutating func bindElement(_ element: Element, data: BindingData, scopes: [DataScope], path: DefinitionPath) -> [Element] {
        if let include = element.include {
            let (shared, scope) = sharedData(for: include, data: data)
            switch include.content {
            case .element(let included)?:
                return bindElement(included, data: shared, scopes: scopes + [scope], path: path)
            case .sections(let sections)?:
                return sections.flatMap { bindSection($0, data: shared, scopes: scopes + [scope], path: path) }
                    .flatMap { $0.elements ?? [] }
            case nil:
                return []
            }
        }
        if element.hasNestedSections { return [bindRoot(element, data: data, scopes: scopes, path: path)] }
        var element = element
        element.scopes = scopes
        element.applyClassDefaults()
        element.applyWrittenDerivedProperties()
        applyPairs(to: &element, data: data, path: path)
        return [element]
    }

    // MARK: Sections

    /// Binds a section; an include expands to the sections of the included file.
    mutating func bindSection(_ section: Section, data: BindingData, scopes: [DataScope], path: DefinitionPath) -> [Section] {
        if let include = section.include {
            let (shared, scope) = sharedData(for: include, data: data)
            switch include.content {
            case .sections(let sections)?:
                return sections.flatMap { bindSection($0, data: shared, scopes: scopes + [scope], path: path) }
            case .element(let element)?:
                return [Section(elements: bindElement(element, data: shared, scopes: scopes + [scope], path: path))]
            case nil:
                return []
            }
        }
        var section = section
        section.scopes = scopes
        let spec = applyPairs(to: &section, data: data, path: path)
        if let iteration = spec?.iteration, let template = section.elementTemplate {
            var elements = bindOwnJSON(section.beforeTemplateElements, named: "beforeTemplateElements", scopes: scopes, path: path)
            let elementsBefore = elements.count
            let templatePath = path.appending("elementTemplate")
            var count = 0
            for (item, scope) in items(of: iteration, in: data, path: path, repeatTemplate: template) {
                elements += bindElement(template, data: item, scopes: scopes + [scope], path: templatePath)
                count += 1
            }
            let after = bindOwnJSON(section.afterTemplateElements, named: "afterTemplateElements", scopes: scopes, path: path)
            elements += after
            let collection = iteration.path.isSelf ? data.value : data.value.value(at: iteration.path)
            var isDictionary = collection?.objectValue != nil
            if case .properties = iteration { isDictionary = true }
            section.repeatSource = RepeatSource(path: iteration.path, template: template, count: count, isDictionary: isDictionary,
                                                elementsBefore: elementsBefore, elementsAfter: after.count)
            section.elements = elements
            section.elementTemplate = nil
            section.beforeTemplateElements = nil
            section.afterTemplateElements = nil
            removeIteration(from: &section.properties, spec: spec)
        } else if let elements = section.elements {
            var bound: [Element] = []
            bound.reserveCapacity(elements.count)
            let parent = path.asParent
            for (index, element) in elements.enumerated() {
                bound += bindElement(element, data: data, scopes: scopes, path: DefinitionPath(parent, "elements", index: index))
            }
            section.elements = bound
        }
        return [section]
    }

    /// `beforeTemplateElements` and `afterTemplateElements`: QuickDialog builds each from its JSON
    /// object and binds it to that same object, not to the section's data, so `"bind":
    /// "value:title"` reads the element's own title. Nothing is written back through them.
    mutating func bindOwnJSON(_ elements: [Element]?, named name: String, scopes: [DataScope], path: DefinitionPath) -> [Element] {
        var bound: [Element] = []
        let parent = path.asParent
        for (index, element) in (elements ?? []).enumerated() {
            let own = BindingData.definition(element.encoded)
            bound += bindElement(element, data: own, scopes: scopes + [DataScope(path: .this, isDetached: true)],
                                 path: DefinitionPath(parent, name, index: index))
        }
        return bound
    }

    // MARK: Pairs

    /// Sets every `prop:path` pair of an element's `bind` through its class's setters; returns
    /// the parsed spec for iteration.
    @discardableResult
    mutating func applyPairs(to element: inout Element, data: BindingData, path: DefinitionPath) -> BindingSpec? {
        guard let spec = spec(of: element.properties) else { return nil }
        for pair in spec.pairs {
            let (value, fromData) = pairValue(pair, data: data, path: path)
            if let changed = FieldValueType.set(pair.property, to: value, on: &element) {
                if fromData { element.propertiesFromData.insert(changed) } else { element.propertiesFromData.remove(changed) }
            }
        }
        return spec
    }

    /// Sets every `prop:path` pair of a section's `bind`; returns the parsed spec for iteration.
    mutating func applyPairs(to section: inout Section, data: BindingData, path: DefinitionPath) -> BindingSpec? {
        guard let spec = spec(of: section.properties) else { return nil }
        for pair in spec.pairs {
            let (value, fromData) = pairValue(pair, data: data, path: path)
            if let changed = section.setBoundProperty(pair.property, to: value) {
                if fromData { section.propertiesFromData.insert(changed) } else { section.propertiesFromData.remove(changed) }
            }
        }
        return spec
    }

    /// The value a pair binds (nil, noted as a miss, when the data lacks its path).
    mutating func pairValue(_ pair: BindingSpec.Pair, data: BindingData, path: DefinitionPath) -> (FormValue, fromData: Bool) {
        let keyPath: ValuePath
        switch pair.source {
        case .this: keyPath = .this
        case .keyPath(let path): keyPath = path
        }
        if let found = data.lookup(keyPath) { return found }
        noteMiss(path: path.text(appending: "bind"), keyPath: keyPath)
        return (.null, true)
    }

    mutating func spec(of properties: OrderedDictionary<String, FormValue>) -> BindingSpec? {
        guard case .string(let bind)? = properties["bind"] else { return nil }
        if let cached = specCache[bind] { return cached }
        // The decoder has already reported a malformed bind; binding skips it.
        guard let parsed = try? BindingSpec(parsing: bind) else { return nil }
        specCache[bind] = parsed
        return parsed
    }

    mutating func noteMiss(path: String, keyPath: ValuePath, source: BindingMiss.Source = .value) {
        let miss = BindingMiss(path: path, keyPath: keyPath.description, source: source)
        if seenMisses.insert(miss).inserted { misses.append(miss) }
    }

    /// After expansion the section no longer iterates: its `bind` keeps only the plain pairs, so
    /// that the rendered definition binds again to the same result.
    func removeIteration(from properties: inout OrderedDictionary<String, FormValue>, spec: BindingSpec?) {
        guard var spec else { return }
        spec.iteration = nil
        if spec.pairs.isEmpty { properties.removeValue(forKey: "bind") } else { properties["bind"] = .string(spec.description) }
    }

}
