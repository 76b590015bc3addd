/// Recursive descent over tokens, with Swift's precedence (high to low): unary `! -`,
/// `* / %`, `+ -`, `??` (right), comparisons (not chainable), `&&`, `||`, `?:` (right).
///
/// Two bounds keep a hostile definition from overflowing the stack: `depth` counts the parser's
/// own recursion (parentheses, unary chains, `??` and `?:` chains, interpolations), and every node
/// carries its height so that a long left-associative chain (`1+1+1+...`) cannot build a tree
/// deeper than `maxDepth` either, which keeps evaluation and hashing shallow as well.
struct ExpressionParser {
    /// A node and the height of its tree.
    struct Parsed {
        var node: ExpressionNode
        var height: Int
    }

    let tokens: [ExpressionToken]
    var position = 0
    var depth: Int
    let maxDepth: Int

    /// `tokens` must end with `.end` or `.symbol(.rightBrace)`, as the lexer guarantees.
    init(tokens: [ExpressionToken], depth: Int = 0, maxDepth: Int) {
        self.tokens = tokens.isEmpty ? [ExpressionToken(kind: .end, column: 1)] : tokens
        self.depth = depth
        self.maxDepth = maxDepth
    }

    var current: ExpressionToken { tokens[position] }

    var next: ExpressionToken? { position + 1 < tokens.count ? tokens[position + 1] : nil }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    func isSymbol(_ symbol: ExpressionToken.Symbol) -> Bool {
        if case .symbol(symbol) = current.kind { return true }
        return false
    }

    mutating func expect(_ symbol: ExpressionToken.Symbol, _ message: String) throws(ExpressionError) {
        guard isSymbol(symbol) else { throw .syntax("\(message), found \(current.display)", at: current.column) }
        advance()
    }

    func tooDeep(at column: Int) -> ExpressionError {
        .syntax("the expression is nested too deeply (more than \(maxDepth) levels)", at: column)
    }

    /// Runs `body` one level deeper, refusing to go past `maxDepth`.
    mutating func nested(_ body: (inout ExpressionParser) throws(ExpressionError) -> Parsed) throws(ExpressionError) -> Parsed {
        depth += 1
        defer { depth -= 1 }
        guard depth <= maxDepth else { throw tooDeep(at: current.column) }
        return try body(&self)
    }

    /// A node over `children`, one level taller than the tallest of them.
    func make(_ node: ExpressionNode, _ children: [Parsed], column: Int) throws(ExpressionError) -> Parsed {
        let height = (children.map(\.height).max() ?? 0) + 1
        guard height <= maxDepth else { throw tooDeep(at: column) }
        return Parsed(node: node, height: height)
    }

    mutating func parseExpression() throws(ExpressionError) -> Parsed {
        try nested { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseTernary() }
    }

    mutating func parseTernary() throws(ExpressionError) -> Parsed {
        let condition = try parseBinary(level: 0)
        guard isSymbol(.question) else { return condition }
        let column = current.column
        advance()
        let then = try parseExpression()
        try expect(.colon, "expected ':' in the conditional that began with '?' at column \(column)")
        let otherwise = try parseExpression()
        return try make(.conditional(condition.node, then.node, otherwise.node), [condition, then, otherwise], column: column)
    }

    /// Binary levels from loosest to tightest; `??` is right-associative, comparisons do not chain.
    static let levels: [[ExpressionBinaryOperator]] = [
        [.or], [.and], [.less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual],
        [.nilCoalescing], [.add, .subtract], [.multiply, .divide, .remainder],
    ]

    func binaryOperator(in level: Int) -> ExpressionBinaryOperator? {
        guard case .symbol(let symbol) = current.kind,
            let op = ExpressionBinaryOperator(rawValue: symbol.rawValue),
            Self.levels[level].contains(op)
        else { return nil }
        return op
    }

    mutating func parseBinary(level: Int) throws(ExpressionError) -> Parsed {
        guard level < Self.levels.count else { return try parseUnary() }
        var left = try parseBinary(level: level + 1)
        while let op = binaryOperator(in: level) {
            let column = current.column
            advance()
            if op == .nilCoalescing {
                let right = try nested { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseBinary(level: level) }
                return try make(.binary(op, left.node, right.node, column: column), [left, right], column: column)
            }
            let right = try parseBinary(level: level + 1)
            left = try make(.binary(op, left.node, right.node, column: column), [left, right], column: column)
            if level == 2, let chained = binaryOperator(in: level) {
                throw .syntax("comparison operators cannot be chained ('\(chained.rawValue)' after '\(op.rawValue)'); use &&", at: current.column)
            }
        }
        return left
    }

    mutating func parseUnary() throws(ExpressionError) -> Parsed {
        let op: ExpressionUnaryOperator
        if isSymbol(.bang) { op = .not } else if isSymbol(.minus) { op = .negate } else { return try parsePostfix() }
        let column = current.column
        advance()
        let operand = try nested { (p: inout ExpressionParser) throws(ExpressionError) in try p.parseUnary() }
        // Fold `-2` and `-1.5` into literals: they are the common case and cost nothing later.
        if op == .negate, case .literal(let value) = operand.node {
            if case .int(let i) = value { return Parsed(node: .literal(.int(-i)), height: 1) }
            if case .double(let d) = value { return Parsed(node: .literal(.double(-d)), height: 1) }
        }
        return try make(.unary(op, operand.node, column: column), [operand], column: column)
    }
}
