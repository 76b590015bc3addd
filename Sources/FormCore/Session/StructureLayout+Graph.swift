extension StructureLayout {
    /// Turns the key paths an expression reads into value paths, in the order they resolve:
    /// a sibling in the same repeat item (`email` in `guests[1]` reads `guests[1].email`), then
    /// the item's own data (which does not change), then a top-level form value. Paths into the
    /// bound data are dropped: that data does not change while a form is filled.
    func absoluteDependencies(of property: LiveProperty) -> [ValuePath] {
        var itemPath: ValuePath?
        var dataItem: FormValue?
        if case .element(let index) = property.owner {
            itemPath = elements[index].itemPath
            dataItem = elements[index].dataItem
        }
        var result: [ValuePath] = []
        for path in property.expression.dependencies {
            guard case .key(let first)? = path.components.first else { continue }
            if let itemPath, defaults.value(at: itemPath.appending(.key(first))) != nil {
                result.append(itemPath.appending(path))
            } else if dataItem?[first] != nil {
                continue
            } else if defaults[first] != nil {
                result.append(path)
            }
        }
        return result
    }

    /// The most live properties reading one first key for which an element keeps its
    /// dependents (`SessionElement.dependents`).
    static let keptDependents = 64

    /// Live properties that read `path` (or something inside or around it).
    func dependents(of path: ValuePath) -> [Int] {
        guard case .key(let first)? = path.components.first, let candidates = dependentsByKey[first] else { return [] }
        return candidates.filter { candidate in live[candidate].dependencies.contains { FormStructure.overlaps($0, path) } }
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
}
