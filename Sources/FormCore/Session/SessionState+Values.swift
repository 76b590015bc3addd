extension SessionState {
    /// A property of an element as it stands now: the live result when it is an expression.
    func property(_ name: String, ofElement index: Int) -> FormValue? {
        let entry = structure.elements[index]
        if entry.hasLiveProperties, let liveIndex = structure.liveIndex[.element(index)]?[name] { return resolved[liveIndex] }
        return entry.element.properties[name]
    }

    func property(_ name: String, ofSection index: Int) -> FormValue? {
        if let liveIndex = structure.liveIndex[.section(index)]?[name] { return resolved[liveIndex] }
        return structure.sections[index].section.properties[name]
    }

    /// Hidden by `hidden`, by `visibility: gone`, or by an enclosing section or element.
    func isHidden(element index: Int) -> Bool {
        if let fixed = elements[index].staticHidden { return fixed }
        return computeHidden(element: index)
    }

    func computeHidden(element index: Int) -> Bool {
        if property("hidden", ofElement: index)?.isTruthy == true { return true }
        if property("visibility", ofElement: index)?.stringValue == "gone" { return true }
        let sectionIndex = elements[index].sectionIndex
        if property("hidden", ofSection: sectionIndex)?.isTruthy == true { return true }
        if property("visibility", ofSection: sectionIndex)?.stringValue == "gone" { return true }
        if let parent = elements[index].parentIndex { return computeHidden(element: parent) }
        return false
    }

    /// Enabled unless its `enabled`, its section's, or that of an element it sits in is false;
    /// an expression that gives null (`@{company}` before a company is given) is false, as a
    /// bound null is.
    func isEnabled(element index: Int) -> Bool {
        guard elements[index].mayBeDisabled else { return true }
        var current: Int? = index
        while let position = current {
            if let enabled = property("enabled", ofElement: position), !enabled.isTruthy { return false }
            if let enabled = property("enabled", ofSection: elements[position].sectionIndex), !enabled.isTruthy { return false }
            current = elements[position].parentIndex
        }
        return true
    }

    func isRequired(element index: Int) -> Bool {
        if let fixed = structure.elements[index].staticRequired { return fixed }
        return property("required", ofElement: index)?.isTruthy ?? false
    }

    /// Whether the element's value is never stored: `secureTextEntry` as it stands now, so an
    /// expression there decides it for this submission.
    func isSecure(element index: Int) -> Bool {
        if let fixed = structure.elements[index].staticSecure { return fixed }
        if structure.elements[index].hasLiveProperties, let live = structure.liveIndex[.element(index)]?["secureTextEntry"],
            evaluationErrors[structure.live[live].jsonPath] != nil
        {
            return true  // could not be decided: kept out of storage, to be safe
        }
        return property("secureTextEntry", ofElement: index)?.isTruthy ?? false
    }

    /// `section` (the structure's section `index`) with its live properties as they are now.
    func resolvedSection(_ index: Int, _ section: Section) -> Section {
        var section = section
        for (name, position) in structure.liveIndex[.section(index)] ?? [:] {
            section.properties[name] = resolved[position]
        }
        return section
    }

    /// The element with its live properties replaced by their current results.
    func resolvedElement(_ index: Int) -> Element {
        var element = elements[index].element
        for (name, position) in structure.liveIndex[.element(index)] ?? [:] {
            element.properties[name] = resolved[position]
        }
        if let path = elements[index].valuePath, let value = values.value(at: path) {
            elements[index].valueType.write(value, into: &element)
        }
        return element
    }

    /// Sets a field's value by dotted key path, read for the field's type as a JSON answer is
    /// (text for a number, a date or a choice parsed as typed; a value of another type, a date
    /// that is none, a choice not offered refused with the message `import` gives): transforms
    /// run, dependents are re-evaluated. Returns the paths that changed (the set one first).
    mutating func set(_ value: FormValue, at text: String) throws(SessionError) -> [ValuePath] {
        let index = try elementIndex(for: text)
        guard let path = try writableField(index, named: text) else { return [] }
        switch elements[index].valueType.accept(value, for: elements[index].element) {
        case .success(let accepted): return assign(accepted, toField: index, at: path)
        case .failure(let error): throw SessionError(path: text, message: error.message)
        }
    }

    /// Sets a field from text as a person typed it, parsed for the field's type.
    mutating func setText(_ text: String, at key: String) throws(SessionError) -> [ValuePath] {
        let index = try elementIndex(for: key)
        guard let path = try writableField(index, named: key) else { return [] }
        switch elements[index].valueType.parse(text, for: elements[index].element) {
        case .success(let value): return assign(value, toField: index, at: path)
        case .failure(let error): throw SessionError(path: key, message: error.message)
        }
    }

    /// Writes a value already read for its field and re-evaluates its dependents.
    private mutating func assign(_ value: FormValue, toField index: Int, at path: ValuePath) -> [ValuePath] {
        guard let changed = write(value, toField: index, at: path) else { return [] }
        return [changed] + propagate(changedFields: [index])
    }

    /// The field's value path, if it may be set.
    func writableField(_ index: Int, named text: String) throws(SessionError) -> ValuePath? {
        guard let path = elements[index].valuePath else { throw SessionError(path: text, message: LibraryMessages.text(.noValueHeld)) }
        if structure.isComputed(element: index) {
            throw SessionError(path: text, message: LibraryMessages.text(.computedCannotBeSet))
        }
        return path
    }

    /// Writes a value (after the field's transforms) without re-evaluating anything; returns the
    /// path when the value changed. A valid value clears an earlier input error for the field.
    ///
    /// Every answer reaches a field here (JSON answers, typed text, overrides, a draft's values,
    /// the library's `set`), so this is the one place text is normalized (`normalizedText`:
    /// line breaks, surrounding white space) before the transforms, and where blank text
    /// becomes no answer (`blankTextAsNull`) after them.
    mutating func write(_ value: FormValue, toField index: Int, at path: ValuePath) -> ValuePath? {
        let entry = elements[index]
        if let dotted = entry.dottedPath, !inputErrors.isEmpty { inputErrors.removeValue(forKey: dotted) }
        var given = value
        if entry.valueType == .text, case .string = value, !isSecure(element: index) {
            given = value.normalizedText(multiline: entry.element.kind == .multiline)
        }
        let transformed = entry.transforms.reduce(given) { current, transform in transform(current) }.blankTextAsNull
        // A field that may be disabled keeps the form's own number when given the same number
        // in another notation (10.0 for the 10 the definition wrote): that is no change, and
        // must not be refused as one.
        if entry.mayBeDisabled, case .some(let current) = values.value(at: path), current.isNumber, transformed.isNumber,
            current.doubleValue == transformed.doubleValue
        {
            return nil
        }
        guard values.replaceValue(transformed, at: path) else { return nil }
        revision += 1
        observation?.writtenElements.append(index)
        return path
    }

    func elementIndex(for text: String) throws(SessionError) -> Int {
        // Most callers already pass the dotted form; parse only when that misses.
        if let index = structure.elementByPath[text] { return index }
        let path: ValuePath
        do { path = try ValuePath(parsing: text) } catch {
            throw SessionError(path: text, message: error.message)
        }
        guard let index = structure.elementByPath[path.dotted] else {
            throw SessionError(path: text, message: Self.noField(path.dotted, among: structure.elementByPath.keys.sorted()))
        }
        return index
    }

    /// The values a submit stores and hands to actions: every field's value except those of
    /// hidden fields. Secure fields are still here (validation and handlers need them).
    func submissionValues() -> FormValue {
        var result = values
        for index in structure.hideableElements.reversed() where isHidden(element: index) {
            if let path = elements[index].valuePath { result.removeValue(at: path) }
        }
        return result
    }

    /// What may be stored: the submission values without secure fields.
    func storableValues() -> FormValue {
        var result = submissionValues()
        for index in structure.secureCandidates.reversed() where isSecure(element: index) {
            if let path = elements[index].valuePath { result.removeValue(at: path) }
        }
        return result
    }

    /// `storableValues()` as compact JSON, written straight from the values with the hidden
    /// and secure fields skipped: no copy of the values to remove them from. Falls back to
    /// removing them when skipping would not give the same (a field that is a whole item).
    func storableValuesJSON() -> String {
        var omitted: [ValuePath] = []
        for index in structure.hideableElements where isHidden(element: index) {
            if let path = elements[index].valuePath { omitted.append(path) }
        }
        for index in structure.secureCandidates where isSecure(element: index) {
            if let path = elements[index].valuePath { omitted.append(path) }
        }
        if omitted.isEmpty { return values.jsonString() }
        // Most forms leave out top-level fields only (a password, a field its plan hides).
        let topLevel = omitted.compactMap { path -> String? in
            guard path.components.count == 1, case .key(let key) = path.components[0], Int(key) == nil else { return nil }
            return key
        }
        if topLevel.count == omitted.count { return JSONWriter.string(values, omittingMembers: topLevel) }
        guard let paths = OmittedPaths(omitted) else { return storableValues().jsonString() }
        return JSONWriter.string(values, omitting: paths)
    }

    /// Dotted paths of the fields that are secure now.
    var securePaths: [String] {
        structure.secureCandidates.filter { isSecure(element: $0) }.compactMap { elements[$0].dottedPath }
    }
}
