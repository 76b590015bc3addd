/// What an expression may read while it is evaluated: values by key path, host functions, and a
/// budget of steps. Nothing else is reachable, which is what keeps evaluation pure.
package struct ExpressionContext: Sendable {
    /// The steps an evaluation may take unless told otherwise; one step per node visited.
    package static let defaultStepLimit = 10_000

    /// Resolves a key path; nil means missing. The caller decides the order (form values by
    /// element key, then the current iterate item, then the bound data).
    package var lookup: @Sendable (ValuePath) -> FormValue?
    /// Functions the host registered, callable as `name(arguments)`.
    package var functions: ExpressionFunctions
    /// Nodes an evaluation may visit before it fails with an evaluation error.
    package var stepLimit: Int
    /// When a fill with a time limit must stop: `matches()` on a long text stops there with an
    /// evaluation error (one node can cost seconds, so the step limit does not bound it).
    package var deadline: ContinuousClock.Instant?

    package init(
        functions: ExpressionFunctions = ExpressionFunctions(),
        stepLimit: Int = ExpressionContext.defaultStepLimit,
        lookup: @escaping @Sendable (ValuePath) -> FormValue?
    ) {
        self.lookup = lookup
        self.functions = functions
        self.stepLimit = stepLimit
    }

    /// A context that reads key paths from one value (KVC rules of `FormValue.value(at:)`).
    package init(
        data: FormValue,
        functions: ExpressionFunctions = ExpressionFunctions(),
        stepLimit: Int = ExpressionContext.defaultStepLimit
    ) {
        self.init(functions: functions, stepLimit: stepLimit) { path in data.value(at: path) }
    }
}

/// Functions a host registers for expressions, looked up by name at evaluation.
///
/// A function gets the argument values (labels are dropped) and returns a value; an error it
/// throws becomes an evaluation error carrying the error's description.
public struct ExpressionFunctions: Sendable {
    /// Takes the argument values in order and returns the result; throw to fail the evaluation.
    public typealias Function = @Sendable ([FormValue]) throws -> FormValue

    private var table: [String: Function] = [:]

    /// The form's strings in the language it is compiled in (`FormDefinition.strings(for:)`):
    /// what `localized('key')` and `'key'.localized()` read. Set by `CompiledForm`.
    package var strings: [String: String] = [:]

    /// The built-in lookup of the form's strings; a host cannot replace it.
    static let localizedName = "localized"

    package init() {}

    /// Adds or replaces `name`. `String` is taken by `String(format:)` and `localized` by the
    /// form's strings, and cannot be registered (they would never be called), so registering
    /// them is ignored.
    package mutating func register(_ name: String, _ function: @escaping Function) {
        guard name != "String", name != Self.localizedName else { return }
        table[name] = function
    }

    /// The function registered as `name`, if any.
    package func lookup(_ name: String) -> Function? { table[name] }

    /// Registered names, sorted: for "unknown function" messages and for a linter.
    package var names: [String] { table.keys.sorted() }
}
