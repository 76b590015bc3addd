/// Walks the tree once, charging one step per node against the context's budget.
///
/// The tree's height is bounded at parse time, so recursion here is bounded too; the budget
/// bounds the total work. Errors leave with a column; one that has none yet (the budget ran out
/// at a leaf) takes the column of the nearest enclosing node that has one.
struct ExpressionEvaluator {
    let context: ExpressionContext
    private(set) var steps = 0

    init(context: ExpressionContext) { self.context = context }

    mutating func evaluate(_ node: ExpressionNode) throws(ExpressionError) -> FormValue {
        steps += 1
        guard steps <= context.stepLimit else {
            throw .evaluation("the expression needs more than \(context.stepLimit) evaluation steps", at: nil)
        }
        switch node {
        case .literal(let value):
            return value
        case .path(let path):
            return context.lookup(path) ?? .null
        case .array(let elements):
            var values: [FormValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try evaluate(element)) }
            return .array(values)
        case .interpolation(let parts):
            var text = ""
            for part in parts {
                let piece = try evaluate(part).expressionText
                try ExpressionLimits.checkString(bytes: text.utf8.count + piece.utf8.count, column: nil)
                text += piece
            }
            return .string(text)
        case .member(let base, let name):
            return Self.member(name, of: try evaluate(base))
        case .conditional(let condition, let then, let otherwise):
            return try evaluate(condition).isTruthy ? evaluate(then) : evaluate(otherwise)
        case .index(let base, let index, let column):
            let container = try evaluate(base, at: column)
            return try Self.element(of: container, at: try evaluate(index, at: column), column: column)
        case .count(let base, let column):
            return try Self.count(of: try evaluate(base, at: column), column: column)
        case .unary(let op, let operand, let column):
            let value = try evaluate(operand, at: column)
            return op == .not ? .bool(!value.isTruthy) : try ExpressionArithmetic.negate(value, column: column)
        case .binary(let op, let left, let right, let column):
            return try binary(op, left, right, column: column)
        case .method(let receiver, .localized, _, let column):
            let value = try evaluate(receiver, at: column)
            if value.isNull { return .null }
            return try localized(value, column: column)
        case .method(let receiver, let method, let arguments, let column):
            let value = try evaluate(receiver, at: column)
            let result = try ExpressionMethods.call(method, on: value, with: try evaluate(arguments, at: column), column: column,
                                                   deadline: context.deadline)
            return try ExpressionLimits.checked(result, column: column)
        case .format(let format, let arguments, let column):
            let text = try evaluate(format, at: column)
            guard case .string(let pattern) = text else {
                throw .evaluation("String(format:) needs a string format, found \(text.typeName)", at: column)
            }
            let formatted = try ExpressionFormat.format(pattern, try evaluate(arguments, at: column), column: column)
            return try ExpressionLimits.checked(.string(formatted), column: column)
        case .function(let name, let arguments, let column):
            return try ExpressionLimits.checked(try call(name, try evaluate(arguments, at: column), column: column), column: column)
        }
    }

    private mutating func evaluate(_ node: ExpressionNode, at column: Int) throws(ExpressionError) -> FormValue {
        do { return try evaluate(node) } catch { throw error.located(at: column) }
    }

    private mutating func evaluate(_ nodes: [ExpressionNode], at column: Int) throws(ExpressionError) -> [FormValue] {
        var values: [FormValue] = []
        values.reserveCapacity(nodes.count)
        for node in nodes { values.append(try evaluate(node, at: column)) }
        return values
    }

    /// `&&`, `||` and `??` evaluate their right side only when needed.
    private mutating func binary(
        _ op: ExpressionBinaryOperator, _ leftNode: ExpressionNode, _ rightNode: ExpressionNode, column: Int
    ) throws(ExpressionError) -> FormValue {
        let left = try evaluate(leftNode, at: column)
        switch op {
        case .and: return .bool(left.isTruthy ? try evaluate(rightNode, at: column).isTruthy : false)
        case .or: return .bool(left.isTruthy ? true : try evaluate(rightNode, at: column).isTruthy)
        case .nilCoalescing: return left.isNull ? try evaluate(rightNode, at: column) : left
        default: break
        }
        let right = try evaluate(rightNode, at: column)
        switch op {
        case .equal: return .bool(left.expressionEquals(right))
        case .notEqual: return .bool(!left.expressionEquals(right))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = try left.expressionOrder(right, column: column) else { return .bool(false) }
            switch op {
            case .less: return .bool(order < 0)
            case .lessOrEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        default:
            return try ExpressionArithmetic.apply(op, left, right, column: column)
        }
    }

    /// The form's string for `key` in its language (`ExpressionFunctions.strings`), else the
    /// key itself: a lookup, nothing is run.
    private func localized(_ key: FormValue, column: Int) throws(ExpressionError) -> FormValue {
        guard case .string(let name) = key else {
            throw .evaluation("localized() needs a string key, found \(key.typeName)", at: column)
        }
        return .string(context.functions.strings[name] ?? name)
    }

    private func call(_ name: String, _ arguments: [FormValue], column: Int) throws(ExpressionError) -> FormValue {
        if name == ExpressionFunctions.localizedName, let key = arguments.first {
            return try localized(key, column: column)
        }
        guard let function = context.functions.lookup(name) else {
            let names = context.functions.names
            let known = names.isEmpty ? "no functions are registered" : "registered: " + names.joined(separator: ", ")
            throw .evaluation("unknown function '\(name)'; \(known)", at: column)
        }
        do {
            return try function(arguments)
        } catch let error as ExpressionError {
            throw .evaluation("\(name)(): \(error.message)", at: column)
        } catch {
            throw .evaluation("\(name)(): \(error)", at: column)
        }
    }
}
