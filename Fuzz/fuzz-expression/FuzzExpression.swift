import FormCore
import FuzzSupport

/// Any text as an `@{...}` expression: parsed, and when it parses, evaluated against values of
/// every type, within the step limit. Errors are values; nothing crashes or runs away.
enum FuzzExpression {
    static let values: FormValue = [
        "name": "Ann", "age": 42, "ratio": 0.5, "ok": true, "none": nil,
        "list": [1, 2, 3], "people": [["name": "a", "age": 1], ["name": "b", "age": 2]], "map": ["k": "v"],
    ]

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let text = FuzzInputs.text(bytes) else { return }
        let context = ExpressionContext(data: values)
        if let expression = try? FormExpression(parsing: text) {
            _ = try? expression.evaluate(in: context)
        }
        // The same text as a property value: literal text around `@{...}` parts.
        if let property = try? PropertyExpression(parsing: text) {
            _ = try? property.evaluate(in: context)
        }
    }
}

@main enum Main { static func main() { FuzzInputs.main(FuzzExpression.run) } }
