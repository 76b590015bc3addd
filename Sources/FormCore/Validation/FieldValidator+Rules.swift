extension FieldValidator {
    typealias Fail = (String, String, String?) -> Void

    func checkText(_ field: Field, fail: Fail) {
        guard case .string(let text) = field.value else { return }
        let element = field.element
        let length = text.count
        if let minimum = element.properties["minLength"]?.intValue, length < minimum {
            fail("minLength", "must be at least \(minimum) character\(minimum == 1 ? "" : "s") (has \(length))", nil)
        }
        if let maximum = element.properties["maxLength"]?.intValue, maximum > 0, length > maximum {
            fail("maxLength", "must be at most \(maximum) character\(maximum == 1 ? "" : "s") (has \(length))", nil)
        }
        if let pattern = element.properties["pattern"]?.stringValue {
            switch TextPattern.wholeMatch(pattern, text) {
            case .success(true): break
            case .success(false): fail("pattern", "does not have the expected format", element.properties["patternMessage"]?.stringValue)
            case .failure(let error): fail("pattern", "cannot be checked: \(error.message)", nil)
            }
        }
    }

    func checkNumber(_ field: Field, fail: Fail) {
        let element = field.element
        guard element.kind == .decimal || element.kind == .float else { return }
        guard let number = field.value.doubleValue else {
            fail("number", "must be a number", nil)
            return
        }
        if let minimum = element.properties["minimumValue"]?.doubleValue, number < minimum {
            fail("minimumValue", "must be at least \(FormValue.double(minimum).displayString ?? "")", nil)
        }
        if let maximum = element.properties["maximumValue"]?.doubleValue, number > maximum {
            fail("maximumValue", "must be at most \(FormValue.double(maximum).displayString ?? "")", nil)
        }
        if element.kind == .decimal, let digits = element.properties["fractionDigits"]?.intValue, digits >= 0,
            case .double = field.value
        {
            let text = field.value.displayString ?? ""
            let fraction = text.split(separator: ".", maxSplits: 1).dropFirst().first.map { $0.count } ?? 0
            if fraction > digits && !text.contains("e") {
                fail("fractionDigits", digits == 0 ? "must be a whole number" : "must have at most \(digits) digit\(digits == 1 ? "" : "s") after the decimal point", nil)
            }
        }
    }

    func checkDate(_ field: Field, fail: Fail) {
        let element = field.element
        guard FieldValueType(element) == .date, let text = field.value.stringValue else { return }
        let mode = element.properties["mode"]?.stringValue
        guard let date = ISODate(parsing: text, mode: mode) else {
            fail("date", "must be a date as \(ISODate.format(for: mode))", nil)
            return
        }
        // Bounds in any ISO 8601 form count as the element's mode reads them (a Time element's
        // `2026-01-01T08:00:00Z` is 08:00).
        func limit(_ name: String) -> ISODate? {
            guard let bound = element.properties[name]?.stringValue, let text = ISODate.normalized(bound, mode: mode) else { return nil }
            return ISODate(parsing: text, mode: mode)
        }
        if let minimum = limit("minimumDate"), date < minimum, let bound = element.properties["minimumDate"]?.displayString {
            fail("minimumDate", "must be on or after \(bound)", nil)
        }
        if let maximum = limit("maximumDate"), maximum < date, let bound = element.properties["maximumDate"]?.displayString {
            fail("maximumDate", "must be on or before \(bound)", nil)
        }
    }

    /// Radio, segmented, select and picker values must be among the element's choices.
    func checkChoice(_ field: Field, fail: Fail) {
        let element = field.element
        switch FieldValueType(element) {
        case .choice:
            if case .failure(let error) = ChoiceList(element).checkStored(field.value) { fail("choice", error.message, nil) }
        case .selection:
            let list = ChoiceList(element)
            let chosen = field.value.arrayValue ?? [field.value]
            if !chosen.allSatisfy(list.stored.contains) {
                fail("choice", "each choice must be one of \(list.describedChoices)", nil)
            } else if chosen.count > 1 && !list.allowsMany {
                fail("choice", "allows only one choice", nil)
            }
        case .picker:
            let items = FieldValueType.pickerItems(of: element)
            let chosen = field.value.arrayValue ?? [field.value]
            if !items.isEmpty, !chosen.allSatisfy({ choice in items.contains { $0 == choice || $0.displayString == choice.displayString } }) {
                fail("choice", "must be one of \(FieldValueType.list(items.compactMap(\.displayString)))", nil)
            }
        default:
            break
        }
    }

    func check(_ rule: ValidationRule, _ field: Field, fail: Fail) {
        let text = field.value.displayString ?? ""
        switch rule.kind {
        case .email:
            if !TextPattern.isEmail(text) { fail("email", "must be an email address like name@example.com", rule.message) }
        case .url:
            if !TextPattern.isURL(text) { fail("url", "must be a URL starting with http:// or https://", rule.message) }
        case .matches(let other):
            let otherValue = siblingValue(other, field) ?? .null
            if otherValue != field.value { fail("matches", "must match \(other)", rule.message) }
        case .expression(let test):
            switch evaluateTest(test, field) {
            case .success(true): break
            case .success(false): fail("expression", "is not valid", rule.message)
            case .failure(let error): fail("expression", "cannot be checked: \(error.message)", rule.message)
            }
        case .custom(let name, let options):
            guard let custom = registry.rule(named: name) else {
                fail(name, "has an unknown rule '\(name)'", nil)
                return
            }
            let input = ValidatorRegistry.Input(value: field.value, options: options, path: field.path.dotted, values: allValues)
            if let message = custom(input) { fail(name, message, rule.message) }
        }
    }
}
