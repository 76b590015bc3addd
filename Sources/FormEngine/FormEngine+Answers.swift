import FormCore

extension FormEngine {
    /// Sets a session's values from an answers object keyed by element key (repeats as arrays
    /// of objects, or dotted keys such as `guests.1.email`). Strings are parsed for the field's
    /// type (`"42"` for a decimal, `"yes"` for a boolean, a choice by its item or value); repeats
    /// grow to fit. Returns every answer that could not be used, as field errors; valid answers
    /// are set even when others fail.
    public func fill(_ session: FormSession, with answers: FormValue) -> [FieldError] {
        guard case .object = answers else {
            return [FieldError(path: "", rule: "answers", message: "answers must be a JSON object keyed by element key, found \(answers.typeName)")]
        }
        var errors: [FieldError] = []
        // Repeats whose answers hold more items than the form allows: one error each, rather
        // than one "no field" per item beyond the limit.
        var overflow: [(path: String, maximum: Int)] = []
        session.batch {
            for info in session.repeats {
                let wanted = answers.value(atPath: info.path)?.arrayValue?.count ?? 0
                if let maximum = info.maximumItems, wanted > maximum {
                    overflow.append((info.path, maximum))
                    errors.append(FieldError(path: info.path, rule: "maximumItems",
                                             message: "has \(wanted) items; at most \(maximum) are allowed"))
                }
                if wanted > info.count { _ = try? session.appendItems(to: info.path, count: wanted - info.count) }
            }
            let targets = session.answerTargets
            for target in targets where !target.isComputed {
                guard let answer = answers.value(at: target.valuePath) else { continue }
                if let error = set(answer, for: target.element, path: target.path, in: session) { errors.append(error) }
            }
            let paths = session.answerPaths
            errors += unknownAnswers(answers, prefix: [], known: paths.all, computed: paths.computed).filter { error in
                !overflow.contains { error.path.hasPrefix($0.path + ".") }
            }
        }
        return errors
    }

    /// Sets one answer, parsing text for typed fields; a wrongly typed answer is a field error.
    func set(_ answer: FormValue, for element: Element, path: String, in session: FormSession) -> FieldError? {
        var value = answer
        if case .string(let text) = answer, element.kind != .entry, element.kind != .multiline,
            element.kind != .autoEntry, element.kind != .text
        {
            switch FieldValueParser.parse(text, for: element) {
            case .success(let parsed): value = parsed
            case .failure(let error): return FieldError(path: path, rule: "type", message: error.message)
            }
        } else if let problem = Self.typeProblem(answer, for: element) {
            return FieldError(path: path, rule: "type", message: problem)
        }
        do { try session.set(value, forKey: path) } catch {
            return FieldError(path: path, rule: "answers", message: error.message)
        }
        return nil
    }

    /// Answers whose JSON type cannot be the field's value (an array for a text field...).
    static func typeProblem(_ value: FormValue, for element: Element) -> String? {
        switch (element.kind, value) {
        case (_, .null): return nil
        case (.boolean, _): return value.boolValue == nil ? "must be true or false" : nil
        case (.decimal, _), (.float, _): return value.isNumber ? nil : "must be a number"
        case (.entry, .string), (.multiline, .string), (.autoEntry, .string), (.text, .string): return nil
        case (.entry, .int), (.entry, .double): return "must be text (a JSON string)"
        case (.entry, _), (.multiline, _), (.autoEntry, _): return "must be text (a JSON string)"
        default: return nil
        }
    }

    /// Keys in the answers that name no field: a typo must not be silently ignored.
    func unknownAnswers(_ answers: FormValue, prefix: [String], known: Set<String>, computed: Set<String>) -> [FieldError] {
        guard case .object(let members) = answers else { return [] }
        var errors: [FieldError] = []
        for (key, value) in members {
            let path = (prefix + [key]).joined(separator: ".")
            if known.contains(path) { continue }
            if computed.contains(path) {
                errors.append(FieldError(path: path, rule: "answers", message: "is computed by the form and cannot be answered"))
                continue
            }
            if case .array(let items) = value, known.contains(where: { $0.hasPrefix(path + ".") }) {
                for (index, item) in items.enumerated() {
                    errors += unknownAnswers(item, prefix: prefix + [key, String(index)], known: known, computed: computed)
                }
                continue
            }
            if case .object = value, known.contains(where: { $0.hasPrefix(path + ".") }) {
                errors += unknownAnswers(value, prefix: prefix + [key], known: known, computed: computed)
                continue
            }
            let hint = Suggestion.nearest(to: path, in: known).map { "; did you mean '\($0)'?" } ?? ""
            errors.append(FieldError(path: path, rule: "answers", message: "no field has this key\(hint)"))
        }
        return errors
    }
}
