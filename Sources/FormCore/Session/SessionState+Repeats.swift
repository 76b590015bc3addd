extension SessionState {
    var repeats: [RepeatInfo] { structure.repeats }

    func repeatInfo(at text: String) throws(SessionError) -> RepeatInfo {
        if let info = structure.repeats.first(where: { $0.path == text }) { return info }
        let dotted = (try? ValuePath(parsing: text))?.dotted
        if let dotted, let info = structure.repeats.first(where: { $0.path == dotted }) { return info }
        throw SessionError(path: text, message: LibraryMessages.text(.noRepeat))
    }

    /// Adds `count` empty items to the repeat at `path` with one change of structure (answers
    /// with many items would otherwise rebuild the form once per item); returns the index of
    /// the first. Refuses a list that comes with the data, and goes no further than
    /// `maximumItems`.
    @discardableResult
    mutating func appendItems(to text: String, count: Int) throws(SessionError) -> Int {
        let info = try repeatInfo(at: text)
        guard info.isGrowable else {
            throw SessionError(path: info.path, message: LibraryMessages.text(.fixedRepeat, ["count": .int(info.count)]))
        }
        let room = info.maximumItems.map { $0 - info.count } ?? count
        if let maximum = info.maximumItems, room <= 0 {
            throw SessionError(path: info.path, message: LibraryMessages.text(.maximumItems, ["count": .int(info.count), "maximum": .int(maximum)]))
        }
        let adding = max(0, min(count, room))
        guard adding > 0 else { return info.count }
        if var data = customData {
            for offset in 0..<adding { try? data.setValue(.emptyObject, at: info.valuePath.appending(.index(info.count + offset))) }
            try restructure(customData: data)
        } else {
            var grown = shape
            grown.added[info.valuePath, default: 0] += adding
            try restructure(shape: grown)
        }
        return info.count
    }

    /// Removes item `index` of the repeat at `path`; later items move up.
    mutating func removeItem(at index: Int, from text: String) throws(SessionError) {
        let info = try repeatInfo(at: text)
        guard index >= 0, index < info.count else {
            throw SessionError(path: info.path, message: LibraryMessages.text(.noItemToRemove, ["index": .int(index), "count": .int(info.count)]))
        }
        let itemPath = info.valuePath.appending(.index(index))
        values.removeValue(at: itemPath)
        revision += 1
        var kept = inputErrors
        for key in kept.keys where key == itemPath.dotted || key.hasPrefix(itemPath.dotted + ".") { kept.removeValue(forKey: key) }
        inputErrors = kept
        let added = shape.added[info.valuePath] ?? 0
        if customData == nil, index >= info.count - added {
            // An item the person added: the shape shrinks by one.
            var shrunk = shape
            shrunk.added[info.valuePath] = added - 1 == 0 ? nil : added - 1
            try restructure(shape: shrunk)
        } else {
            var data = self.data
            data.removeValue(at: itemPath)
            try restructure(customData: data)
        }
    }

    mutating func restructure(shape newShape: RepeatShape) throws(SessionError) {
        guard let form else { throw SessionError(path: "", message: LibraryMessages.text(.repeatsFixed)) }
        do { try adopt(form.structure(for: newShape)) } catch { throw SessionError(path: "", message: error.description) }
        shape = newShape
        customData = nil
    }

    mutating func restructure(customData data: FormValue) throws(SessionError) {
        guard let form else { throw SessionError(path: "", message: LibraryMessages.text(.repeatsFixed)) }
        do { try adopt(form.structure(forData: data)) } catch { throw SessionError(path: "", message: error.description) }
        customData = data
    }

    /// Moves to another structure, keeping every value that still has a field, and evaluates
    /// the live properties of the new one.
    private mutating func adopt(_ next: FormStructure) throws(DefinitionError) {
        defer { revision += 1 }
        if revision == 0 {
            // Nothing was set yet (answers grow their repeats before any value is set): the
            // new structure's own starting point is exact, and nothing needs evaluating.
            structure = next
            values = next.initialValues
            resolved = next.initialResolved
            computedTextBytes = 0
            evaluationErrors = next.initialErrors
            return
        }
        let previous = values
        structure = next
        values = next.defaults
        for entry in next.elements {
            guard let path = entry.valuePath, let old = previous.value(at: path) else { continue }
            try? values.setValue(old, at: path)
        }
        resolved = next.initialResolved
        computedTextBytes = 0
        evaluationErrors = next.initialErrors
        evaluateAll()
    }
}
