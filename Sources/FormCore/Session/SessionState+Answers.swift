extension SessionState {
    /// Applies an answers object keyed by element key (repeats as arrays of objects): repeats
    /// grow to fit, within their limits; each answer is read for its field's type; keys that name
    /// no field, computed fields and misshapen values are errors naming their path. Valid answers
    /// are set even when others fail.
    ///
    /// With `recording`, each error is also kept until its field gets a valid value, so that
    /// answers that produced an error can never be stored.
    @discardableResult
    mutating func apply(answers: FormValue, recording: Bool = true) -> [FieldError] {
        guard case .object = answers else {
            let error = FieldError(path: "", rule: "answers",
                                   message: LibraryMessages.text(.answersNotObject, ["found": .text(answers.foundName)]))
            if recording { inputErrors[""] = error }
            return [error]
        }
        growRepeats(toFit: answers)
        var errors: [FieldError] = []
        var changed: [Int] = []
        walk(answers, keys: structure.answerKeys, prefix: "", errors: &errors, changed: &changed)
        propagate(changedFields: changed)
        if recording { for error in errors { inputErrors[error.path] = error } }
        return errors
    }

    /// Applies stored values to start from (a draft's, or a submission's being edited), like
    /// answers: computed fields are passed over (the form computes them again), and what no
    /// longer fits the form is returned as notices of what was dropped, not kept as errors.
    mutating func apply(startingValues: FormValue) -> [FieldError] {
        applyingStartingValues = true
        defer { applyingStartingValues = false }
        return apply(answers: startingValues, recording: false).map(CompiledForm.notice)
    }

    /// Grows every growable repeat to the number of items its answer holds (at most its
    /// `maximumItems`), outer repeats first so that repeats inside new items grow too.
    mutating func growRepeats(toFit answers: FormValue) {
        // Each round can only reveal repeats one level deeper; definitions nest far less.
        for _ in 0..<32 {
            var growth: [(RepeatInfo, Int)] = []
            for info in structure.repeats where info.isGrowable {
                guard case .array(let items)? = answers.value(at: info.valuePath) else { continue }
                let wanted = info.maximumItems.map { min(items.count, $0) } ?? items.count
                if wanted > info.count { growth.append((info, wanted - info.count)) }
            }
            if growth.isEmpty { return }
            if customData == nil {
                var grown = shape
                for (info, count) in growth { grown.added[info.valuePath, default: 0] += count }
                guard (try? restructure(shape: grown)) != nil else { return }
            } else {
                for (info, count) in growth { _ = try? appendItems(to: info.path, count: count) }
            }
        }
    }

    /// Checks an answers object against the keys at one level and sets the fields it names.
    mutating func walk(_ answers: FormValue, keys: AnswerKeys, prefix: String, errors: inout [FieldError],
                       changed: inout [Int])
    {
        guard case .object(let members) = answers else { return }
        var keys = keys
        for (key, value) in members {
            // The key's whole path is text to build: only errors and nested answers need it.
            var path: String { prefix.isEmpty ? key : prefix + "." + key }
            guard let entry = keys.entries[key] else {
                if prefix.isEmpty, key.contains(".") || key.contains("[") {
                    // `guests.1.email` as one key, as flat sources (an HTML form) give it.
                    let before = structure
                    if let error = applyPathAnswer(key, value, changed: &changed) { errors.append(error) }
                    // A repeat grew: the elements after it are numbered anew, and the keys
                    // still to walk must name them as the new shape does.
                    if structure !== before { keys = structure.answerKeys }
                    continue
                }
                errors.append(FieldError(path: path, rule: "answers", message: Self.noField(key, among: keys.names)))
                continue
            }
            switch entry {
            case .field(computed: true, _):
                if applyingStartingValues { continue }
                errors.append(FieldError(path: path, rule: "answers", message: LibraryMessages.text(.computedCannotBeAnswered)))
            case .field(computed: false, let element):
                if let error = setAnswer(value, at: path, element: element, changed: &changed) { errors.append(error) }
            case .object(let inner):
                if value.isNull { continue }
                guard case .object = value else {
                    errors.append(FieldError(path: path, rule: "type", message: Self.objectExpected(inner, found: value)))
                    continue
                }
                walk(value, keys: inner, prefix: path, errors: &errors, changed: &changed)
            case .items(let inner):
                if value.isNull { continue }
                guard case .array(let items) = value else {
                    errors.append(FieldError(path: path, rule: "type",
                                             message: LibraryMessages.text(.listExpected, ["found": .text(value.foundName)])))
                    continue
                }
                walkItems(items, keys: inner, path: path, errors: &errors, changed: &changed)
            }
        }
    }

    mutating func walkItems(_ items: [FormValue], keys: AnswerKeys, path: String, errors: inout [FieldError],
                            changed: inout [Int])
    {
        let info = structure.repeats.first { $0.path == path }
        let available = info?.count ?? values.value(atPath: path)?.arrayValue?.count ?? 0
        for (index, item) in items.enumerated() {
            if index >= available {
                errors.append(tooManyItems(items.count, available: available, info: info, path: path))
                break
            }
            guard case .object = item else {
                errors.append(FieldError(path: path + "." + String(index), rule: "type", message: Self.objectExpected(keys, found: item)))
                continue
            }
            walk(item, keys: keys, prefix: path + "." + String(index), errors: &errors, changed: &changed)
        }
    }

    func tooManyItems(_ given: Int, available: Int, info: RepeatInfo?, path: String) -> FieldError {
        if let maximum = info?.maximumItems, given > maximum {
            return FieldError(path: path, rule: "maximumItems",
                              message: LibraryMessages.text(.maximumItems, ["count": .int(given), "maximum": .int(maximum)]))
        }
        return FieldError(path: path, rule: "items",
                          message: LibraryMessages.text(.fixedItems, ["count": .int(given), "available": .int(available)]))
    }

    /// Refuses the answers that changed a field the form shows as disabled, judged once every
    /// answer is in (an answer may enable another field): each is an input error of its field,
    /// so nothing holding it is stored. A disabled field keeps the value the form gives it; an
    /// answer equal to that value (a client posting back what it was shown) is no change and
    /// passes. Values a draft or an edit starts from are not answers and are not checked.
    ///
    /// With `kept` (an edit's stored values), a disabled field holds its kept value: an answer
    /// equal to it passes, and one the answers left without it (a repeat given again whole)
    /// gets it back.
    @discardableResult
    mutating func refuseAnswersToDisabledFields(keeping kept: FormValue? = nil) -> [FieldError] {
        guard !answeredMayBeDisabled.isEmpty || kept != nil else { return [] }
        defer { answeredMayBeDisabled.removeAll() }
        var errors: [FieldError] = []
        for path in answeredMayBeDisabled {
            guard let index = structure.elementByPath[path], !isEnabled(element: index), inputErrors[path] == nil else { continue }
            if let keptValue = kept?.value(atPath: path), let valuePath = elements[index].valuePath,
                !isSecure(element: index), values.value(at: valuePath) == keptValue
            {
                continue
            }
            let error = FieldError(path: path, rule: "enabled", message: LibraryMessages.text(.notEnabled))
            inputErrors[path] = error
            errors.append(error)
        }
        guard let kept else { return errors }
        let answered = Set(answeredMayBeDisabled)
        var restored: [Int] = []
        for index in elements.indices where elements[index].mayBeDisabled {
            guard let valuePath = elements[index].valuePath, let dotted = elements[index].dottedPath, !answered.contains(dotted),
                let keptValue = kept.value(at: valuePath), !isEnabled(element: index), values.value(at: valuePath) != keptValue
            else { continue }
            if values.replaceValue(keptValue, at: valuePath) { restored.append(index) }
        }
        if !restored.isEmpty { propagate(changedFields: restored) }
        return errors
    }

    /// "must be an object with the fields email, name, found a string": what an object at this
    /// level takes (five names at most), and what came instead.
    static func objectExpected(_ keys: AnswerKeys, found: FormValue) -> String {
        let names = keys.names
        let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", ..." : "")
        return LibraryMessages.text(.objectExpected, ["count": .int(names.count), "fields": .text(shown), "found": .text(found.foundName)])
    }

    /// "no field has this key", with the nearest key when one is close enough to be a typo.
    static func noField(_ key: String, among candidates: some Sequence<String>) -> String {
        guard let near = Suggestion.nearest(to: key, in: candidates) else { return LibraryMessages.text(.noFieldHasKey) }
        return LibraryMessages.text(.noFieldHasKeySuggesting, ["suggestion": .text(near)])
    }

    /// Reads a JSON answer for its field's type and writes it (dependents are re-evaluated by
    /// the caller, once for all answers: `changed` gets the element's index when its value
    /// changed).
    mutating func setAnswer(_ answer: FormValue, at path: @autoclosure () -> String, element: Int? = nil, changed: inout [Int])
        -> FieldError?
    {
        guard let index = element ?? structure.elementByPath[path()], let valuePath = structure.elements[index].valuePath else {
            return FieldError(path: path(), rule: "answers", message: LibraryMessages.text(.noFieldHasKey))
        }
        let entry = structure.elements[index]
        switch entry.accept(answer) {
        case .success(let value):
            let wrote = write(value, toField: index, at: valuePath) != nil
            if wrote { changed.append(index) }
            // An unchanged answer passes, except to a secure field: whether an answer equal to a
            // secret the form holds passed would tell the secret to whoever guesses it.
            if entry.mayBeDisabled, wrote || recordsEveryAnswerToDisableable || isSecure(element: index), !applyingStartingValues,
                let dotted = entry.dottedPath
            {
                answeredMayBeDisabled.append(dotted)
            }
            return nil
        case .failure(let error):
            return FieldError(path: path(), rule: entry.valueType == .file ? "file" : "type", message: error.message)
        }
    }

    /// An answer keyed by a whole key path: it may add the next item of a repeat, as an
    /// override may.
    mutating func applyPathAnswer(_ key: String, _ value: FormValue, changed: inout [Int]) -> FieldError? {
        guard let path = try? ValuePath(parsing: key) else {
            return FieldError(path: key, rule: "answers", message: LibraryMessages.text(.noFieldHasKey))
        }
        let dotted = path.dotted
        let before = structure
        if let error = growRepeats(toReach: dotted, key: key) { return error }
        if structure !== before {
            // A repeat grew: the new shape was evaluated whole (`adopt`) with every value set so
            // far, so what those changes read is up to date, and their indices, of the old
            // shape, would name other elements in the new one.
            changed.removeAll()
        }
        guard let index = structure.elementByPath[dotted] else {
            return FieldError(path: key, rule: "answers", message: Self.noField(dotted, among: structure.elementByPath.keys.sorted()))
        }
        if structure.isComputed(element: index) {
            return FieldError(path: key, rule: "answers", message: LibraryMessages.text(.computedCannotBeAnswered))
        }
        return setAnswer(value, at: dotted, changed: &changed)
    }

    // MARK: Overrides

    /// Applies one override (`--set KEY=TEXT`): the text is read for the field's type, as if
    /// typed. Its key numbers a repeat's items from 1, as a person reads them on the screen
    /// (`guests.1.email` is the first guest). An override may add the next item of a repeat
    /// (`guests.2.email` when there is one guest), never skip one; a secure field cannot be
    /// given this way, because overrides come from command lines and URLs that others can see,
    /// and neither can a file field.
    mutating func apply(override key: String, text: String) -> FieldError? {
        let path: ValuePath
        do { path = try ValuePath(parsing: key) } catch { return FieldError(path: key, rule: "answers", message: error.message) }
        let dotted: String
        switch ItemNumbering(repeatPaths: structure.repeats.map(\.path)).fromOne(path.dotted) {
        case .success(let converted): dotted = converted
        case .failure(let error): return error
        }
        if form?.fileRules(atKeyPath: dotted) != nil {
            // Text is no file, and a path typed here would be read by nobody. Refused before a
            // repeat grows for it, so a refused override adds no item.
            return FieldError(path: key, rule: "file", message: LibraryMessages.text(.fileAsText, ["hint": .text(FieldError.attachHint)]))
        }
        if let error = growRepeats(toReach: dotted, key: key, firstItemNumber: 1) { return error }
        if let index = structure.elementByPath[dotted], isSecure(element: index) {
            return FieldError(path: key, rule: "secure", message: LibraryMessages.text(.secureOverride))
        }
        do {
            let changed = try setText(text, at: dotted)
            if !changed.isEmpty, let index = structure.elementByPath[dotted], elements[index].mayBeDisabled {
                answeredMayBeDisabled.append(dotted)
            }
            return nil
        } catch {
            let index = structure.elementByPath[dotted]
            let rule = (index.map { structure.isComputed(element: $0) } ?? true) ? "answers" : "type"
            return FieldError(path: key, rule: rule, message: error.message)
        }
    }

    /// Adds the item an override names when it is the next one of its repeat. A refusal names
    /// the next item as the key was typed: from 0 in answers, from `firstItemNumber` in overrides.
    mutating func growRepeats(toReach dotted: String, key: String, firstItemNumber: Int = 0) -> FieldError? {
        for _ in 0..<32 {
            guard let (info, index) = structure.repeats.lazy.compactMap({ info -> (RepeatInfo, Int)? in
                guard dotted.hasPrefix(info.path + ".") else { return nil }
                let rest = dotted.dropFirst(info.path.count + 1)
                guard let index = Int(rest.prefix { $0 != "." }), index >= info.count else { return nil }
                return (info, index)
            }).first else { return nil }
            if index > info.count {
                return FieldError(path: key, rule: "items", message: LibraryMessages.text(.nextItem, [
                    "repeat": .text(info.path), "count": .int(info.count), "next": .text("\(info.path).\(info.count + firstItemNumber)"),
                ]))
            }
            let full = info.maximumItems.map { info.count >= $0 } ?? false
            do { try appendItems(to: info.path, count: 1) } catch {
                return FieldError(path: key, rule: full && info.isGrowable ? "maximumItems" : "items",
                                  message: LibraryMessages.text(.aboutRepeat, ["repeat": .text(info.path), "message": .text(error.message)]))
            }
        }
        return nil
    }
}
