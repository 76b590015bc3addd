/// Expressions reading names nothing supplies: a key path is looked up in the repeat item's
/// fields, the item's data, the form's fields and the bound data, in that order, and one that
/// none of them has (nor the form's declared data, which always supplies its names) reads nil,
/// every time (usually a typo). Only the data can still supply a
/// name the definition does not, so without the data this is a warning with the nearest field's
/// name; with the data the form will be bound to (`check --data`) it is an error. A name only
/// read on the left of `??` is expected to be missing at times: a warning either way.
extension DefinitionLint {
    /// What an expression may read at one place of the definition besides the form's fields.
    struct NameScope {
        /// The data objects the place is bound to (the root data, a repeat's items, an include's
        /// shared data); nil when they are not known (no data was given).
        var dataItems: [FormValue]?
        /// The form's root data, when known: every place falls back to it.
        var rootData: FormValue?

        var names: Set<String>? {
            guard let dataItems else { return nil }
            var names = Set<String>()
            for item in dataItems + [rootData ?? .null] { names.formUnion(item.objectValue?.keys ?? []) }
            return names
        }

        /// The items of `bind`'s `iterate:` or `iterateproperties:` among the current data.
        func iterating(_ bind: String?) -> NameScope {
            guard let bind, let spec = try? BindingSpec(parsing: bind), let iteration = spec.iteration else { return self }
            var inner = self
            switch iteration {
            case .properties:
                // Each item is `{"key": K, "value": V}`, whatever the data.
                inner.dataItems = [.object(["key": .null, "value": .null])]
            case .items(let path):
                inner.dataItems = dataItems.map { items in
                    items.flatMap { item -> [FormValue] in
                        let collection = path.isSelf ? item : item.value(at: path)
                        return collection?.arrayValue ?? []
                    }
                }
            }
            return inner
        }

        /// The data an include's `shared_data` binds its content to.
        func sharing(_ include: Include) -> NameScope {
            guard let shared = include.sharedData else { return self }
            var inner = self
            if case .string(let text) = shared, let path = Binder.plainReference(text) {
                inner.dataItems = dataItems.map { $0.compactMap { $0.value(at: path) } }
            } else {
                inner.dataItems = [shared]
            }
            return inner
        }
    }

    func checkNames(_ property: PropertyExpression, path: String, place: Place, issues: inout [DefinitionIssue]) {
        guard let scope = place.names, place.fields.isComplete else { return }
        let known = place.itemKeys.union(place.fields.topLevel).union(place.dataModel.declarations.map(\.name))
        let dataNames = scope.names
        let guarded = property.expressions.reduce(into: Set<String>()) { $0.formUnion($1.root.namesGuardedByNilCoalescing) }
        var reported = Set<String>()
        for dependency in property.dependencies {
            guard case .key(let name)? = dependency.components.first, !known.contains(name),
                dataNames?.contains(name) != true, reported.insert(name).inserted
            else { continue }
            let hint = Suggestion.clause(for: name, in: known.union(dataNames ?? []).sorted())
            if dataNames != nil && !guarded.contains(name) {
                issues.append(place.issue(.error, .unknownName, path: path,
                                          message: "reads '\(name.excerpt())', which is no field, item field or path of the data\(hint)"))
            } else {
                let why = dataNames == nil ? "; only the data can supply it" : ", nor the data (read before '??')"
                issues.append(place.issue(.warning, .unknownName, path: path,
                                          message: "reads '\(name.excerpt())', which is no field or item field\(why)\(hint)"))
            }
        }
    }
}

extension ExpressionNode {
    /// The first names of the key paths read on the left of a `??`: names the author expects
    /// to be missing at times.
    var namesGuardedByNilCoalescing: Set<String> {
        var names = Set<String>()
        collectGuarded(into: &names, guarded: false)
        return names
    }

    private func collectGuarded(into names: inout Set<String>, guarded: Bool) {
        switch self {
        case .literal:
            return
        case .path(let path):
            if guarded, case .key(let name)? = path.components.first { names.insert(name) }
        case .binary(.nilCoalescing, let left, let right, _):
            left.collectGuarded(into: &names, guarded: true)
            right.collectGuarded(into: &names, guarded: guarded)
        case .array(let nodes), .interpolation(let nodes), .function(_, let nodes, _):
            for node in nodes { node.collectGuarded(into: &names, guarded: guarded) }
        case .member(let base, _), .count(let base, _), .unary(_, let base, _):
            base.collectGuarded(into: &names, guarded: guarded)
        case .index(let a, let b, _), .binary(_, let a, let b, _):
            a.collectGuarded(into: &names, guarded: guarded)
            b.collectGuarded(into: &names, guarded: guarded)
        case .conditional(let a, let b, let c):
            for node in [a, b, c] { node.collectGuarded(into: &names, guarded: guarded) }
        case .method(let base, _, let nodes, _), .format(let base, let nodes, _):
            base.collectGuarded(into: &names, guarded: guarded)
            for node in nodes { node.collectGuarded(into: &names, guarded: guarded) }
        }
    }
}
