/// The choices of a choice field as a person picks among them: the label shown for each and the
/// value stored for it. A terminal or a web page draws the list and sets the chosen values
/// with `FormSession.set`, so what is stored is exactly what a typed answer would store.
package struct FieldChoices: Sendable, Equatable {
    package let labels: [String]
    /// What is stored for each label, in the same order.
    package let values: [FormValue]
    /// A select section that allows several items: its value is an array.
    package let allowsMany: Bool
    /// The value is an array (a select section), even when one item may be chosen.
    package let isSelection: Bool

    /// Nil for an element that is not chosen from a list (text, numbers, dates...), or a
    /// picker with no items (whose value is typed).
    package init?(_ element: Element) {
        switch FieldValueType(element) {
        case .choice, .selection:
            let list = ChoiceList(element)
            labels = Array(list.labels.prefix(list.stored.count))
            values = Array(list.stored.prefix(labels.count))
            allowsMany = list.allowsMany
            isSelection = FieldValueType(element) == .selection
        case .picker:
            let items = FieldValueType.pickerItems(of: element)
            guard !items.isEmpty else { return nil }
            labels = items.map { $0.displayString ?? $0.jsonString() }
            values = items
            allowsMany = false
            isSelection = false
        default:
            return nil
        }
    }

    /// The indexes of the labels chosen by `value` (one for a single choice, any number for a
    /// selection).
    package func chosenIndexes(_ value: FormValue?) -> [Int] {
        guard let value, !value.isNull else { return [] }
        let chosen = isSelection ? (value.arrayValue ?? []) : [value]
        return chosen.compactMap { values.firstIndex(of: $0) }
    }

    /// The value that stores the labels at `indexes`.
    package func value(choosing indexes: [Int]) -> FormValue {
        let chosen = indexes.filter(values.indices.contains).map { values[$0] }
        if isSelection { return .array(chosen) }
        return chosen.first ?? .null
    }
}
