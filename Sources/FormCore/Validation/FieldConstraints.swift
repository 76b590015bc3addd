/// What validation reads from an element, read once: a compiled form validates every answers
/// object against the same elements, so their properties are looked up, parsed and their date
/// bounds read when the form is compiled, not at every submission. A class, so that handing it
/// to the validator copies a reference, not every field.
final class FieldConstraints: Sendable {
    let kind: ElementKind
    let valueType: FieldValueType
    let minLength: Int?
    let maxLength: Int?
    let pattern: String?
    let patternMessage: String?
    let requiredMessage: String?
    let minimumValue: Double?
    let maximumValue: Double?
    let fractionDigits: Int?
    let dateMode: String?
    let minimumDate: (date: ISODate, text: String)?
    let maximumDate: (date: ISODate, text: String)?
    /// Choices of a radio, segmented or select element.
    let choices: ChoiceList?
    /// A picker's items, flattened.
    let pickerItems: [FormValue]
    let rules: [ValidationRule]
    /// The key paths `matches` rules name, parsed.
    let matchedPaths: [String: ValuePath]
    /// A file field's rules (`accept`, `maxSize`, `maximumFiles`, `imageMaxLength`).
    let fileRules: FileFieldRules?

    init(_ element: Element) {
        let properties = element.properties
        kind = element.kind
        valueType = FieldValueType(element)
        minLength = properties["minLength"]?.intValue
        maxLength = properties["maxLength"]?.intValue.flatMap { $0 > 0 ? $0 : nil }
        pattern = properties["pattern"]?.stringValue
        patternMessage = properties["patternMessage"]?.stringValue
        requiredMessage = properties["requiredMessage"]?.stringValue
        let isNumber = valueType == .number
        minimumValue = isNumber ? properties["minimumValue"]?.doubleValue : nil
        maximumValue = isNumber ? properties["maximumValue"]?.doubleValue : nil
        fractionDigits = element.kind == .decimal ? properties["fractionDigits"]?.intValue.flatMap { $0 >= 0 ? $0 : nil } : nil
        let isDate = element.kind.isA(.dateTimeInline) || element.kind == .dateTime
        let mode = isDate ? properties["mode"]?.stringValue : nil
        dateMode = mode
        // Bounds in any ISO 8601 form count as the element's mode reads them (a Time element's
        // `2026-01-01T08:00:00Z` is 08:00); messages quote them as written.
        func bound(_ name: String) -> (ISODate, String)? {
            guard isDate, let text = properties[name]?.stringValue, let normalized = ISODate.normalized(text, mode: mode, writtenInDefinition: true),
                let date = ISODate(parsing: normalized, mode: mode)
            else { return nil }
            return (date, text)
        }
        minimumDate = bound("minimumDate")
        maximumDate = bound("maximumDate")
        switch valueType {
        case .choice, .selection: choices = ChoiceList(element)
        default: choices = nil
        }
        pickerItems = valueType == .picker ? FieldValueType.pickerItems(of: element) : []
        rules = FieldValidator.rules(of: element)
        var matched: [String: ValuePath] = [:]
        for case .matches(let field) in rules.map(\.kind) { matched[field] = try? ValuePath(parsing: field) }
        matchedPaths = matched
        fileRules = FileFieldRules(element: element)
    }
}
