import OrderedCollections

extension Element {
    /// The value `fetchValueIntoObject` writes for this element, by QuickDialog's per-type rules;
    /// nil when the element has no key or does not carry a value.
    package var fetchedValue: FormValue? {
        guard key != nil, kind.fetchesValue else { return nil }
        return FieldValueType(self).storedValue(of: self)
    }

    /// Where this element's value goes in the values object: its key inside the items of the
    /// repeats it was expanded in (`guests[1].email`), or the `valuePath` a rendered definition
    /// wrote for it.
    package var valuePath: ValuePath? {
        guard let key else { return nil }
        if let written = Self.writtenValuePath(properties) { return written }
        return ValuePath(components: scopes.repeatItemComponents + [.key(key)])
    }
}

extension Sequence<DataScope> {
    /// The path of the item a value built inside these scopes belongs to: the items of the
    /// repeats around it, outermost first (`guests[1]`, `teams.blue.members[0]`).
    var repeatItemComponents: [ValuePath.Component] {
        lazy.filter(\.isRepeat).flatMap(\.itemPath.components)
    }
}

extension Element {
    /// A `valuePath` property as a key path (nil when absent or not one: the key decides then).
    static func writtenValuePath(_ properties: OrderedDictionary<String, FormValue>) -> ValuePath? {
        guard case .string(let written)? = properties["valuePath"], !written.isEmpty else { return nil }
        return try? ValuePath(parsing: written)
    }
}

extension Section {
    /// Where a keyed section's choice goes, as `Element.valuePath` says for elements.
    package var valuePath: ValuePath? {
        guard let key else { return nil }
        if let written = Element.writtenValuePath(properties) { return written }
        return ValuePath(components: scopes.repeatItemComponents + [.key(key)])
    }

    /// The data path an iterating section walks, inside the items of the repeats around it.
    package var repeatPath: ValuePath? {
        repeatSource.map { ValuePath(components: scopes.repeatItemComponents + $0.path.components) }
    }

    /// A keyed select section gives its selected indexes (or the `values` at them): only the
    /// whole numbers that name one of its items, which are the ones shown checked. QuickDialog
    /// stores whatever `selectedIndexes` was bound to (`["s", "m"]`, `[7]`) while showing none
    /// of them checked; formctl stores what is shown.
    package var fetchedValue: FormValue? {
        guard key != nil, kind.isA(.select) else { return nil }
        var indexes = (properties["selectedIndexes"]?.arrayValue ?? []).compactMap(\.intValue)
        if kind == .radio, let selected = properties["selected"]?.intValue { indexes = [selected] }
        let items = properties["items"]?.arrayValue ?? []
        indexes = indexes.filter(items.indices.contains)
        if let values = properties["values"]?.arrayValue {
            return .array(indexes.compactMap { values.indices.contains($0) ? values[$0] : nil })
        }
        return .array(indexes.map(FormValue.int))
    }
}

extension BoundForm {
    /// Every keyed element's value by key; elements expanded from `iterate:PATH` give an array of
    /// objects at PATH, one per item, instead of overwriting each other. The sections of an
    /// element that holds a value of its own (an entry, a text...) give nothing: those classes
    /// fetch only their own value.
    package func fetchValueIntoObject() -> FormValue {
        var values = FormValue.object([:])
        definition.root.forEachValueSource { element in
            guard let value = element.fetchedValue, let path = element.valuePath else { return }
            try? values.setValue(value, at: path)
        } sections: { section in
            guard let value = section.fetchedValue, let path = section.valuePath else { return }
            try? values.setValue(value, at: path)
        }
        return values
    }

    /// The reverse of `bind`: every `prop:path` pair (not `iterate`, not `self`) writes the
    /// element's property back into `data` at the path, inside the item the element was built from.
    package func fetchValueUsingBindings<Data: KeyValueCoding>(into data: inout Data) {
        // Expanded templates repeat the same bind string once per item: parse each string once.
        var specs: [String: BindingSpec?] = [:]
        func writeBack(_ properties: OrderedDictionary<String, FormValue>, scopes: [DataScope], read: (String) -> FormValue?) {
            guard case .string(let bind)? = properties["bind"] else { return }
            let parsed: BindingSpec?
            if let cached = specs[bind] {
                parsed = cached
            } else {
                parsed = try? BindingSpec(parsing: bind)
                specs[bind] = parsed
            }
            guard let spec = parsed else { return }
            for pair in spec.pairs {
                // Derived properties are read through their getters (`selectedValue` is
                // `values[selected]`).
                guard case .keyPath(let path) = pair.source, let value = read(pair.property),
                    let target = DataScope.absolutePath(of: path, in: scopes)
                else { continue }
                // A path the data lacked bound nil; writing that nil back would add a key the data
                // never had (KVC's setValue:nil on a dictionary removes rather than adds).
                if value.isNull && data.value(at: target) == nil { continue }
                // Paths through a collection operator (`value:guests.@count`) cannot be written;
                // the data is left as it was.
                try? data.setValue(value, at: target)
            }
        }
        definition.root.forEachElement { element in
            writeBack(element.properties, scopes: element.scopes) { FieldValueType.get($0, of: element) }
        } sections: { section in
            writeBack(section.properties, scopes: section.scopes, read: section.boundProperty)
        }
        let root = definition.root
        writeBack(root.properties, scopes: []) { FieldValueType.get($0, of: root) }
    }
}

extension Element {
    /// Visits every element and section below this one, depth first, in definition order.
    func forEachElement(_ body: (Element) -> Void, sections sectionBody: (Section) -> Void = { _ in }) {
        for section in sections ?? [] {
            sectionBody(section)
            for element in section.elements ?? [] {
                body(element)
                if element.sections != nil { element.forEachElement(body, sections: sectionBody) }
            }
        }
    }

    /// Like `forEachElement`, but not into the sections of elements that fetch a value of their
    /// own: QuickDialog's value-bearing classes override `fetchValueIntoObject:` without calling
    /// the root's, so what their nested pages hold never comes out.
    func forEachValueSource(_ body: (Element) -> Void, sections sectionBody: (Section) -> Void = { _ in }) {
        for section in sections ?? [] {
            sectionBody(section)
            for element in section.elements ?? [] {
                body(element)
                if element.sections != nil, element.kind.collectsNestedValues {
                    element.forEachValueSource(body, sections: sectionBody)
                }
            }
        }
    }

    /// Every element below this one, in definition order.
    package var allElements: [Element] {
        var result: [Element] = []
        forEachElement { result.append($0) }
        return result
    }
}
