/// One walker over an expression's tree for every lint that looks for a kind of node (the keys
/// `localized()` is given, declared names compared with literals): each picks its nodes out of
/// the walk instead of writing its own recursion over every case.
extension ExpressionNode {
    /// Calls `body` with this node and every node below it. (The tree's height is bounded at
    /// parse time, so the recursion is too.)
    func forEachNode(_ body: (ExpressionNode) -> Void) {
        body(self)
        switch self {
        case .literal, .path:
            return
        case .method(let receiver, _, let arguments, _):
            receiver.forEachNode(body)
            for argument in arguments { argument.forEachNode(body) }
        case .array(let nodes), .interpolation(let nodes), .function(_, let nodes, _):
            for node in nodes { node.forEachNode(body) }
        case .member(let base, _), .count(let base, _), .unary(_, let base, _):
            base.forEachNode(body)
        case .index(let a, let b, _), .binary(_, let a, let b, _):
            a.forEachNode(body)
            b.forEachNode(body)
        case .conditional(let a, let b, let c):
            for node in [a, b, c] { node.forEachNode(body) }
        case .format(let base, let nodes, _):
            base.forEachNode(body)
            for node in nodes { node.forEachNode(body) }
        }
    }
}
