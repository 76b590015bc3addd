extension Element {
    /// The key the element's value is stored under; elements without one produce no value.
    public var key: String? { properties["key"]?.displayString }
    /// The label shown beside the field, as text.
    public var title: String? { properties["title"]?.displayString }
    /// The hint shown in an empty text field.
    public var placeholder: String? { properties["placeholder"]?.displayString }
    package var bind: String? { properties["bind"]?.stringValue }

    /// The action named by `controllerAction`, without QuickDialog's trailing colon.
    public var controllerAction: String? { properties["controllerAction"]?.stringValue.map(ActionName.normalize) }
    var controllerAccessoryAction: String? {
        properties["controllerAccessoryAction"]?.stringValue.map(ActionName.normalize)
    }

    /// Whether the text is a secret: it is never shown, logged or stored.
    public var isSecure: Bool { properties["secureTextEntry"]?.boolValue ?? false }

    /// The element's current value, read from its kind's value property.
    public var value: FormValue? {
        guard let property = kind.valueProperty else { return nil }
        return properties[property]
    }

    /// Radio, segmented and picker choices as display strings; a colour picker's item is
    /// `[name, colour]`, shown by its name.
    public var items: [String] {
        (properties["items"]?.arrayValue ?? []).map { item in
            let label = kind == .colorPicker ? item.arrayValue?.first ?? item : item
            return label.displayString ?? ""
        }
    }
    /// Radio `values`: what is stored for each item when given.
    public var values: [FormValue]? { properties["values"]?.arrayValue }
    /// A radio's `selected` index; nil for none (QuickDialog's -1, or no `selected` at all).
    package var selectedIndex: Int? { properties["selected"]?.intValue.flatMap { $0 >= 0 ? $0 : nil } }

    /// A boolean property, literal only (expressions are the session's business).
    package func flag(_ name: String) -> Bool? { properties[name]?.boolValue }

    /// The nested dialog's sections, when the element carries any.
    var hasNestedSections: Bool { sections != nil || sectionTemplate != nil }
}

/// Action names as QuickDialog writes them (`onLogin:`) and as handlers are registered (`onLogin`).
package enum ActionName {
    package static func normalize(_ name: String) -> String {
        var trimmed = name.trimmingSpaces
        while trimmed.hasSuffix(":") { trimmed.removeLast() }
        return trimmed
    }
}
