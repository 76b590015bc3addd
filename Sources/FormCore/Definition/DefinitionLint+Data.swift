/// The data a form declares (its root `data` and `classes`): the declarations themselves, and
/// expressions that use a declared name with a literal its class can never match.
extension DefinitionLint {
    /// The root's declarations as `DataModel.read` finds them, each issue at its JSON path.
    /// An included form's declarations, merged into the root by the loader, were checked in
    /// their own file: only the form's own are reported here.
    func lintData(_ definition: FormDefinition, place: Place) -> [DefinitionIssue] {
        let data = definition.root.properties["data"], classes = definition.root.properties["classes"]
        guard data != nil || classes != nil else { return [] }
        let written = definition.sourceLocations[definition.sourcePath ?? ""]
        return DataModel.read(data: data, classes: classes).issues.compactMap { issue in
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
    /// the evaluator refuses it. A name a field or item field also has reads the field: skipped.
    func checkDeclaredClasses(_ property: PropertyExpression, path: String, place: Place, issues: inout [DefinitionIssue]) {
        // An include not read yet may hold a field that shadows a declared name.
        guard !place.dataModel.isEmpty, place.fields.isComplete else { return }
        let shadowing = place.itemKeys.union(place.fields.topLevel)
        var reported = Set<String>()
        for expression in property.expressions {
            expression.root.forEachBinary { op, left, right in
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

/// A declared class used with a literal by one operator, and what is wrong with it, if anything.
struct DeclaredClassUse {
    /// What a literal is, as far as classes go.
    enum Kind { case text, number, bool }

    var op: ExpressionBinaryOperator
    var base: DataClass
    var kind: Kind
    var literal: FormValue

    /// Nil when the literal is `nil` (a declared name may be null, optional or not) or when
    /// the operator does not compare or compute.
    init?(op: ExpressionBinaryOperator, dataClass: DataClass, literal: FormValue) {
        switch literal {
        case .string: kind = .text
        case .int, .double: kind = .number
        case .bool: kind = .bool
        default: return nil
        }
        self.op = op
        self.base = dataClass.unwrapped.base
        self.literal = literal
    }

    /// The kinds of literal a value of the class can equal or be ordered with.
    var comparable: Set<Kind> {
        switch base {
        case .string, .date, .url: return [.text]
        case .bool: return [.bool]
        case .int, .float, .double: return [.number]
        case .any: return [.text, .number, .bool]
        case .array, .set, .dictionary, .custom, .optional: return []
        }
    }

    /// The kinds of literal the evaluator takes with a value of the class under `op`.
    var computable: Set<Kind> {
        let numeric: Set<Kind> = switch base {
        case .int, .float, .double, .any: [.number]
        default: []
        }
        guard op == .add else { return numeric }
        switch base {
        case .string, .date, .url, .any: return [.text, .number, .bool]
        case .int, .float, .double, .bool: return numeric.union([.text])
        case .array, .set, .dictionary, .custom, .optional: return []
        }
    }

    var problem: String? {
        let shown = "\(literal.jsonString().excerpt())"
        switch op {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard !comparable.contains(kind) else { return nil }
            let outcome = op == .equal ? "is never true" : op == .notEqual ? "is always true" : "fails whenever it has a value"
            return "\(op.rawValue) \(shown) compares it with \(kind.noun) and \(outcome)"
        case .add, .subtract, .multiply, .divide, .remainder:
            guard !computable.contains(kind) else { return nil }
            return "\(op.rawValue) \(shown) combines it with \(kind.noun) and fails whenever it has a value"
        case .and, .or, .nilCoalescing:
            return nil
        }
    }
}

extension DeclaredClassUse.Kind {
    var noun: String {
        switch self {
        case .text: return "a text"
        case .number: return "a number"
        case .bool: return "a boolean"
        }
    }
}

extension ExpressionNode {
    /// Calls `body` with every binary operation in the expression, outermost first.
    func forEachBinary(_ body: (ExpressionBinaryOperator, ExpressionNode, ExpressionNode) -> Void) {
        switch self {
        case .literal, .path:
            return
        case .binary(let op, let left, let right, _):
            body(op, left, right)
            left.forEachBinary(body)
            right.forEachBinary(body)
        case .array(let nodes), .interpolation(let nodes), .function(_, let nodes, _):
            for node in nodes { node.forEachBinary(body) }
        case .member(let base, _), .count(let base, _), .unary(_, let base, _):
            base.forEachBinary(body)
        case .index(let a, let b, _):
            a.forEachBinary(body)
            b.forEachBinary(body)
        case .conditional(let a, let b, let c):
            for node in [a, b, c] { node.forEachBinary(body) }
        case .method(let base, _, let nodes, _), .format(let base, let nodes, _):
            base.forEachBinary(body)
            for node in nodes { node.forEachBinary(body) }
        }
    }
}
