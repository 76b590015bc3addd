import OrderedCollections

/// Binds a definition to data with QuickDialog's meaning: top-down, `prop:path` pairs set
/// properties, `iterate:` and `iterateproperties:` expand templates, includes are inlined with
/// their shared data, nested roots bind with their element's data.
public struct Binder {
    private var misses: [BindingMiss] = []
    private var seenMisses: Set<BindingMiss> = []
    /// Templates are bound once per item; their bind strings are parsed once per template.
    private var specCache: [String: BindingSpec] = [:]

    public init() {}

    /// Binds `definition` to `data`; a key path the data lacks binds nil and is listed in `misses`.
    public static func bind(_ definition: FormDefinition, to data: FormValue) -> BoundForm {
        var binder = Binder()
        var bound = definition
        bound.root = binder.bindRoot(definition.root, data: data, scopes: [], path: .root)
        return BoundForm(definition: bound, data: data, misses: binder.misses)
    }

    // MARK: Roots and elements

    mutating func bindRoot(_ element: Element, data: FormValue, scopes: [DataScope], path: DefinitionPath) -> Element {
        var element = element
        element.scopes = scopes
        let spec = applyPairs(to: &element.properties, data: data, path: path)
        if let iteration = spec?.iteration, let template = element.sectionTemplate {
            var sections: [Section] = []
            let templatePath = path.appending("sectionTemplate")
            for (item, scope) in items(of: iteration, in: data, path: path) {
                sections += bindSection(template, data: item, scopes: scopes + [scope], path: templatePath)
            }
            if sections.isEmpty, let message = element.properties["emptyMessage"]?.displayString {
                let text = Element(kind: .text, properties: ["text": .string(message)])
                sections = [Section(elements: [text])]
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
        applyRadioSelection(to: &element)
        return element
    }

    /// Binds an element; an include expands to the elements of the included file.
    mutating func bindElement(_ element: Element, data: FormValue, scopes: [DataScope], path: DefinitionPath) -> [Element] {
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
        applyPairs(to: &element.properties, data: data, path: path)
        applyRadioSelection(to: &element)
        return [element]
    }

    // MARK: Sections

    /// Binds a section; an include expands to the sections of the included file.
    mutating func bindSection(_ section: Section, data: FormValue, scopes: [DataScope], path: DefinitionPath) -> [Section] {
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
        let spec = applyPairs(to: &section.properties, data: data, path: path)
        if let iteration = spec?.iteration, let template = section.elementTemplate {
            var elements: [Element] = []
            let parent = path.asParent
            for (index, element) in (section.beforeTemplateElements ?? []).enumerated() {
                elements += bindElement(element, data: data, scopes: scopes, path: DefinitionPath(parent, "beforeTemplateElements", index: index))
            }
            let templatePath = DefinitionPath(parent, "elementTemplate")
            var count = 0
            for (item, scope) in items(of: iteration, in: data, path: path) {
                elements += bindElement(template, data: item, scopes: scopes + [scope], path: templatePath)
                count += 1
            }
            for (index, element) in (section.afterTemplateElements ?? []).enumerated() {
                elements += bindElement(element, data: data, scopes: scopes, path: DefinitionPath(parent, "afterTemplateElements", index: index))
            }
            let isDictionary: Bool
            if case .properties = iteration { isDictionary = true } else { isDictionary = false }
            section.repeatSource = RepeatSource(path: iteration.path, template: template, count: count, isDictionary: isDictionary)
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

    // MARK: Pairs

    /// Sets every `prop:path` pair of a `bind` property; returns the parsed spec for iteration.
    @discardableResult
    mutating func applyPairs(to properties: inout OrderedDictionary<String, FormValue>, data: FormValue, path: DefinitionPath) -> BindingSpec? {
        guard case .string(let bind)? = properties["bind"] else { return nil }
        let spec: BindingSpec
        if let cached = specCache[bind] {
            spec = cached
        } else {
            // The decoder has already reported a malformed bind; binding skips it.
            guard let parsed = try? BindingSpec(parsing: bind) else { return nil }
            specCache[bind] = parsed
            spec = parsed
        }
        for pair in spec.pairs {
            switch pair.source {
            case .this:
                properties[pair.property] = data
            case .keyPath(let keyPath):
                if let value = data.value(at: keyPath) {
                    properties[pair.property] = value
                } else {
                    properties[pair.property] = .null
                    noteMiss(path: path.text(appending: "bind"), keyPath: keyPath)
                }
            }
        }
        return spec
    }

    mutating func noteMiss(path: String, keyPath: ValuePath) {
        let miss = BindingMiss(path: path, keyPath: keyPath.description)
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
