/// `+ - * / %` and unary minus, with Swift's number rules: int with int stays int (division
/// truncates), anything with a double is a double. Overflow and division by zero are errors
/// rather than traps or infinities, because a form must never crash the process that runs it.
enum ExpressionArithmetic {
    static func apply(_ op: ExpressionBinaryOperator, _ left: FormValue, _ right: FormValue, column: Int) throws(ExpressionError) -> FormValue {
        if op == .add, let joined = try concatenation(left, right, column: column) { return joined }
        switch (left, right) {
        case (.int(let a), .int(let b)):
            return try integer(op, a, b, column: column)
        default:
            guard let a = left.doubleValue, let b = right.doubleValue else {
                throw .evaluation("cannot apply '\(op.rawValue)' to \(left.typeName) and \(right.typeName)", at: column)
            }
            return try floating(op, a, b, column: column)
        }
    }

    /// `+` on text: string + string, and a string with a number, bool or nil on either side
    /// (nil counts as ""), joins their display texts; array + array joins the arrays. The size of
    /// the result is checked before it is built (`ExpressionLimits`).
    private static func concatenation(_ left: FormValue, _ right: FormValue, column: Int) throws(ExpressionError) -> FormValue? {
        switch (left, right) {
        case (.string, .string), (.string, .int), (.string, .double), (.string, .bool), (.string, .null),
            (.int, .string), (.double, .string), (.bool, .string), (.null, .string):
            let a = left.expressionText, b = right.expressionText
            try ExpressionLimits.checkString(bytes: a.utf8.count + b.utf8.count, column: column)
            return .string(a + b)
        case (.array(let a), .array(let b)):
            try ExpressionLimits.checkArray(count: a.count + b.count, column: column)
            return .array(a + b)
        default: return nil
        }
    }

    private static func integer(_ op: ExpressionBinaryOperator, _ a: Int, _ b: Int, column: Int) throws(ExpressionError) -> FormValue {
        let result: (partialValue: Int, overflow: Bool)
        switch op {
        case .add: result = a.addingReportingOverflow(b)
        case .subtract: result = a.subtractingReportingOverflow(b)
        case .multiply: result = a.multipliedReportingOverflow(by: b)
        case .divide, .remainder:
            guard b != 0 else { throw .evaluation("division by zero", at: column) }
            result = op == .divide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
        default:
            throw .evaluation("'\(op.rawValue)' is not arithmetic", at: column)
        }
        guard !result.overflow else { throw .evaluation("integer overflow in \(a) \(op.rawValue) \(b)", at: column) }
        return .int(result.partialValue)
    }

    private static func floating(_ op: ExpressionBinaryOperator, _ a: Double, _ b: Double, column: Int) throws(ExpressionError) -> FormValue {
        switch op {
        case .add: return .double(a + b)
        case .subtract: return .double(a - b)
        case .multiply: return .double(a * b)
        case .divide, .remainder:
            guard b != 0 else { throw .evaluation("division by zero", at: column) }
            return .double(op == .divide ? a / b : a.truncatingRemainder(dividingBy: b))
        default:
            throw .evaluation("'\(op.rawValue)' is not arithmetic", at: column)
        }
    }

    static func negate(_ value: FormValue, column: Int) throws(ExpressionError) -> FormValue {
        switch value {
        case .int(let i):
            guard i != .min else { throw .evaluation("integer overflow in -(\(i))", at: column) }
            return .int(-i)
        case .double(let d): return .double(-d)
        default: throw .evaluation("cannot negate \(value.typeName)", at: column)
        }
    }
}
