extension ExpressionNode {
    /// The patterns given as string literals to `matches()` anywhere in the tree, so that a
    /// lint can compile them before any value reaches them. (The tree's height is bounded at
    /// parse time, so the recursion is too.)
    var literalMatchPatterns: [String] {
        var found: [String] = []
        collectPatterns(into: &found)
        return found
    }

    private func collectPatterns(into found: inout [String]) {
        switch self {
        case .literal, .path:
            return
        case .method(let receiver, let method, let arguments, _):
            if method == .matches, case .literal(.string(let pattern))? = arguments.first { found.append(pattern) }
            receiver.collectPatterns(into: &found)
            for argument in arguments { argument.collectPatterns(into: &found) }
        case .array(let nodes), .interpolation(let nodes), .function(_, let nodes, _):
            for node in nodes { node.collectPatterns(into: &found) }
        case .member(let base, _), .count(let base, _), .unary(_, let base, _):
            base.collectPatterns(into: &found)
        case .index(let a, let b, _), .binary(_, let a, let b, _):
            a.collectPatterns(into: &found)
            b.collectPatterns(into: &found)
        case .conditional(let a, let b, let c):
            for node in [a, b, c] { node.collectPatterns(into: &found) }
        case .format(let base, let nodes, _):
            base.collectPatterns(into: &found)
            for node in nodes { node.collectPatterns(into: &found) }
        }
    }
}

extension PropertyExpression {
    /// Every expression in the property, whole or in a template.
    var expressions: [FormExpression] {
        switch self {
        case .literal: return []
        case .expression(let expression): return [expression]
        case .template(let parts):
            return parts.compactMap { part in
                if case .expression(let expression) = part { return expression }
                return nil
            }
        }
    }
}
