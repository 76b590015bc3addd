/// QuickDialog's setters and getters for the properties that hold or derive an element's value,
/// as its element classes define them (`QRadioElement.m`, `QBooleanElement.m`,
/// `QDecimalElement.m`, `QFloatElement.m`, `QDateTimeInlineElement.m`, `QCountdownElement.m`).
///
/// A derived property (`selectedValue`, `numberValue` on a boolean, `ticksValue` on a date...) is
/// not stored: setting it changes the property it derives from, and reading it computes from
/// that. Binding and reading back through a `bind` pair go through here, so that
/// `"bind": "selectedValue:plan"` moves the radio's selection as it does in QuickDialog.
extension FieldValueType {
    /// Whether `name` is computed from another property on elements of `kind`.
    package static func isDerived(_ name: String, for kind: ElementKind) -> Bool {
        switch name {
        case "selectedValue", "selectedItem": return kind.isA(.radio)
        case "numberValue": return kind == .boolean
        case "floatValue": return kind == .decimal
        case "ticksValue": return isDate(kind)
        case "dateValue": return kind == .countdown
        default: return false
        }
    }

    /// Sets `name` on `element` as the setter of its class does. A derived property is not kept:
    /// the property it derives from is set instead. Returns the property that now holds the value,
    /// or nil when the setter ignores the value (a nil `selectedItem` or `ticksValue`, any
    /// `dateValue` on a countdown).
    @discardableResult
    package static func set(_ name: String, to value: FormValue, on element: inout Element) -> String? {
        let kind = element.kind
        if isDerived(name, for: kind) { element.properties.removeValue(forKey: name) }
        switch name {
        case "selected" where kind.isA(.radio):
            // An NSInteger through key-value coding: text is its `integerValue` ("abc" is 0, the
            // first item); nil, which QuickDialog cannot set on an integer, is no selection.
            element.properties["selected"] = .int(PropertyType.setterInteger(value) ?? -1)
            return "selected"
        case "selectedValue" where kind.isA(.radio):
            // A number (NSNumber, booleans included) is an index; anything else is looked for among
            // `values`, and not found is no selection. With no `values` it is item 0, nil or not:
            // `[nil indexOfObject:]` answers 0 in Objective-C.
            let index: Int
            switch value {
            case .int, .double, .bool: index = PropertyType.setterInteger(value) ?? 0
            default: index = element.values.map { $0.firstIndex(of: value) ?? -1 } ?? 0
            }
            element.properties["selected"] = .int(index)
            return "selected"
        case "selectedItem" where kind.isA(.radio):
            guard !value.isNull, let items = element.properties["items"]?.arrayValue else { return nil }
            element.properties["selected"] = .int(items.firstIndex(of: value) ?? -1)
            return "selected"
        case "boolValue" where kind == .boolean, "numberValue" where kind == .boolean:
            element.properties["boolValue"] = .bool(PropertyType.setterBool(value))
            return "boolValue"
        case "floatValue" where kind == .float, "floatValue" where kind == .decimal:
            // QFloatElement's `floatValue` is a scalar: text is its `floatValue` (0 when no number
            // starts it), nil is 0 (setNilValueForKey:), and a collection, which QuickDialog cannot
            // set at all, is 0 too. QDecimalElement's setFloatValue: keeps what it is given, nil as 0.
            if kind == .float {
                element.properties["floatValue"] = PropertyType.setterScalarNumber(value) ?? .int(0)
                return "floatValue"
            }
            element.properties["numberValue"] = value.isNull ? .int(0) : PropertyType.number.coercedForSetter(value)
            return "numberValue"
        case "ticksValue" where isDate(kind):
            // setTicksValue: takes `ticks.doubleValue`: text gives its leading number, so "abc" is 1970.
            let ticks = value.stringValue.map(PropertyType.leadingNumber) ?? value
            guard let date = ISODate(ticks: ticks)?.formatted(mode: element.properties["mode"]?.stringValue) else { return nil }
            element.properties["dateValue"] = .string(date)
            return "dateValue"
        case "dateValue" where kind == .countdown:
            return nil
        default:
            let type = kind.properties[name]
            element.properties[name] = type?.coercedForSetter(value) ?? value
            return name
        }
    }

    /// Reads `name` from `element` as the getter of its class does: a derived property computed
    /// from the property it derives from; nil where QuickDialog has no getter (`floatValue` on a
    /// decimal) or no value.
    package static func get(_ name: String, of element: Element) -> FormValue? {
        let kind = element.kind
        switch name {
        case "selectedValue" where kind.isA(.radio):
            guard let index = element.selectedIndex, let values = element.values, values.indices.contains(index) else { return .null }
            return values[index]
        case "selectedItem" where kind.isA(.radio):
            let items = element.properties["items"]?.arrayValue ?? []
            guard let index = element.selectedIndex, items.indices.contains(index) else { return .null }
            return items[index]
        case "numberValue" where kind == .boolean:
            return .int(element.properties["boolValue"].map(PropertyType.setterBool) == true ? 1 : 0)
        case "floatValue" where kind == .decimal, "dateValue" where kind == .countdown:
            // A countdown's date is "now plus the ticks": a clock reading, not a value to write back.
            return nil
        case "ticksValue" where isDate(kind):
            guard let text = element.properties["dateValue"]?.stringValue, let (date, _) = ISODate.parseAnyForm(text) else { return .null }
            return .int(date.seconds)
        default:
            return element.properties[name]
        }
    }

    /// Date elements whose `ticksValue` derives from `dateValue`; a countdown stores its ticks.
    static func isDate(_ kind: ElementKind) -> Bool {
        kind == .dateTimeInline || kind == .dateTime
    }
}

extension Section {
    /// Sets a section property as QuickDialog's setter does: scalars coerced; `selectedItems`,
    /// which a select section only computes, ignored.
    mutating func setBoundProperty(_ name: String, to value: FormValue) -> String? {
        if name == "selectedItems" && kind.isA(.select) { return nil }
        properties[name] = kind.properties[name]?.coercedForSetter(value) ?? value
        return name
    }

    /// Reads a section property as its getter does: a select section's `selectedItems` are the
    /// items at its `selectedIndexes`.
    func boundProperty(_ name: String) -> FormValue? {
        guard name == "selectedItems", kind.isA(.select) else { return properties[name] }
        let items = properties["items"]?.arrayValue ?? []
        let indexes = (properties["selectedIndexes"]?.arrayValue ?? []).compactMap(\.intValue)
        return .array(indexes.compactMap { items.indices.contains($0) ? items[$0] : nil })
    }
}
