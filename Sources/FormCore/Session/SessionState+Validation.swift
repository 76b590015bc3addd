extension SessionState {
    /// Validates every visible field and returns every error at once, in form order.
    func validate(registry: ValidatorRegistry) -> [FieldError] {
        let snapshot = self
        let validator = FieldValidator(
            registry: registry, allValues: values,
            evaluateTest: { test, field in snapshot.evaluateTest(test, for: field) },
            siblingValue: { key, field in snapshot.siblingValue(key, of: field) })
        var errors: [FieldError] = []
        for index in elements.indices {
            guard let path = elements[index].valuePath, !isHidden(element: index) else { continue }
            // Only elements with live properties need resolving; the rest are checked as written.
            let element = liveIndex[.element(index)] == nil ? elements[index].element : resolvedElement(index)
            let field = FieldValidator.Field(
                element: element, path: path, value: values.value(at: path) ?? .null,
                isRequired: isRequired(element: index), rules: elements[index].rules)
            errors += validator.validate(field)
        }
        return errors
    }

    /// An `expression` rule's test, evaluated as the field's own expressions are.
    func evaluateTest(_ test: String, for field: FieldValidator.Field) -> Result<Bool, FieldInputError> {
        guard let index = elementByPath[field.path.dotted] else { return .failure(FieldInputError("unknown field")) }
        do {
            let expression = try PropertyExpression(parsing: test)
            let context = expressionContext(for: .element(index))
            return .success(try expression.evaluate(in: context).isTruthy)
        } catch {
            return .failure(FieldInputError(error.description))
        }
    }

    /// Another field's value as `matches` sees it: the same repeat item first, then top level.
    func siblingValue(_ key: String, of field: FieldValidator.Field) -> FormValue? {
        guard let other = try? ValuePath(parsing: key) else { return nil }
        if let index = elementByPath[field.path.dotted], let itemPath = elements[index].itemPath,
            let value = values.value(at: itemPath.appending(other))
        {
            return value
        }
        return values.value(at: other)
    }

    /// Action names used by the form, with the JSON-ish place of each, for routing checks.
    var actionUses: [(name: String, path: String)] {
        var uses: [(String, String)] = []
        for entry in elements {
            let where_ = entry.valuePath?.dotted ?? entry.element.key ?? entry.element.title ?? entry.element.kind.rawValue
            if let action = entry.element.controllerAction { uses.append((action, where_)) }
            if let action = entry.element.controllerAccessoryAction { uses.append((action, where_)) }
        }
        return uses
    }
}
