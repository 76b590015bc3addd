extension Section {
    /// A keyed select section (`QSelectSection`, `QRadioSection`) as the one field it is to a
    /// person filling the form: a list of items to choose from, by number. The element is
    /// synthesized (kind picker, marked `selectSection`), so that sessions, prompts and
    /// validation treat the section's selection like any other value.
    var selectionElement: Element? {
        guard kind.isA(.select), let key else { return nil }
        var properties: [(String, FormValue)] = [
            ("key", .string(key)),
            ("title", properties["title"] ?? .null),
            ("items", properties["items"] ?? .array([])),
            ("multipleAllowed", .bool(kind == .radio ? false : (properties["multipleAllowed"]?.boolValue ?? true))),
            ("selectSection", .bool(true)),
            ("value", fetchedValue ?? .array([])),
        ]
        if let values = self.properties["values"] { properties.append(("values", values)) }
        if let required = self.properties["required"] { properties.append(("required", required)) }
        if let valuePath = self.properties["valuePath"] { properties.append(("valuePath", valuePath)) }
        var element = Element(kind: .picker, typeName: kind.rawValue, properties: .init(uniqueKeysWithValues: properties))
        element.scopes = scopes
        return element
    }
}

extension Element {
    /// Whether this element stands for a keyed select section (see `Section.selectionElement`).
    var isSectionSelection: Bool { properties["selectSection"]?.boolValue ?? false }

    /// The choices of a section selection: what is stored for each item (its value or index).
    var selectionChoices: [FormValue] {
        if let values { return values }
        return items.indices.map(FormValue.int)
    }
}
