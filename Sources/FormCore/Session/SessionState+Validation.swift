extension SessionState {
    /// Every error at once, in form order: answers that could not be used first, then what
    /// validation finds in the other visible fields, then repeats with too few items. A field
    /// whose answer was refused is not validated again, so one mistake is reported once.
    ///
    /// With `skippingEmptySecureFields`, a secure field holding no value is not validated: an
    /// edit of a stored submission, whose secure fields were checked when it was submitted and
    /// never kept, does not ask for them again.
    func validate(skippingEmptySecureFields: Bool = false) -> [FieldError] {
        var errors = Array(inputErrors.values)
        let reported = inputErrors.keys
        func isReported(_ path: String) -> Bool {
            !reported.isEmpty && reported.contains { path == $0 || path.hasPrefix($0 + ".") || $0.isEmpty }
        }
        let validator = fieldValidator()
        for index in elements.indices {
            guard let path = elements[index].valuePath, let dotted = elements[index].dottedPath, !isHidden(element: index),
                !isReported(dotted)
            else { continue }
            if skippingEmptySecureFields, isSecure(element: index), Self.isEmpty(values.value(at: path)) { continue }
            // Only elements with live properties need resolving; the rest are checked as read
            // when the form was compiled.
            let constraints = elements[index].hasLiveProperties ? nil : elements[index].constraints
            var field = FieldValidator.Field(
                constraints: constraints ?? FieldConstraints(resolvedElement(index)), path: path,
                value: values.value(at: path) ?? .null, isRequired: isRequired(element: index))
            field.element = index
            errors += validator.validate(field)
        }
        errors += evaluationFailures()
        for info in structure.repeats {
            guard let minimum = info.minimumItems, info.count < minimum, !isReported(info.path),
                !isSectionHidden(info.sectionIndex)
            else { continue }
            errors.append(FieldError(path: info.path, rule: "minimumItems",
                                     message: LibraryMessages.text(.minimumItems, ["minimum": .int(minimum), "count": .int(info.count)])))
        }
        return errors
    }

    /// No value, null or empty text: what a secure field holds when nobody gave it.
    static func isEmpty(_ value: FormValue?) -> Bool {
        switch value {
        case nil, .null?: return true
        case .string(let text)?: return text.isEmpty
        default: return false
        }
    }

    /// Properties whose expression decides what is stored or checked: a field's value (computed),
    /// whether it shows, is required, or may be stored at all.
    static let decisiveProperties: Set<String> = ["hidden", "visibility", "required", "secureTextEntry", "enabled"]

    /// Decisive expressions that failed to evaluate (a value grown past its limit, a division
    /// by zero): what would be stored cannot be trusted, so each is an error of the field.
    func evaluationFailures() -> [FieldError] {
        guard !evaluationErrors.isEmpty else { return [] }
        var failures: [FieldError] = []
        for property in structure.live {
            guard property.writes != nil || Self.decisiveProperties.contains(property.property),
                let message = evaluationErrors[property.jsonPath]
            else { continue }
            var path = property.jsonPath
            if case .element(let index) = property.owner {
                let showing = ["hidden", "visibility", "secureTextEntry"].contains(property.property)
                if !showing && isHidden(element: index) { continue }
                path = elements[index].dottedPath ?? path
            }
            failures.append(FieldError(path: path, rule: "expression", message: LibraryMessages.text(.expressionFailed, [
                "property": .text(property.property), "reason": .text(message),
            ])))
        }
        return failures
    }

    func isSectionHidden(_ index: Int) -> Bool {
        property("hidden", ofSection: index)?.isTruthy == true || property("visibility", ofSection: index)?.stringValue == "gone"
    }

    /// The element `field` is of: the one the session gave it, else the one at its path (a
    /// field a caller made from a path alone).
    private func elementIndex(of field: FieldValidator.Field) -> Int? {
        field.element ?? structure.elementByPath[field.path.dotted]
    }

    /// An `expression` rule's test, evaluated as the field's own expressions are.
    func evaluateTest(_ test: String, for field: FieldValidator.Field) -> Result<Bool, FieldInputError> {
        guard let index = elementIndex(of: field) else { return .failure(FieldInputError(LibraryMessages.text(.expressionUnknownField))) }
        // Tests are expressions, and expressions come only from the definition.
        if elements[index].element.propertiesFromData.contains("validate") {
            return .failure(FieldInputError(LibraryMessages.text(.expressionFromData)))
        }
        do throws(ExpressionError) {
            let expression: PropertyExpression
            if let compiled = elements[index].tests[test] { expression = compiled } else { expression = try PropertyExpression(parsing: test) }
            let context = expressionContext(for: .element(index))
            return .success(try expression.evaluate(in: context).isTruthy)
        } catch {
            return .failure(FieldInputError(error.description))
        }
    }

    /// A rule's `message` holding `@{...}`, evaluated as the field's own expressions are; nil
    /// (the rule's default message) when it cannot be. A message bound from the data is text.
    func evaluateMessage(_ message: String, for field: FieldValidator.Field) -> String? {
        guard let index = elementIndex(of: field) else { return nil }
        if elements[index].element.propertiesFromData.contains("validate") { return message }
        do throws(ExpressionError) {
            let expression: PropertyExpression
            if let compiled = elements[index].tests[message] { expression = compiled } else { expression = try PropertyExpression(parsing: message) }
            return try expression.evaluate(in: expressionContext(for: .element(index))).displayString ?? ""
        } catch {
            return nil
        }
    }

    /// The title a person sees for `field` (nil `key`) or for the field `key` names as seen from
    /// it (the same repeat item first, as `matches` reads values); its key path when it shows
    /// no title.
    func title(of key: String?, for field: FieldValidator.Field) -> String {
        var path = field.path
        if let key {
            guard let other = field.constraints.matchedPaths[key] ?? (try? ValuePath(parsing: key)) else { return key }
            path = other
            if let index = elementIndex(of: field), let itemPath = elements[index].itemPath,
                structure.elementByPath[itemPath.appending(other).dotted] != nil
            {
                path = itemPath.appending(other)
            }
        }
        guard let index = structure.elementByPath[path.dotted],
            let title = property("title", ofElement: index)?.displayString, !title.isBlank
        else { return key ?? field.path.dotted }
        return title
    }

    /// Another field's value as `matches` sees it: the same repeat item first, then top level.
    func siblingValue(_ key: String, of field: FieldValidator.Field) -> FormValue? {
        guard let other = field.constraints.matchedPaths[key] ?? (try? ValuePath(parsing: key)) else { return nil }
        if let index = elementIndex(of: field), let itemPath = elements[index].itemPath,
            let value = values.value(at: itemPath.appending(other))
        {
            return value
        }
        return values.value(at: other)
    }
}
