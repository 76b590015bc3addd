@testable import FormCore

/// The data and host functions every expression table runs against.
enum ExpressionFixture {
    static let data: FormValue = [
        "user": ["name": "Ada Lovelace", "age": 36, "email": " ADA@Example.com "],
        "items": [["title": "Pen", "price": 1.5], ["title": "Ink", "price": 2]],
        "count": 3, "a": true, "b": false, "c": true, "zero": 0, "pi": 3.14159, "empty": "",
        "tags": ["x", "y"], "i": 1, "name": "Bob", "price": 2.675,
    ]

    struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }

    static var functions: ExpressionFunctions {
        var functions = ExpressionFunctions()
        functions.register("double") { args in
            guard let n = args.first?.intValue else { return .null }
            return .int(n * 2)
        }
        functions.register("join") { args in .string(args.map(\.expressionText).joined()) }
        functions.register("fail") { _ in throw Boom() }
        return functions
    }

    static func context(stepLimit: Int = ExpressionContext.defaultStepLimit) -> ExpressionContext {
        ExpressionContext(data: data, functions: functions, stepLimit: stepLimit)
    }

    /// Parses and evaluates in one go, the way the tables need it.
    static func run(_ source: String, stepLimit: Int = ExpressionContext.defaultStepLimit) throws(ExpressionError) -> FormValue {
        try FormExpression(parsing: source).evaluate(in: context(stepLimit: stepLimit))
    }
}
