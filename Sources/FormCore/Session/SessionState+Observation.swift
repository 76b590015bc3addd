import OrderedCollections

/// What observers last saw of each field, kept only while a session has observers: a change
/// re-reads only the fields it may have touched and reports what differs.
struct FieldObservation: Sendable {
    /// The structure the snapshots were taken of: another (a repeat grown) means reading all.
    var structure: ObjectIdentifier
    /// By element index; nil for an element with neither a value path nor a key, or a second
    /// element of the same path.
    var snapshots: [FieldSnapshot?]
    /// The refused answers the snapshots' errors were read with.
    var inputErrors: OrderedDictionary<String, FieldError>
    /// Elements whose validation reads other fields (`matches`, `expression` and host rules):
    /// their errors are read again after any change of a value.
    var readsOtherFields: [Int]
    /// Fields written, and live properties whose result changed, since the last reading.
    var writtenElements: [Int] = []
    var evaluatedLive: [Int] = []
    /// Everything was evaluated again (a reset): every field is read.
    var readsEverything = false
}

/// One field as a view shows it.
struct FieldSnapshot: Sendable, Equatable {
    var path: String
    var visible: Bool
    var enabled: Bool
    var required: Bool
    var title: FormValue
    var value: FormValue
    var errors: FormValue

    func changes(to new: FieldSnapshot, into changes: inout [FieldChange]) {
        func report(_ property: FieldChange.Property, _ old: FormValue, _ new: FormValue) {
            if old != new { changes.append(FieldChange(path: path, property: property, old: old, new: new)) }
        }
        report(.visible, .bool(visible), .bool(new.visible))
        report(.enabled, .bool(enabled), .bool(new.enabled))
        report(.required, .bool(required), .bool(new.required))
        report(.title, title, new.title)
        report(.value, value, new.value)
        report(.errors, errors, new.errors)
    }
}

extension SessionState {
    /// Takes the first snapshot of every field (when the first observer comes).
    mutating func startObserving() {
        guard observation == nil else { return }
        observation = freshObservation()
    }

    func freshObservation() -> FieldObservation {
        let validator = fieldValidator()
        var seen = Set<String>()
        let snapshots = elements.indices.map { index -> FieldSnapshot? in
            guard let path = elements[index].dottedPath ?? elements[index].element.key, seen.insert(path).inserted else { return nil }
            return snapshot(of: index, path: path, validator: validator)
        }
        let readsOthers = elements.indices.filter { index in
            (elements[index].constraints?.rules ?? []).contains { rule in
                if case .email = rule.kind { return false }
                if case .url = rule.kind { return false }
                return true
            } || !elements[index].tests.isEmpty
        }
        return FieldObservation(structure: ObjectIdentifier(structure), snapshots: snapshots, inputErrors: inputErrors,
                                readsOtherFields: readsOthers)
    }

    /// What observers are told of a change: nil when nobody observes or nothing changed.
    mutating func change(paths: [String], actions: [ActionRequest] = []) -> FormChange? {
        guard observation != nil else { return nil }
        let fields = takeFieldChanges()
        guard !paths.isEmpty || !fields.isEmpty || !actions.isEmpty else { return nil }
        return FormChange(paths: paths, actions: actions, fields: fields)
    }

    /// The fields' changes since the last reading, field by field in form order.
    mutating func takeFieldChanges() -> [FieldChange] {
        // Moved out while the fields are read, so that updating it copies nothing.
        guard var observed = observation else { return [] }
        observation = nil
        var changes: [FieldChange] = []
        if observed.readsEverything || observed.structure != ObjectIdentifier(structure) {
            // Another structure: fields are matched by path; those that came or went with a
            // repeat's items are told by the change's paths, not as field changes.
            let fresh = freshObservation()
            var before: [String: FieldSnapshot] = [:]
            for case let snapshot? in observed.snapshots { before[snapshot.path] = snapshot }
            for case let snapshot? in fresh.snapshots {
                before[snapshot.path]?.changes(to: snapshot, into: &changes)
            }
            observation = fresh
            return changes
        }
        let touched = touchedElements(observed)
        if !touched.isEmpty {
            let validator = fieldValidator()
            for index in touched.sorted() {
                guard let old = observed.snapshots[index] else { continue }
                let new = snapshot(of: index, path: old.path, validator: validator)
                guard new != old else { continue }
                old.changes(to: new, into: &changes)
                observed.snapshots[index] = new
            }
        }
        observed.writtenElements.removeAll(keepingCapacity: true)
        observed.evaluatedLive.removeAll(keepingCapacity: true)
        observed.inputErrors = inputErrors
        observation = observed
        return changes
    }

    /// The fields a change may have touched: those written, the owners of the properties it
    /// evaluated (and what a section or a parent shows or hides with them), those whose refused
    /// answer came or went, and, after any write, those validated against other fields.
    func touchedElements(_ observed: FieldObservation) -> Set<Int> {
        var touched = Set(observed.writtenElements)
        var sectionsShown = Set<Int>()
        var parentsShown = Set<Int>()
        for live in observed.evaluatedLive {
            let property = structure.live[live]
            let shows = property.property == "hidden" || property.property == "visibility"
            switch property.owner {
            case .element(let index):
                touched.insert(index)
                if shows && elements[index].element.sections != nil { parentsShown.insert(index) }
            case .section(let index):
                if shows { sectionsShown.insert(index) }
            case .root:
                break
            }
        }
        if !sectionsShown.isEmpty || !parentsShown.isEmpty {
            for index in elements.indices where isInside(index, sections: sectionsShown, parents: parentsShown) { touched.insert(index) }
        }
        if inputErrors != observed.inputErrors {
            let keys = Set(inputErrors.keys).symmetricDifference(observed.inputErrors.keys)
                .union(inputErrors.keys.filter { inputErrors[$0] != observed.inputErrors[$0] })
            for key in keys {
                if let index = structure.elementByPath[key] { touched.insert(index); continue }
                for index in elements.indices {
                    if let path = elements[index].dottedPath, key.isEmpty || path.hasPrefix(key + ".") { touched.insert(index) }
                }
            }
        }
        if !touched.isEmpty { touched.formUnion(observed.readsOtherFields) }
        return touched
    }

    /// Whether the element sits in one of `sections` or under one of `parents`, at any depth.
    func isInside(_ index: Int, sections: Set<Int>, parents: Set<Int>) -> Bool {
        var current = index
        while true {
            if sections.contains(elements[current].sectionIndex) { return true }
            guard let parent = elements[current].parentIndex else { return false }
            if parents.contains(parent) { return true }
            current = parent
        }
    }

    func snapshot(of index: Int, path: String, validator: FieldValidator) -> FieldSnapshot {
        let hidden = isHidden(element: index)
        let title = property("title", ofElement: index).map { $0.displayString.map(FormValue.string) ?? .null } ?? .null
        // Read once: looking a value up in a form of many fields is most of what this costs.
        let value = elements[index].valuePath.flatMap { values.value(at: $0) } ?? .null
        return FieldSnapshot(
            path: path, visible: !hidden, enabled: isEnabled(element: index), required: isRequired(element: index), title: title,
            value: value,
            errors: .array(fieldErrors(of: index, value: value, hidden: hidden, validator: validator).map { .string($0.message) }))
    }

    /// The errors `validate()` gives for one field, holding `value`, now.
    func fieldErrors(of index: Int, value: FormValue, hidden: Bool, validator: FieldValidator) -> [FieldError] {
        guard let path = elements[index].valuePath, let dotted = elements[index].dottedPath else { return [] }
        if !inputErrors.isEmpty, inputErrors.keys.contains(where: { dotted == $0 || dotted.hasPrefix($0 + ".") || $0.isEmpty }) {
            return inputErrors[dotted].map { [$0] } ?? []
        }
        var errors: [FieldError] = []
        if !hidden {
            let constraints = elements[index].hasLiveProperties ? nil : elements[index].constraints
            errors = validator.validate(FieldValidator.Field(
                constraints: constraints ?? FieldConstraints(resolvedElement(index)), path: path,
                value: value, isRequired: isRequired(element: index)))
        }
        if !evaluationErrors.isEmpty {
            errors += evaluationFailures().filter { $0.path == dotted }
        }
        return errors
    }

    /// The validator `validate()` uses, over the values as they are now.
    func fieldValidator() -> FieldValidator {
        let snapshot = self
        var validator = FieldValidator(
            registry: registry.validators, allValues: values,
            evaluateTest: { test, field in snapshot.evaluateTest(test, for: field) },
            siblingValue: { key, field in snapshot.siblingValue(key, of: field) })
        validator.evaluateMessage = { message, field in snapshot.evaluateMessage(message, for: field) }
        validator.fieldTitle = { other, field in snapshot.title(of: other, for: field) }
        validator.deadline = deadline
        return validator
    }
}
