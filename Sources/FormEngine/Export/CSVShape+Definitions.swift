import FormCore

extension CSVShape {
    /// Declares the columns of one version's stored definition (parsed without positions: it
    /// was checked when it was stored): one per keyed value field, so a field nobody answered
    /// still has its column. A repeat (`iterate:`) is one column holding its items as JSON, or
    /// with repeats separate a file with a column per template field. Fields of an
    /// `iterateproperties:` section get their columns from the values, since their keys are the
    /// data's. Secure fields get no column: their values are never stored.
    func declare(definitionJSON: String) throws(DefinitionError) {
        let definition = try FormDefinition.decode(json: definitionJSON, positions: false).0
        // The rules a service registered are not known here, and an export validates nothing.
        let form = try CompiledForm(definition: definition, requiringRegistrations: false)
        // Outermost repeat first (shortest path): a field inside a repeat belongs to it.
        let repeatPaths = form.repeats.compactMap { Self.keys(of: $0.path) }.sorted { $0.count < $1.count }
        let secure = Set(form.securePaths)
        for field in form.fields {
            if field.isTemplate {
                guard let repeatPath = field.repeatPath.flatMap(Self.keys), repeatPaths.contains(repeatPath) else { continue }
                declareRepeat(repeatPath, itemField: field.key.flatMap(Self.keys))
                continue
            }
            // The field's own keys, not its dotted path read again: a key may hold a dot.
            guard let dotted = field.path, !secure.contains(dotted), let path = field.valuePath.flatMap(Self.keys(of:)) else { continue }
            if let repeatPath = repeatPaths.first(where: { path.starts(with: $0) }) {
                declareRepeat(repeatPath, itemField: nil)
            } else {
                submissions.declare(path)
            }
        }
    }

    private func declareRepeat(_ path: [String], itemField: [String]?) {
        guard separatesRepeats else {
            submissions.declare(path)
            return
        }
        // The repeat inside which this one sits, if its table is known.
        let parent = (1..<max(path.count, 1)).reversed().lazy.compactMap { self.existingTable(Array(path.prefix($0))) }.first
        let table = repeatTable(path, parent: parent ?? submissions)
        if let itemField { table.declare(itemField) }
    }

    /// The keys of a dotted path a definition declares (its keys hold no dots); nil for a path
    /// with an index, an operator or `self`, which names no stored key.
    static func keys(of dotted: String) -> [String]? {
        guard let parsed = try? ValuePath(parsing: dotted) else { return nil }
        return keys(of: parsed)
    }

    /// The keys of a value path; nil as for `keys(of:)` with a dotted path.
    static func keys(of path: ValuePath) -> [String]? {
        var keys: [String] = []
        for component in path.components {
            guard case .key(let key) = component, !key.allSatisfy(\.isNumber) else { return nil }
            keys.append(key)
        }
        return keys.isEmpty ? nil : keys
    }
}
