extension SessionState {
    mutating func evaluateAll() {
        for index in structure.order { evaluate(index) }
        observation?.readsEverything = true
    }

    /// Re-evaluates exactly the properties that depend on the values of the fields `changed`
    /// (element indexes), transitively through computed values, in order; returns the value
    /// paths that computed values changed.
    @discardableResult
    mutating func propagate(changedFields changed: [Int]) -> [ValuePath] {
        if let deadline, pastDeadline || ContinuousClock.now > deadline {
            pastDeadline = true
            return []
        }
        // A list, searched while short: a change rarely touches more than a few properties,
        // and hashing each index into a set cost more than the rest of an answers object's
        // walk. Past 32 a set takes over, so a change that touches thousands stays linear.
        var dirty: [Int] = []
        var many = Set<Int>()
        var pending: [ValuePath] = []
        func mark(_ index: Int) {
            if dirty.count < 32 {
                guard !dirty.contains(index) else { return }
            } else {
                if many.isEmpty { many = Set(dirty) }
                guard many.insert(index).inserted else { return }
            }
            dirty.append(index)
            if let written = structure.live[index].writes { pending.append(written) }
        }
        var recomputed: [ValuePath] = []
        // Finding dependents costs as much as evaluating when thousands of fields changed at
        // once (a big repeat given whole), so the deadline holds here too: the clock is read
        // every 16th field or path.
        var looked = 0
        func outOfTime() -> Bool {
            looked += 1
            guard let deadline, looked & 15 == 0, ContinuousClock.now > deadline else { return false }
            return true
        }
        // A field's readers were found when the form was compiled; a computed value's are
        // looked up by its path.
        for field in changed {
            if outOfTime() {
                pastDeadline = true
                return []
            }
            if let dependents = structure.elements[field].dependents {
                for index in dependents { mark(index) }
            } else if let path = structure.elements[field].valuePath {
                structure.forEachDependent(of: path, mark)
            }
        }
        while let path = pending.popLast() {
            if outOfTime() {
                pastDeadline = true
                return []
            }
            structure.forEachDependent(of: path, mark)
        }
        if skipsDisplayProperties {
            let before = dirty.count
            dirty = dirty.filter { structure.decisive[$0] }
            if dirty.count < before { displayIsStale = true }
        }
        for index in dirty.sorted(by: { structure.orderPosition[$0] < structure.orderPosition[$1] }) {
            let before = resolved[index]
            evaluate(index)
            // A result that came out as before changes nothing an observer sees (while an
            // expression fails somewhere, its error may have changed instead: told too).
            if observation != nil, resolved[index] != before || !evaluationErrors.isEmpty {
                observation?.evaluatedLive.append(index)
            }
            if let written = structure.live[index].writes, resolved[index] != before { recomputed.append(written) }
        }
        return recomputed
    }

    static func textBytes(_ value: FormValue) -> Int {
        if case .string(let text) = value { return text.utf8.count }
        return 0
    }

    /// Evaluates one live property and, for a computed value, stores the result as the value.
    mutating func evaluate(_ index: Int) {
        evaluationCount += 1
        // Reading the clock costs about as much as a small evaluation: every 16th will do.
        if let deadline, pastDeadline || (evaluationCount & 15 == 0 && ContinuousClock.now > deadline) {
            pastDeadline = true
            resolved[index] = .null
            return
        }
        let property = structure.live[index]
        let context = expressionContext(for: property.owner)
        do throws(ExpressionError) {
            let result = try property.expression.evaluate(in: context)
            let (added, dropped) = (Self.textBytes(result), Self.textBytes(resolved[index]))
            if added > 0 || dropped > 0 {
                computedTextBytes += added - dropped
                if computedTextBytes > ExpressionLimits.maximumComputedTextBytes {
                    computedTextBytes -= added
                    throw ExpressionError.evaluation(
                        "the form's expressions would hold more than \(ByteCount(ExpressionLimits.maximumComputedTextBytes)) of text in all (the limit)", at: nil)
                }
            }
            resolved[index] = result
            if !evaluationErrors.isEmpty { evaluationErrors[property.jsonPath] = nil }
        } catch {
            resolved[index] = .null
            evaluationErrors[property.jsonPath] = error.description
            // A step stopped by the deadline (matches() on a long text) ends the fill as a whole.
            if let deadline, ContinuousClock.now > deadline { pastDeadline = true }
        }
        if let written = property.writes { try? values.setValue(resolved[index], at: written) }
    }

    /// Key paths resolve nearest scope first: the repeat item's own form values, the iterate
    /// item the element was bound to, the form's values, then the bound data. So `@{name}` in
    /// a template reads the item's name even when the form also has a field called name.
    func expressionContext(for owner: LiveProperty.Owner) -> ExpressionContext {
        let values = self.values
        let data = self.data
        var itemPathFound: ValuePath?
        var dataItemFound: FormValue?
        if case .element(let index) = owner {
            itemPathFound = elements[index].itemPath
            dataItemFound = elements[index].dataItem
        }
        let itemPath = itemPathFound
        let dataItem = dataItemFound
        var context = ExpressionContext(functions: registry.functions) { path in
            guard case .key(let first)? = path.components.first else { return values.value(at: path) }
            // Each scope's member is found once and the rest of the path read from it (a
            // member found means the scope is an object, whose `value(at:)` reads the same).
            let rest = path.components.dropFirst()
            if let itemPath, let member = values.value(at: itemPath)?[first] { return member.resolve(rest) }
            if let member = dataItem?[first] { return member.resolve(rest) }
            if let member = values[first] { return member.resolve(rest) }
            return data.value(at: path)
        }
        context.deadline = deadline
        return context
    }
}
