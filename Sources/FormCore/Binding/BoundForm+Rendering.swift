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
        let bound = element.propertiesFromData.union(boundProperties(of: element.properties))
        rewriteBind(in: &element.properties, scopes: element.scopes, kind: element.kind)
        keepLoadable(&element, bound: bound)
        element.scopes = []
        if element.isSecure, let property = element.kind.valueProperty { element.properties.removeValue(forKey: property) }
        if let sections = element.sections { element.sections = sections.map(standalone) }
        return element
    }

    static func standalone(_ section: Section) -> Section {
        var section = section
        let bound = section.propertiesFromData.union(boundProperties(of: section.properties))
        rewriteBind(in: &section.properties, scopes: section.scopes, kind: nil)
        keepLoadable(&section.properties, bound: bound, known: section.kind.properties, isLabel: false)
        section.scopes = []
        if let elements = section.elements { section.elements = elements.map(standalone) }
        // A repeat the person grows keeps the elements around its items.
        if let elements = section.beforeTemplateElements { section.beforeTemplateElements = elements.map(standalone) }
        if let elements = section.afterTemplateElements { section.afterTemplateElements = elements.map(standalone) }
        return section
    }

    /// A bound value (from the data, or from an element's own JSON) may be one the definition
    /// format cannot hold (`"title": true`, text where a number belongs), one it would read as
    /// something else (an object where a text belongs is a text in several languages), or one
    /// the element refuses as its starting value (a date that is none): written as it is, the
    /// rendering would not load, or not show the same. Such a text gets the text the form shows
    /// for it; any other such value is left out, as the form shows nothing for it (and a bind
    /// that stays in the rendering gives it again from the same data).
    static func keepLoadable(_ element: inout Element, bound: Set<String>) {
        if bound.contains("items"), element.kind.isA(.radio), let items = element.properties["items"], items.arrayValue == nil {
            offerNoChoices(&element)
        }
        keepLoadable(&element.properties, bound: bound, known: element.kind.properties, isLabel: element.kind.isA(.label))
        // `values` must match the items bound from the data in length, or the rendering is
        // refused: values past the items can never be chosen and go; items past the last value
        // store nothing when chosen, which null values say.
        if bound.contains("items"), let items = element.properties["items"]?.arrayValue, let values = element.values,
            values.count != items.count
        {
            element.properties["values"] = .array(Array(values.prefix(items.count)) + Array(repeating: .null, count: max(0, items.count - values.count)))
            if values.count < items.count { keepResolvedSelection(&element, lookingUp: "selectedValue") }
        }
        guard let property = element.kind.valueProperty, let value = element.properties[property] else { return }
        var issues: [DefinitionIssue] = []
        DefinitionLint().lintValues(of: element, path: "", place: unplaced, issues: &issues)
        guard issues.contains(where: { $0.isError && $0.path == property }) else { return }
        if case .text? = element.kind.properties[property], value.stringValue == nil, let text = value.displayString {
            element.properties[property] = .string(text)
            issues = []
            DefinitionLint().lintValues(of: element, path: "", place: unplaced, issues: &issues)
            guard issues.contains(where: { $0.isError && $0.path == property }) else { return }
        }
        element.properties.removeValue(forKey: property)
    }

    /// Items the data gave that are no list leave the choice with none to offer. Left out of
    /// the rendering, the class's own items would come back (a colour picker's nine colours), so
    /// it says `[]`.
    static func offerNoChoices(_ element: inout Element) {
        element.properties["items"] = []
        keepResolvedSelection(&element, lookingUp: "selectedItem")
    }

    /// A `selectedItem` or `selectedValue` pair looked its choice up among the items or values
    /// the definition had; where the rendering writes others, bound again it would look among
    /// those, so the selection it resolved is written instead (without the pair and those before
    /// it that set the selection).
    static func keepResolvedSelection(_ element: inout Element, lookingUp property: String) {
        guard case .string(let bind)? = element.properties["bind"], var spec = try? BindingSpec(parsing: bind),
            let last = spec.pairs.lastIndex(where: { $0.property == property })
        else { return }
        let selection = storedProperty(property, kind: element.kind)
        spec.pairs = spec.pairs.enumerated().filter { index, pair in
            index > last || storedProperty(pair.property, kind: element.kind) != selection
        }.map(\.element)
        if spec.pairs.isEmpty && spec.iteration == nil {
            element.properties.removeValue(forKey: "bind")
        } else {
            element.properties["bind"] = .string(spec.description)
        }
    }

    static func keepLoadable(
        _ properties: inout OrderedDictionary<String, FormValue>, bound: Set<String>, known: [String: PropertyType], isLabel: Bool
    ) {
        for (name, value) in properties {
            guard let type = known[name] else { continue }
            let isText = type == .text || type == .string || (isLabel && name == "value")
            // An object the data gave is data; written in a text's place it would be read as a
            // text in several languages (a label's value only when it looks like one).
            let readAsTexts = type == .text || (isLabel && name == "value" && TextMap.isTextMap(value))
            if bound.contains(name), readAsTexts, value.objectValue != nil {
                properties[name] = value.displayString.map(FormValue.string)
                continue
            }
            if bound.contains(name), type == .textArray, case .array(let items) = value, items.contains(where: { $0.objectValue != nil }) {
                properties[name] = .array(items.map { $0.objectValue == nil ? $0 : $0.displayString.map(FormValue.string) ?? .null })
            }
            guard let value = properties[name] else { continue }
            // Most values fit their type and hold no text map: only the others are decoded.
            let holdsObject = value.objectValue != nil || value.arrayValue?.contains { $0.objectValue != nil } == true
            if type.accepts(value) && !holdsObject { continue }
            var decoder = DefinitionDecoder()
            decoder.checkProperty(name, value, path: name, known: known, owner: "")
            guard decoder.issues.contains(where: \.isError) else { continue }
            if isText { properties[name] = value.displayString.map(FormValue.string) } else { properties.removeValue(forKey: name) }
        }
    }

    /// The properties the pairs of a `bind` set.
    static func boundProperties(of properties: OrderedDictionary<String, FormValue>) -> Set<String> {
        guard case .string(let bind)? = properties["bind"], let spec = try? BindingSpec(parsing: bind) else { return [] }
        return Set(spec.pairs.map(\.property))
    }

    /// A lint's place for one element judged on its own.
    static let unplaced = DefinitionLint.Place(file: nil, fields: FormFieldNames(FormDefinition(root: Element(kind: .root, typeName: ""))))

    /// `kind`: the element's class, whose derived properties set the stored one (nil for a
    /// section).
    static func rewriteBind(in properties: inout OrderedDictionary<String, FormValue>, scopes: [DataScope], kind: ElementKind?) {
        guard !scopes.isEmpty, case .string(let bind)? = properties["bind"],
            let spec = try? BindingSpec(parsing: bind)
        else { return }
        var rewritten = BindingSpec()
        func drop(_ pair: BindingSpec.Pair) {
            // The dropped pair's value stays as the literal; an earlier pair setting the same
            // property would set it again when the rendering is bound, where the dropped one
            // came after it and won.
            let target = storedProperty(pair.property, kind: kind)
            rewritten.pairs.removeAll { storedProperty($0.property, kind: kind) == target }
        }
        for pair in spec.pairs {
            let relative: ValuePath
            switch pair.source {
            case .this: relative = .this
            case .keyPath(let path): relative = path
            }
            guard let absolute = DataScope.absolutePath(of: relative, in: scopes) else {
                drop(pair)
                continue
            }
            let source: BindingSpec.Source = absolute.isSelf ? .this : .keyPath(absolute)
            // `self` writes nothing back; turning it into an item's path would start writing.
            if case .this = pair.source, !absolute.isSelf {
                drop(pair)
                continue
            }
            let candidate = BindingSpec.Pair(property: pair.property, source: source)
            // A data key holding `,` `.` `[` or spaces cannot be written in a bind string.
            guard (try? BindingSpec(parsing: BindingSpec(pairs: [candidate]).description))?.pairs == [candidate] else {
                drop(pair)
                continue
            }
            rewritten.pairs.append(candidate)
        }
        if let iteration = spec.iteration { rewritten.iteration = iteration }
        if rewritten.pairs.isEmpty && rewritten.iteration == nil {
            properties.removeValue(forKey: "bind")
        } else {
            properties["bind"] = .string(rewritten.description)
        }
    }

    /// The property a pair finally sets: a derived one's stored property.
    static func storedProperty(_ name: String, kind: ElementKind?) -> String {
        guard let kind, FieldValueType.isDerived(name, for: kind), let stored = kind.valueProperty else { return name }
        return stored
    }
}
