extension FieldValidator {
    typealias Fail = (String, String, String?) -> Void

    func checkText(_ field: Field, _ c: FieldConstraints, fail: Fail) {
        guard case .string(let text) = field.value else { return }
        if c.minLength != nil || c.maxLength != nil {
            // Characters as a person counts them; ASCII text (most of it) has one per byte.
            let utf8 = text.utf8
            let length = utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? utf8.count : text.count
            if let minimum = c.minLength, length < minimum {
                fail("minLength", LibraryMessages.text(.minLength, ["minimum": .int(minimum), "count": .int(length)]), nil)
            }
            if let maximum = c.maxLength, length > maximum {
                fail("maxLength", LibraryMessages.text(.maxLength, ["maximum": .int(maximum), "count": .int(length)]), nil)
            }
        }
        if let pattern = c.pattern {
            switch TextPattern.wholeMatch(pattern, text, deadline: deadline) {
            case .success(true?): break
            case .success(false?):
                fail("pattern", LibraryMessages.text(.patternMismatch), authorMessage(c.patternMessage, for: field, pattern: pattern))
            case .success(nil): fail("timeLimit", LibraryMessages.text(.patternTimeLimit, ["count": .int(text.count)]), nil)
            case .failure(let error): fail("pattern", LibraryMessages.text(.cannotBeChecked, ["reason": .text(error.message)]), nil)
            }
        }
    }

    func checkNumber(_ field: Field, _ c: FieldConstraints, fail: Fail) {
        guard c.valueType == .number else { return }
        guard let number = field.value.doubleValue else {
            fail("number", LibraryMessages.text(.notANumber), nil)
            return
        }
        if let minimum = c.minimumValue, number < minimum {
            fail("minimumValue", LibraryMessages.text(.minimumValue, ["minimum": .decimal(FormValue.double(minimum).displayString ?? "")]), nil)
        }
        if let maximum = c.maximumValue, number > maximum {
            fail("maximumValue", LibraryMessages.text(.maximumValue, ["maximum": .decimal(FormValue.double(maximum).displayString ?? "")]), nil)
        }
        if let digits = c.fractionDigits, let fraction = Self.writtenFractionDigits(of: field.value), fraction > digits {
            fail("fractionDigits", digits == 0 ? LibraryMessages.text(.wholeNumber) : LibraryMessages.text(.fractionDigits, ["digits": .int(digits)]), nil)
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
            fail("date", ISODate.formatMessage(for: c.dateMode), nil)
            return
        }
        if let minimum = c.minimumDate, date < minimum.date {
            fail("minimumDate", LibraryMessages.text(.minimumDate, ["date": .text(minimum.text)]), nil)
        }
        if let maximum = c.maximumDate, maximum.date < date {
            fail("maximumDate", LibraryMessages.text(.maximumDate, ["date": .text(maximum.text)]), nil)
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
                fail("choice", list.notAChoice(.notChoices).message, nil)
            } else if chosen.count > 1 && !list.allowsMany {
                fail("choice", LibraryMessages.text(.oneChoiceOnly), nil)
            }
        case .picker:
            let items = c.pickerItems
            let chosen = field.value.arrayValue ?? [field.value]
            if !items.isEmpty, !chosen.allSatisfy({ choice in items.contains { $0 == choice || $0.displayString == choice.displayString } }) {
                fail("choice", LibraryMessages.text(.notAChoice, ["choices": .text(FieldValueType.list(items.compactMap(\.displayString)))]), nil)
            }
        default:
            break
        }
    }

    func check(_ rule: ValidationRule, _ field: Field, fail: Fail) {
        let text = field.value.displayString ?? ""
        // Evaluated only for a rule that fails.
        func authored() -> String? { message(of: rule, for: field) }
        func failing(_ key: LibraryMessage, _ arguments: [String: MessageArgument] = [:]) {
            fail(rule.name, LibraryMessages.text(key, arguments), authored())
        }
        switch rule.kind {
        case .email:
            if !TextPattern.isEmail(text) { failing(.email) }
        case .url:
            if !TextPattern.isURL(text) { failing(.url) }
        case .matches(let other):
            let otherValue = siblingValue(other, field) ?? .null
            if otherValue != field.value { failing(.matches, ["field": .text(other)]) }
        case .expression(let test):
            switch evaluateTest(test, field) {
            case .success(true): break
            case .success(false): failing(.notValid)
            case .failure(let error): failing(.cannotBeChecked, ["reason": .text(error.message)])
            }
        case .custom(let name, let options):
            guard let custom = registry.rule(named: name) else {
                fail(name, LibraryMessages.text(.unknownRule, ["rule": .text(name)]), nil)
                return
            }
            let input = ValidatorRegistry.Input(value: field.value, options: options, path: field.path.dotted, values: allValues)
            if let problem = custom(input) { fail(name, problem, authored()) }
        }
    }

    /// The author's message for a failed rule: evaluated when it holds `@{...}` and the session
    /// can evaluate it (only messages from the definition: bound data is never evaluated),
    /// else a `MessagePattern` with the rule's arguments.
    func message(of rule: ValidationRule, for field: Field) -> String? {
        guard let written = rule.message else { return nil }
        if let evaluateMessage, PropertyExpression.containsExpression(written) { return evaluateMessage(written, field) }
        if case .matches(let other) = rule.kind { return authorMessage(written, for: field, other: other) }
        return authorMessage(written, for: field)
    }

    /// An author's message (a rule's `message`, `requiredMessage`, `patternMessage`) as a
    /// `MessagePattern` with the arguments `ValidationRule.messageArguments(for:)` promises:
    /// `{title}` (the field's title as shown), `{field}` (the title of the field `other` names)
    /// and `{pattern}` (as written). A message that does not parse as a pattern is used as
    /// written: it was meant as plain text.
    func authorMessage(_ written: String?, for field: Field, other: String? = nil, pattern: String? = nil) -> String? {
        guard let written else { return nil }
        // Most messages name no argument and hold no brace: nothing to parse.
        guard written.contains("{") || written.contains("'"), let parsed = try? MessagePattern(parsing: written) else { return written }
        let names = parsed.argumentNames
        var arguments: [String: MessageArgument] = [:]
        if names.contains("title") { arguments["title"] = .text(fieldTitle?(nil, field) ?? field.path.dotted) }
        if names.contains("field"), let other { arguments["field"] = .text(fieldTitle?(other, field) ?? other) }
        if names.contains("pattern"), let pattern { arguments["pattern"] = .text(pattern) }
        return parsed.format(arguments, language: MessageLanguage.chain.first ?? .english)
    }
}
