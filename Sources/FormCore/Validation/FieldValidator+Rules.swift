extension FieldValidator {
    typealias Fail = (String, String, String?) -> Void

    func checkText(_ field: Field, _ c: FieldConstraints, fail: Fail) {
        guard case .string(let text) = field.value else { return }
        if c.minLength != nil || c.maxLength != nil {
            // Characters as a person counts them; ASCII text (most of it) has one per byte.
            let utf8 = text.utf8
            let length = utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? utf8.count : text.count
            if let minimum = c.minLength, length < minimum {
                fail("minLength", "must be at least \(minimum) character\(minimum == 1 ? "" : "s") (has \(length))", nil)
            }
            if let maximum = c.maxLength, length > maximum {
                fail("maxLength", "must be at most \(maximum) character\(maximum == 1 ? "" : "s") (has \(length))", nil)
            }
        }
        if let pattern = c.pattern {
            switch TextPattern.wholeMatch(pattern, text, deadline: deadline) {
            case .success(true?): break
            case .success(false?): fail("pattern", "does not have the expected format", c.patternMessage)
            case .success(nil): fail("timeLimit", "could not be checked against its pattern within the time limit (\(text.count) characters)", nil)
            case .failure(let error): fail("pattern", "cannot be checked: \(error.message)", nil)
            }
        }
    }

    func checkNumber(_ field: Field, _ c: FieldConstraints, fail: Fail) {
        guard c.valueType == .number else { return }
        guard let number = field.value.doubleValue else {
            fail("number", "must be a number", nil)
            return
        }
        if let minimum = c.minimumValue, number < minimum {
            fail("minimumValue", "must be at least \(FormValue.double(minimum).displayString ?? "")", nil)
        }
        if let maximum = c.maximumValue, number > maximum {
            fail("maximumValue", "must be at most \(FormValue.double(maximum).displayString ?? "")", nil)
        }
        if let digits = c.fractionDigits, let fraction = Self.writtenFractionDigits(of: field.value), fraction > digits {
            fail("fractionDigits", digits == 0 ? "must be a whole number" : "must have at most \(digits) digit\(digits == 1 ? "" : "s") after the decimal point", nil)
        }
    }

    /// The digits after the point of a number as it is written (`9.99` has 2); nil for a whole
    /// number, a number written with an exponent, or no number. Validation and `check` count alike.
    static func writtenFractionDigits(of value: FormValue) -> Int? {
        guard case .double = value, let text = value.displayString, !text.contains("e") else { return nil }
        return text.split(separator: ".", maxSplits: 1).dropFirst().first.map(\.count) ?? 0
    }

    func checkDate(_ field: Field, _ c: FieldConstraints, fail: Fail) {
        guard c.kind.isA(.dateTimeInline) || c.kind == .dateTime, let text = field.value.stringValue else { return }
        guard let date = ISODate(parsing: text, mode: c.dateMode) else {
            fail("date", "must be a date as \(ISODate.format(for: c.dateMode))", nil)
            return
        }
        if let minimum = c.minimumDate, date < minimum.date {
            fail("minimumDate", "must be on or after \(minimum.text)", nil)
        }
        if let maximum = c.maximumDate, maximum.date < date {
            fail("maximumDate", "must be on or before \(maximum.text)", nil)
        }
    }

    /// Radio, segmented, select and picker values must be among the element's choices.
    func checkChoice(_ field: Field, _ c: FieldConstraints, fail: Fail) {
        switch c.valueType {
        case .choice:
            if let list = c.choices, case .failure(let error) = list.checkStored(field.value) { fail("choice", error.message, nil) }
        case .selection:
            guard let list = c.choices else { return }
            let chosen = field.value.arrayValue ?? [field.value]
            if !chosen.allSatisfy(list.stored.contains) {
                fail("choice", "each choice must be one of \(list.describedChoices)", nil)
            } else if chosen.count > 1 && !list.allowsMany {
                fail("choice", "allows only one choice", nil)
            }
        case .picker:
            let items = c.pickerItems
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
        // Evaluated only for a rule that fails.
        func authored() -> String? { message(of: rule, for: field) }
        switch rule.kind {
        case .email:
            if !TextPattern.isEmail(text) { fail("email", "must be an email address like name@example.com", authored()) }
        case .url:
            if !TextPattern.isURL(text) { fail("url", "must be a URL starting with http:// or https://", authored()) }
        case .matches(let other):
            let otherValue = siblingValue(other, field) ?? .null
            if otherValue != field.value { fail("matches", "must match \(other)", authored()) }
        case .expression(let test):
            switch evaluateTest(test, field) {
            case .success(true): break
            case .success(false): fail("expression", "is not valid", authored())
            case .failure(let error): fail("expression", "cannot be checked: \(error.message)", authored())
            }
        case .custom(let name, let options):
            guard let custom = registry.rule(named: name) else {
                fail(name, "has an unknown rule '\(name)'", nil)
                return
            }
            let input = ValidatorRegistry.Input(value: field.value, options: options, path: field.path.dotted, values: allValues)
            if let problem = custom(input) { fail(name, problem, authored()) }
        }
    }

    /// The author's message for a failed rule: evaluated when it holds `@{...}` and the session
    /// can evaluate it (only messages from the definition: bound data is never evaluated).
    func message(of rule: ValidationRule, for field: Field) -> String? {
        guard let written = rule.message, let evaluateMessage, PropertyExpression.containsExpression(written) else { return rule.message }
        return evaluateMessage(written, field)
    }
}
