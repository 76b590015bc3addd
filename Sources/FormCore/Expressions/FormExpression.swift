/// A parsed `@{...}` expression: parse once when the definition loads, evaluate on every change.
///
/// Evaluation is pure: it reads values only through the context's lookup, calls only the fixed
/// method library and the host's registered functions, and is bounded by `maxDepth` (at parse)
/// and the context's step limit (at evaluation).
package struct FormExpression: Sendable, Hashable {
    /// The deepest nesting a parse accepts: parentheses, operator chains, calls, interpolations.
    static let maxDepth = 64

    /// The text inside `@{ }`.
    package let source: String
    package let root: ExpressionNode

    /// Parses `source`, the text inside `@{ }`; errors carry a 1-based column within it.
    package init(parsing source: String) throws(ExpressionError) {
        let chars = Array(source)
        do {
            var lexer = ExpressionLexer(chars: chars, start: 0, maxDepth: Self.maxDepth)
            var parser = ExpressionParser(tokens: try lexer.tokenize(), maxDepth: Self.maxDepth)
            self.init(source: source, root: try parser.parseWhole().node)
        } catch {
            throw error.relocated(by: 0, in: source)
        }
    }

    init(source: String, root: ExpressionNode) {
        self.source = source
        self.root = root
    }

    /// The value of the expression. Missing key paths are nil; failures (division by zero, a type
    /// mismatch, an unknown host function, the step budget) are evaluation errors with a column.
    package func evaluate(in context: ExpressionContext) throws(ExpressionError) -> FormValue {
        var evaluator = ExpressionEvaluator(context: context)
        do {
            return try evaluator.evaluate(root)
        } catch {
            throw error.relocated(by: 0, in: source)
        }
    }

    /// Every key path the expression reads, in first-seen order, without duplicates, for the
    /// dependency graph. A `count` accessor reports the path it counts (`user?.name.count` reads
    /// `user.name`), since that is the value whose change matters; a computed index reports its
    /// container (`items[i].title` reads `items` and `i`). Paths are reported even when on a
    /// branch that a given evaluation would skip, because another evaluation may take it.
    package var dependencies: [ValuePath] {
        var collector = DependencyCollector()
        collector.visit(root)
        return collector.paths
    }
}

struct DependencyCollector {
    private(set) var paths: [ValuePath] = []
    private var seen: Set<ValuePath> = []

    mutating func visit(_ node: ExpressionNode) {
        switch node {
        case .literal: return
        case .path(let path):
            if seen.insert(path).inserted { paths.append(path) }
        case .array(let nodes), .interpolation(let nodes), .function(_, let nodes, _):
            nodes.forEach { visit($0) }
        case .member(let base, _), .count(let base, _), .unary(_, let base, _):
            visit(base)
        case .index(let a, let b, _), .binary(_, let a, let b, _):
            visit(a)
            visit(b)
        case .conditional(let a, let b, let c):
            visit(a)
            visit(b)
            visit(c)
        case .method(let base, _, let nodes, _), .format(let base, let nodes, _):
            visit(base)
            nodes.forEach { visit($0) }
        }
    }
}
