extension SessionState {
    /// A property of an element as it stands now: the live result when it is an expression.
    func property(_ name: String, ofElement index: Int) -> FormValue? {
        if let liveIndex = liveIndex[.element(index)]?[name] { return resolved[liveIndex] }
        return elements[index].element.properties[name]
    }

    func property(_ name: String, ofSection index: Int) -> FormValue? {
        if let liveIndex = liveIndex[.section(index)]?[name] { return resolved[liveIndex] }
        return sections[index].section.properties[name]
    }

    /// Hidden by `hidden`, by `visibility: gone`, or by an enclosing section or element.
    func isHidden(element index: Int) -> Bool {
        if let fixed = elements[index].staticHidden { return fixed }
        return computeHidden(element: index)
    }

    /// `isHidden` when no live property of the element, its section or its parents decides it.
    func hiddenIfStatic(element index: Int) -> Bool? {
        var current: Int? = index
        while let position = current {
            let live = liveIndex[.element(position)] ?? [:]
            let sectionLive = liveIndex[.section(elements[position].sectionIndex)] ?? [:]
            for name in ["hidden", "visibility"] where live[name] != nil || sectionLive[name] != nil { return nil }
            current = elements[position].parentIndex
        }
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

    func isEnabled(element index: Int) -> Bool {
        property("enabled", ofElement: index).map { $0.isNull || $0.isTruthy } ?? true
    }

    func isRequired(element index: Int) -> Bool {
        property("required", ofElement: index)?.isTruthy ?? false
    }

    /// Whether the element's value is computed by an expression (and so not typed in).
    func isComputed(element index: Int) -> Bool {
        (liveIndex[.element(index)] ?? [:]).values.contains { live[$0].writes != nil }
    }

    /// The element with its live properties replaced by their current results.
    func resolvedElement(_ index: Int) -> Element {
        var element = elements[index].element
        for (name, position) in liveIndex[.element(index)] ?? [:] {
            element.properties[name] = resolved[position]
        }
        if let path = elements[index].valuePath, let value = values.value(at: path) {
            Self.store(value, in: &element)
        }
        return element
    }

    /// Writes a value into the element's value property, the way its kind holds it: a radio's
    /// `selected` index is found from the value among `values`.
    static func store(_ value: FormValue, in element: inout Element) {
        guard let property = element.kind.valueProperty else { return }
        switch element.kind {
        case .radio, .segmented, .colorPicker:
            if let values = element.values {
                element.properties[property] = values.firstIndex(of: value).map(FormValue.int) ?? .null
            } else {
                element.properties[property] = value
            }
        default:
            element.properties[property] = value
        }
    }

    /// Sets a value by dotted key path; returns the paths that changed (the set one first).
    mutating func set(_ value: FormValue, at text: String) throws(SessionError) -> [ValuePath] {
        let index = try elementIndex(for: text)
        guard let path = elements[index].valuePath else {
            throw SessionError(path: text, message: "this element holds no value")
        }
        if isComputed(element: index) {
            throw SessionError(path: text, message: "this value is computed by an expression and cannot be set")
        }
        let names = elements[index].element.properties["transform"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let transformed = transforms.apply(names, to: value)
        if values.value(at: path) == transformed { return [] }
        try? values.setValue(transformed, at: path)
        return [path] + propagate([path])
    }

    func elementIndex(for text: String) throws(SessionError) -> Int {
        // Most callers already pass the dotted form; parse only when that misses.
        if let index = elementByPath[text] { return index }
        let path: ValuePath
        do { path = try ValuePath(parsing: text) } catch {
            throw SessionError(path: text, message: error.message)
        }
        guard let index = elementByPath[path.dotted] else {
            let known = elementByPath.keys.sorted()
            let hint = Suggestion.clause(for: path.dotted, in: known)
            throw SessionError(path: text, message: "no field has this key\(hint)")
        }
        return index
    }

    /// The values a submit stores: every field's value except those of hidden fields.
    func submissionValues() -> FormValue {
        var result = values
        for index in elements.indices.reversed() {
            guard let path = elements[index].valuePath, isHidden(element: index) else { continue }
            result.removeValue(at: path)
        }
        return result
    }

    /// What may be stored: the submission values without the secure fields.
    func storableValues() -> FormValue {
        var result = submissionValues()
        for path in securePaths { result.removeValue(at: path) }
        return result
    }
}
