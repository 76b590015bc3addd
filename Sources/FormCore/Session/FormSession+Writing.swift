extension FormSession {
    /// Sets a field's value by key path (`email`, `guests.1.name`); transforms run first and
    /// dependents are re-evaluated. Booleans and choices with an action fire it.
    ///
    /// The value is read for the field's type as a JSON answer is: text for a number, a date or
    /// a choice is parsed as typed (`"12"` is 12, `"2024-05-01T10:00+02:00"` in a date field is
    /// `2024-05-01`, a choice's label is its value), and a value that does not fit (`"abc"` for
    /// a number, a date that is none, a choice not offered, a number for a text) throws a
    /// `SessionError` naming the field with the message `import` gives, and changes nothing.
    public func set(_ value: FormValue, forKey path: String) throws(SessionError) {
        try changing { state throws(SessionError) in try state.set(value, at: path) }
    }

    /// Sets a field from text a person typed, parsed for the field's type.
    public func setText(_ text: String, forKey path: String) throws(SessionError) {
        try changing { state throws(SessionError) in try state.setText(text, at: path) }
    }

    /// Runs one change of values in the session's language under its lock, and tells the
    /// observers what it changed (nothing is built when nobody observes: an import sets
    /// millions of values).
    private func changing(_ change: (inout SessionState) throws(SessionError) -> [ValuePath]) throws(SessionError) {
        try compiledForm.speaking { () throws(SessionError) in
            let result = state.withLock { state -> Result<FormChange?, SessionError> in
                Result { () throws(SessionError) in
                    let changed = try change(&state)
                    guard !changed.isEmpty, state.observation != nil else { return nil }
                    return state.change(paths: changed.map(\.dotted), actions: state.actionsFired(by: changed.first))
                }
            }
            if let change = try result.get() { deliver(change) }
        }
    }

    /// Applies an answers object (keyed by element key, repeats as arrays of objects): repeats
    /// grow to fit, answers are read for their fields' types. Returns every answer that could
    /// not be used; those stay errors of the session (`answerErrors`, and a submit refuses
    /// them) until their field gets a valid value.
    @discardableResult
    public func apply(answers: FormValue) -> [FieldError] {
        compiledForm.speaking {
            let (errors, change) = state.withLock { state in
                let before = state.revision
                let errors = state.apply(answers: answers) + state.refuseAnswersToDisabledFields()
                return (errors, state.change(paths: state.revision == before ? [] : [""]))
            }
            if let change { deliver(change) }
            return errors
        }
    }

    /// Applies values to start from (a draft's), like answers; what no longer fits the form is
    /// returned as notices of what was dropped, not kept as errors of the session.
    package func apply(startingValues: FormValue) -> [FieldError] {
        compiledForm.speaking {
            let (notices, change) = state.withLock { state in
                let before = state.revision
                let notices = state.apply(startingValues: startingValues)
                return (notices, state.change(paths: state.revision == before ? [] : [""]))
            }
            if let change { deliver(change) }
            return notices
        }
    }

    /// Applies one override, as `--set KEY=TEXT` does: the text read for the field's type; the
    /// next item of a repeat may be added, a secure field may not be given.
    package func apply(override key: String, text: String) -> FieldError? {
        compiledForm.speaking {
            let (error, change) = state.withLock { state -> (FieldError?, FormChange?) in
                let before = state.revision
                let error = state.apply(override: key, text: text)
                if let error { state.inputErrors[error.path] = error }
                return (error, state.change(paths: state.revision == before ? [] : [key]))
            }
            if let change { deliver(change) }
            return error
        }
    }

    /// Runs several sets with one notification at the end (a binding group).
    public func batch<T>(_ body: () throws -> T) rethrows -> T {
        observers.withLock { $0.batchDepth += 1 }
        defer {
            let change = observers.withLock { observers -> FormChange? in
                observers.batchDepth -= 1
                guard observers.batchDepth == 0 else { return nil }
                defer { observers.pending = FormChange(paths: [], actions: []) }
                var change = observers.pending
                change.fields = FieldChange.merging(change.fields)
                return change
            }
            if let change, !change.paths.isEmpty || !change.actions.isEmpty || !change.fields.isEmpty { notify(change) }
        }
        return try body()
    }

    /// Back to the values the form had when it was bound (items added to repeats stay).
    public func reset() {
        compiledForm.speaking {
            let change = state.withLock { state -> FormChange? in
                let before = state.values
                state.values = state.structure.defaults
                state.inputErrors = [:]
                state.revision += 1
                state.evaluateAll()
                return state.change(paths: before == state.values ? [] : [""])
            }
            if let change { deliver(change) }
        }
    }

    /// Adds an empty item to the repeat at `path` ("Add another guest?"); returns its index.
    @discardableResult
    public func appendItem(to path: String) throws(SessionError) -> Int {
        try appendItems(to: path, count: 1)
    }

    /// Adds `count` empty items at once (one rebuild), up to the repeat's `maximumItems`;
    /// returns the index of the first.
    @discardableResult
    public func appendItems(to path: String, count: Int) throws(SessionError) -> Int {
        try compiledForm.speaking { () throws(SessionError) in
            let (index, change) = try state.withLock { state throws(SessionError) in
                let index = try state.appendItems(to: path, count: count)
                return (index, state.change(paths: [path]))
            }
            if let change { deliver(change) }
            return index
        }
    }

    /// Removes the item at `index` of the repeat at `path`; the items after it move up.
    public func removeItem(at index: Int, from path: String) throws(SessionError) {
        try compiledForm.speaking { () throws(SessionError) in
            let change = try state.withLock { state throws(SessionError) in
                try state.removeItem(at: index, from: path)
                return state.change(paths: [path])
            }
            if let change { deliver(change) }
        }
    }

    /// Chooses a button: returns the action it fires, if any.
    public func press(_ key: String) throws(SessionError) -> ActionRequest? {
        try compiledForm.speaking { () throws(SessionError) in
            try state.withLock { state throws(SessionError) -> ActionRequest? in
                guard let index = state.elements.firstIndex(where: { $0.element.key == key || $0.dottedPath == key }) else {
                    throw SessionError(path: key, message: LibraryMessages.text(.noElementHasKey))
                }
                let element = state.elements[index].element
                guard let name = element.controllerAction else { return nil }
                return ActionRequest(name: name, elementPath: key, elementKey: element.key, jsonPath: state.elements[index].jsonPath)
            }
        }
    }

    /// Every error at once: answers that could not be used, then what validation finds in the
    /// visible fields (with the rules the form was compiled with).
    public func validate() -> [FieldError] {
        compiledForm.speaking {
            state.withLock { $0.validate() }
        }
    }

    /// `validate()` without the secure fields left empty: what an edit of a stored submission
    /// checks, since its secure fields were checked when it was submitted and never kept.
    package func validate(skippingEmptySecureFields: Bool) -> [FieldError] {
        compiledForm.speaking {
            state.withLock { $0.validate(skippingEmptySecureFields: skippingEmptySecureFields) }
        }
    }

    // MARK: Observing

    /// Calls `body` after each change of `key` (or of anything inside it): its value, or any of
    /// its fields' visible, enabled, required, title, value and errors (`FormChange.fields`,
    /// holding only those of `key`). Once per change or batch; not at all when nothing of it
    /// changed.
    @discardableResult
    public func observe(_ key: String, _ body: @escaping @Sendable (FormChange) -> Void) -> ObservationToken {
        compiledForm.speaking {
            addObserver(key: key, body)
        }
    }

    /// Calls `body` after every change of the form, once per batch, with every field's changes.
    @discardableResult
    public func observeAll(_ body: @escaping @Sendable (FormChange) -> Void) -> ObservationToken {
        compiledForm.speaking {
            addObserver(key: nil, body)
        }
    }

    /// Stops the observation `token` stands for; its closure is not called again.
    public func removeObserver(_ token: ObservationToken) {
        observers.withLock { observers in
            _ = observers.byKey.removeValue(forKey: token.id)
            // Nobody left to tell: changes stop reading fields for them.
            if observers.byKey.isEmpty { state.withLock { $0.observation = nil } }
        }
    }

    private func addObserver(key: String?, _ body: @escaping @Sendable (FormChange) -> Void) -> ObservationToken {
        observers.withLock { observers in
            let id = observers.nextID
            observers.nextID += 1
            observers.byKey[id] = (key, body)
            // Under the observers' lock, so that a removal at the same time cannot stop the
            // fields being read while an observer remains. (The state's lock is never held
            // while taking this one.)
            state.withLock { $0.startObserving() }
            return ObservationToken(id: id)
        }
    }

    /// Queues the change inside a batch, else tells observers now.
    private func deliver(_ change: FormChange) {
        let queued = observers.withLock { observers -> Bool in
            guard observers.batchDepth > 0 else { return false }
            observers.pending.paths += change.paths
            observers.pending.actions += change.actions
            observers.pending.fields += change.fields
            return true
        }
        if !queued && (!change.paths.isEmpty || !change.actions.isEmpty || !change.fields.isEmpty) { notify(change) }
    }

    private func notify(_ change: FormChange) {
        let targets = observers.withLock { Array($0.byKey.values) }
        for (key, body) in targets {
            guard let key else {
                body(change)
                continue
            }
            var own = change
            own.fields = change.fields.filter { $0.path == key || $0.path.hasPrefix(key + ".") }
            let valueChanged = change.paths.contains { $0 == key || $0.hasPrefix(key + ".") || key.hasPrefix($0 + ".") || $0.isEmpty }
            guard valueChanged || !own.fields.isEmpty else { continue }
            body(own)
        }
    }
}

extension SessionState {
    /// A boolean switched or a choice changed fires the element's `controllerAction`.
    func actionsFired(by path: ValuePath?) -> [ActionRequest] {
        guard let path, let index = structure.elementByPath[path.dotted] else { return [] }
        let element = elements[index].element
        guard let name = element.controllerAction,
            element.kind == .boolean || element.kind.isA(.radio) || element.kind == .picker
        else { return [] }
        return [ActionRequest(name: name, elementPath: path.dotted, elementKey: element.key, jsonPath: elements[index].jsonPath)]
    }
}
