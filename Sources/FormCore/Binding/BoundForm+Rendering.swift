import OrderedCollections

extension BoundForm {
    /// The bound form as a definition that stands on its own: what `formctl render --format json`
    /// prints.
    ///
    /// Expanded template elements and included content keep their `bind`, but its key paths were
    /// relative to an item or to shared data that the expanded form no longer knows about. Here
    /// they are rewritten to paths into the whole data (`textValue:guests[1].email`), so that
    /// binding the rendering again to the same data gives the same rendering, and writing values
    /// back still reaches the item. Pairs with no place in the data (an `iterateproperties:`
    /// entry's `key`, literal shared data, `self` inside a repeat) are dropped: their bound value
    /// stays as a literal property. Values of secure fields are left out: a rendering is printed
    /// and logged, and a secret bound from the data must not appear in it.
    package var rendered: FormDefinition {
        var rendered = definition
        rendered.root = Self.standalone(definition.root)
        return rendered
    }

    static func standalone(_ element: Element) -> Element {
        var element = element
        rewriteBind(in: &element.properties, scopes: element.scopes)
        element.scopes = []
        if element.isSecure, let property = element.kind.valueProperty { element.properties.removeValue(forKey: property) }
        if let sections = element.sections { element.sections = sections.map(standalone) }
        return element
    }

    static func standalone(_ section: Section) -> Section {
        var section = section
        rewriteBind(in: &section.properties, scopes: section.scopes)
        section.scopes = []
        if let elements = section.elements { section.elements = elements.map(standalone) }
        return section
    }

    static func rewriteBind(in properties: inout OrderedDictionary<String, FormValue>, scopes: [DataScope]) {
        guard !scopes.isEmpty, case .string(let bind)? = properties["bind"],
            let spec = try? BindingSpec(parsing: bind)
        else { return }
        var rewritten = BindingSpec()
        for pair in spec.pairs {
            let relative: ValuePath
            switch pair.source {
            case .this: relative = .this
            case .keyPath(let path): relative = path
            }
            guard let absolute = DataScope.absolutePath(of: relative, in: scopes) else { continue }
            let source: BindingSpec.Source = absolute.isSelf ? .this : .keyPath(absolute)
            // `self` writes nothing back; turning it into an item's path would start writing.
            if case .this = pair.source, !absolute.isSelf { continue }
            let candidate = BindingSpec.Pair(property: pair.property, source: source)
            // A data key holding `,` `.` `[` or spaces cannot be written in a bind string.
            guard (try? BindingSpec(parsing: BindingSpec(pairs: [candidate]).description))?.pairs == [candidate] else { continue }
            rewritten.pairs.append(candidate)
        }
        if let iteration = spec.iteration { rewritten.iteration = iteration }
        if rewritten.pairs.isEmpty && rewritten.iteration == nil {
            properties.removeValue(forKey: "bind")
        } else {
            properties["bind"] = .string(rewritten.description)
        }
    }
}
