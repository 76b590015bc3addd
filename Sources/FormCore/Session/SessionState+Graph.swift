extension SessionState {
    /// Turns the key paths an expression reads into value paths, in the order they resolve:
    /// a sibling in the same repeat item (`email` in `guests[1]` reads `guests[1].email`), then
    /// the item's own data (which does not change), then a top-level form value. Paths into the
    /// bound data are dropped: that data does not change while a form is filled.
    func absoluteDependencies(of property: LiveProperty) -> [ValuePath] {
        let itemPath = ownerItemPath(property.owner)
        var dataItem: FormValue?
        if case .element(let index) = property.owner { dataItem = elements[index].dataItem }
        var result: [ValuePath] = []
        for path in property.expression.dependencies {
            guard case .key(let first)? = path.components.first else { continue }
            if let itemPath, values.value(at: itemPath.appending(.key(first))) != nil {
                result.append(itemPath.appending(path))
            } else if dataItem?[first] != nil {
                continue
            } else if values[first] != nil {
                result.append(path)
            }
        }
        return result
    }

    func ownerItemPath(_ owner: LiveProperty.Owner) -> ValuePath? {
        switch owner {
        case .element(let index): return elements[index].itemPath
        case .section, .root: return nil
        }
    }

    /// Two paths touch when one is a prefix of the other (`guests` and `guests[1].email`).
    static func overlaps(_ a: ValuePath, _ b: ValuePath) -> Bool {
        let count = min(a.components.count, b.components.count)
        for position in 0..<count where !same(a.components[position], b.components[position]) { return false }
        return true
    }

    /// `items.0` and `items[0]` name the same thing.
    static func same(_ a: ValuePath.Component, _ b: ValuePath.Component) -> Bool {
        switch (a, b) {
        case (.key(let x), .index(let i)), (.index(let i), .key(let x)): return Int(x) == i
        default: return a == b
        }
    }

    /// Orders live properties so that computed values come before what reads them; a cycle
    /// among computed values is a definition error naming its members.
    mutating func orderLiveProperties(issues: inout [DefinitionIssue]) throws(DefinitionError) {
        dependentsByKey = [:]
        for (index, property) in live.enumerated() {
            var keys = Set<String>()
            for path in property.dependencies {
                if case .key(let first)? = path.components.first { keys.insert(first) }
            }
            for key in keys { dependentsByKey[key, default: []].append(index) }
        }
        // Edges from a computed value to every property reading it.
        var readers = Array(repeating: [Int](), count: live.count)
        var inDegree = Array(repeating: 0, count: live.count)
        for (writer, property) in live.enumerated() {
            guard let written = property.writes else { continue }
            for reader in dependents(of: written) {
                readers[writer].append(reader)
                inDegree[reader] += 1
            }
        }
        var queue = live.indices.filter { inDegree[$0] == 0 }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for reader in readers[node] {
                inDegree[reader] -= 1
                if inDegree[reader] == 0 { queue.append(reader) }
            }
        }
        if queue.count < live.count {
            let cycle = Self.cycle(among: live.indices.filter { inDegree[$0] > 0 }, readers: readers)
            let names = cycle.compactMap { live[$0].writes?.dotted }
            let text = (names + names.prefix(1)).joined(separator: " -> ")
            issues.append(DefinitionIssue(.error, .expressionCycle, path: cycle.first.map { live[$0].jsonPath } ?? "",
                                          message: "computed values form a cycle: \(text)"))
            throw DefinitionError(issues: issues)
        }
        order = queue
        orderPosition = Array(repeating: 0, count: live.count)
        for (position, index) in order.enumerated() { orderPosition[index] = position }
    }

    /// One cycle among the nodes Kahn's algorithm could not order: nodes downstream of a cycle
    /// are peeled off first, then the edges are followed from a remaining node until one repeats.
    static func cycle(among stuck: [Int], readers: [[Int]]) -> [Int] {
        var remaining = Set(stuck)
        var peeled = true
        while peeled {
            peeled = false
            for node in remaining where !readers[node].contains(where: remaining.contains) {
                remaining.remove(node)
                peeled = true
            }
        }
        guard var node = remaining.min() else { return stuck }
        var path: [Int] = []
        var seenAt: [Int: Int] = [:]
        while seenAt[node] == nil {
            seenAt[node] = path.count
            path.append(node)
            guard let next = readers[node].filter(remaining.contains).min() else { break }
            node = next
        }
        return Array(path[(seenAt[node] ?? 0)...])
    }

    /// Live properties that read `path` (or something inside or around it).
    func dependents(of path: ValuePath) -> [Int] {
        guard case .key(let first)? = path.components.first, let candidates = dependentsByKey[first] else { return [] }
        return candidates.filter { candidate in live[candidate].dependencies.contains { Self.overlaps($0, path) } }
    }

    mutating func evaluateAll() {
        for index in order { evaluate(index) }
    }

    /// Re-evaluates exactly the properties that depend on `changed`, transitively through
    /// computed values, in order; returns the value paths that computed values changed.
    mutating func propagate(_ changed: [ValuePath]) -> [ValuePath] {
        var dirty = Set<Int>()
        var pending = changed
        var recomputed: [ValuePath] = []
        while let path = pending.popLast() {
            for index in dependents(of: path) where dirty.insert(index).inserted {
                if let written = live[index].writes { pending.append(written) }
            }
        }
        for index in dirty.sorted(by: { orderPosition[$0] < orderPosition[$1] }) {
            let before = resolved[index]
            evaluate(index)
            if let written = live[index].writes, resolved[index] != before { recomputed.append(written) }
        }
        return recomputed
    }

    /// Evaluates one live property and, for a computed value, stores the result as the value.
    mutating func evaluate(_ index: Int) {
        evaluationCount += 1
        let property = live[index]
        let context = expressionContext(for: property.owner)
        do {
            resolved[index] = try property.expression.evaluate(in: context)
            evaluationErrors[property.jsonPath] = nil
        } catch {
            resolved[index] = .null
            evaluationErrors[property.jsonPath] = error.description
        }
        if let written = property.writes { try? values.setValue(resolved[index], at: written) }
    }

    /// Key paths resolve nearest scope first: the repeat item's own form values, the iterate
    /// item the element was bound to, the form's values, then the bound data. So `@{name}` in
    /// a template reads the item's name even when the form also has a field called name.
    func expressionContext(for owner: LiveProperty.Owner) -> ExpressionContext {
        let values = self.values
        let data = form.data
        var itemPathFound: ValuePath?
        var dataItemFound: FormValue?
        if case .element(let index) = owner {
            itemPathFound = elements[index].itemPath
            dataItemFound = elements[index].dataItem
        }
        let itemPath = itemPathFound
        let dataItem = dataItemFound
        return ExpressionContext(functions: functions) { path in
            guard case .key(let first)? = path.components.first else { return values.value(at: path) }
            if let itemPath, let item = values.value(at: itemPath), item[first] != nil { return item.value(at: path) }
            if let dataItem, dataItem[first] != nil { return dataItem.value(at: path) }
            if values[first] != nil { return values.value(at: path) }
            return data.value(at: path)
        }
    }
}
