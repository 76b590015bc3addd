/// The data a form declares (its root `data` and `classes`): the declarations themselves, and
/// expressions that use a declared name with a literal its class can never match.
extension DefinitionLint {
    /// The root's declarations as `DataModel.read` found them (`found`), each issue at its JSON
    /// path. An included form's declarations, merged into the root by the loader, were checked
    /// in their own file: only the form's own are reported here.
    func lintData(_ definition: FormDefinition, found: [DefinitionIssue], place: Place) -> [DefinitionIssue] {
        let data = definition.root.properties["data"], classes = definition.root.properties["classes"]
        guard data != nil || classes != nil else { return [] }
        let written = definition.sourceLocations[definition.sourcePath ?? ""]
        // Any other property may be computed; declarations are read as written, never run.
        let computed = [("data", data), ("classes", classes)].compactMap { name, value -> DefinitionIssue? in
            guard case .string(let text)? = value, PropertyExpression.containsExpression(text) else { return nil }
            return place.issue(.error, .invalidDataDeclaration, path: name,
                               message: "\(name) is declared as written, never computed: found an expression")
        }
        return computed + found.compactMap { issue in
            // A `data` that is no array (or `classes` no object) is the decoder's error, said once.
            if issue.path == "data", let data, !PropertyType.array.accepts(data) { return nil }
            if issue.path == "classes", let classes, !PropertyType.object.accepts(classes) { return nil }
            if let written, !Self.isWritten(issue.path, in: written) { return nil }
            return place.issue(issue.severity, issue.code, path: issue.path, message: issue.message)
        }
    }

    /// Whether an issue's path lies in what the form's own file wrote, rather than in an entry
    /// an included file's declarations added (`data[7]` when the file has 5): some step of the
    /// path below `data` or `classes` has a position in the file.
    static func isWritten(_ path: String, in locations: SourceLocations) -> Bool {
        guard path.hasPrefix("data[") || path.hasPrefix("classes.") else { return true }
        var candidate = Substring(path)
        while candidate != "data" && candidate != "classes" {
            if locations.table[String(candidate)] != nil { return true }
            guard let cut = candidate.lastIndex(where: { $0 == "." || $0 == "[" }) else { return false }
            candidate = candidate[..<cut]
        }
        return false
    }

    /// Comparisons (`== != < <= > >=`) and arithmetic (`+ - * / %`) of a declared name, or a
    /// path into a described class (`user.age`), with a literal its class can never match: a
    /// `String` compared with a number is false on every fill, a `Bool` plus 1 fails on every
    /// fill. `+` joins text with anything (`'Total: ' + count` is text), so it only fails where
    /// the evaluator refuses it. A name a field or item field also has reads the field, and
    /// one in a repeat template or shared data may read the item's: those are not checked.
    func checkDeclaredClasses(_ property: PropertyExpression, path: String, place: Place, issues: inout [DefinitionIssue]) {
        // An include not read yet may hold a field that shadows a declared name.
        guard !place.dataModel.isEmpty, place.fields.isComplete, !place.readsOtherData else { return }
        let shadowing = place.itemKeys.union(place.fields.topLevel)
        var reported = Set<String>()
        for expression in property.expressions {
            expression.root.forEachNode { node in
                guard case .binary(let op, let left, let right, _) = node else { return }
                for (side, other) in [(left, right), (right, left)] {
                    guard case .path(let valuePath) = side, case .literal(let literal) = other,
                        case .key(let name)? = valuePath.components.first, !shadowing.contains(name),
                        let dataClass = place.dataModel.dataClass(at: valuePath),
                        let problem = DeclaredClassUse(op: op, dataClass: dataClass, literal: literal)?.problem
                    else { continue }
                    let message = "'\(valuePath.description.excerpt())' is declared \(dataClass): \(problem)"
                    guard reported.insert(message).inserted else { continue }
                    issues.append(place.issue(.error, .typeMismatch, path: path, message: message))
                }
            }
        }
    }
}
