extension ExpressionParser {
    /// Member access, `count`, indexing and method calls after a primary. Steps known at parse
    /// time extend a `.path`, so the caller's lookup gets `items[0].title` in one piece.
    mutating func parsePostfix() throws(ExpressionError) -> Parsed {
        var base = try parsePrimary()
        while true {
            if isSymbol(.dot) || isSymbol(.optionalDot) {
                advance()
                base = try parseMember(of: base)
            } else if isSymbol(.leftBracket) {
                let column = current.column
                advance()
                let index = try parseExpression()
                try expect(.rightBracket, "expected ']' to close '[' at column \(column)")
                base = try subscripted(base, by: index, column: column)
            } else {
                return base
            }
        }
    }

    private mutating func parseMember(of base: Parsed) throws(ExpressionError) -> Parsed {
        let column = current.column
        let name: String
        switch current.kind {
        case .identifier(let identifier): name = identifier
        case .int(let i) where i >= 0: name = String(i)
        default: throw .syntax("expected a member name after '.', found \(current.display)", at: column)
        }
        advance()
        if isSymbol(.leftParen) {
            guard let method = ExpressionMethod(rawValue: name) else {
                let known = ExpressionMethod.allCases.map { $0.rawValue + "()" }.joined(separator: ", ")
                let hint = name == "count" ? "count is a property: write .count" : "known: \(known)"
                throw .syntax("unknown method '\(name)'; \(hint)", at: column)
            }
            let arguments = try parseArguments(of: name, labels: false)
            guard arguments.count == method.arity else {
                throw .syntax("\(name)() takes \(method.arity) argument\(method.arity == 1 ? "" : "s"), found \(arguments.count)", at: column)
            }
            let node = ExpressionNode.method(base.node, method, arguments.map(\.value.node), column: column)
            return try make(node, [base] + arguments.map(\.value), column: column)
        }
        // `count` is always the accessor, never a key; `data['count']` reads a key named count.
        if name == "count" { return try make(.count(base.node, column: column), [base], column: column) }
        if case .path(let path) = base.node {
            try checkPathLength(path, column: column)
            return Parsed(node: .path(path.appending(try component(name, column: column))), height: base.height)
        }
        return try make(.member(base.node, name), [base], column: column)
    }

    private func component(_ name: String, column: Int) throws(ExpressionError) -> ValuePath.Component {
        guard name.hasPrefix("@") else { return .key(name) }
        guard let op = CollectionOperator(rawValue: String(name.dropFirst())) else {
            throw .syntax("unknown collection operator '\(name)'", at: column)
        }
        return .collectionOperator(op)
    }

    /// A key path may not grow past `ValuePath.maximumComponents`, whichever way it is written.
    private func checkPathLength(_ path: ValuePath, column: Int) throws(ExpressionError) {
        guard path.components.count < ValuePath.maximumComponents else {
            throw .syntax("the key path has more than \(ValuePath.maximumComponents) components (the limit)", at: column)
        }
    }

    private func subscripted(_ base: Parsed, by index: Parsed, column: Int) throws(ExpressionError) -> Parsed {
        if case .path(let path) = base.node, case .literal(let value) = index.node {
            try checkPathLength(path, column: column)
            if case .int(let i) = value, i >= 0 { return Parsed(node: .path(path.appending(.index(i))), height: base.height) }
            if case .string(let key) = value { return Parsed(node: .path(path.appending(.key(key))), height: base.height) }
        }
        return try make(.index(base.node, index.node, column: column), [base, index], column: column)
    }

    mutating func parsePrimary() throws(ExpressionError) -> Parsed {
        let token = current
        switch token.kind {
        case .int(let i):
            advance()
            return Parsed(node: .literal(.int(i)), height: 1)
        case .double(let d):
            advance()
            return Parsed(node: .literal(.double(d)), height: 1)
        case .string(let segments):
            advance()
            return try parseString(segments, column: token.column)
        case .identifier(let name):
            advance()
            return try parseIdentifier(name, column: token.column)
        case .symbol(.leftParen):
            advance()
            let inner = try parseExpression()
            try expect(.rightParen, "expected ')' to close '(' at column \(token.column)")
            return inner
        case .symbol(.leftBracket):
            advance()
            var elements: [Parsed] = []
            while !isSymbol(.rightBracket) {
                elements.append(try parseExpression())
                if isSymbol(.comma) { advance() } else { break }
            }
            try expect(.rightBracket, "expected ',' or ']' in the array that began at column \(token.column)")
            return try make(.array(elements.map(\.node)), elements, column: token.column)
        default:
            throw .syntax("expected a value, found \(token.display)", at: token.column)
        }
    }

    private mutating func parseString(_ segments: [ExpressionToken.StringSegment], column: Int) throws(ExpressionError) -> Parsed {
        if segments.count == 1, case .text(let text) = segments[0] { return Parsed(node: .literal(.string(text)), height: 1) }
        var parts: [Parsed] = []
        for segment in segments {
            switch segment {
            case .text(let text):
                parts.append(Parsed(node: .literal(.string(text)), height: 1))
            case .code(let tokens):
                var inner = ExpressionParser(tokens: tokens, depth: depth + 1, maxDepth: maxDepth)
                guard inner.depth <= maxDepth else { throw tooDeep(at: column) }
                parts.append(try inner.parseWhole())
            }
        }
        return try make(.interpolation(parts.map(\.node)), parts, column: column)
    }

    /// Keywords, constants, `String(format:)`, host functions, and the first step of a key path.
    private mutating func parseIdentifier(_ name: String, column: Int) throws(ExpressionError) -> Parsed {
        switch name {
        case "true": return Parsed(node: .literal(.bool(true)), height: 1)
        case "false": return Parsed(node: .literal(.bool(false)), height: 1)
        case "nil", "null": return Parsed(node: .literal(.null), height: 1)
        // Constants for a `visibility` property, as SwiftJsonUI writes them.
        case "visible", "gone": return Parsed(node: .literal(.string(name)), height: 1)
        default: break
        }
        guard isSymbol(.leftParen) else {
            if name.hasPrefix("@") { throw .syntax("a collection operator ('\(name)') must follow a key", at: column) }
            // `self` is the value itself (the current iterate item), as in `ValuePath`.
            let first: [ValuePath.Component] = name == "self" ? [] : [.key(name)]
            return Parsed(node: .path(ValuePath(components: first)), height: 1)
        }
        let arguments = try parseArguments(of: name, labels: true)
        let values = arguments.map(\.value)
        if name == ExpressionFunctions.localizedName, arguments.count != 1 || arguments[0].label != nil {
            throw .syntax("localized() takes one argument, the key of a string: localized('thanks')", at: column)
        }
        guard name == "String" else {
            return try make(.function(name, values.map(\.node), column: column), values, column: column)
        }
        guard let first = arguments.first, first.label == "format",
            arguments.dropFirst().allSatisfy({ $0.label == nil })
        else {
            throw .syntax("String(...) is only String(format: format, values...)", at: column)
        }
        let rest = Array(values.dropFirst())
        return try make(.format(first.value.node, rest.map(\.node), column: column), values, column: column)
    }

    /// `( [label:] value, ... )`, the current token being the `(`. Labels are kept for
    /// `String(format:)`; host functions receive the values only.
    private mutating func parseArguments(of name: String, labels: Bool) throws(ExpressionError) -> [(label: String?, value: Parsed)] {
        let open = current.column
        advance()
        var arguments: [(label: String?, value: Parsed)] = []
        while !isSymbol(.rightParen) {
            var label: String?
            if case .identifier(let text) = current.kind, let after = next, after.kind == .symbol(.colon) {
                guard labels else { throw .syntax("\(name)() takes no argument labels", at: current.column) }
                label = text
                advance()
                advance()
            }
            arguments.append((label, try parseExpression()))
            if isSymbol(.comma) { advance() } else { break }
        }
        try expect(.rightParen, "expected ',' or ')' in the arguments of \(name) that began at column \(open)")
        return arguments
    }

    /// One whole expression, which must use every token up to `.end`.
    mutating func parseWhole() throws(ExpressionError) -> Parsed {
        let parsed = try parseExpression()
        guard case .end = current.kind else {
            throw .syntax("unexpected \(current.display) after the expression", at: current.column)
        }
        return parsed
    }
}
