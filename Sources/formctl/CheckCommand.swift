import ArgumentParser
import FormCore
import FormEngine

/// `formctl check`: lint definitions. Errors fail it; warnings (unknown properties, key paths
/// the data lacks) are printed and do not.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check form definitions: every error with its JSON path, line and column.",
        discussion: "Exit 0 when every file is valid (warnings allowed), 1 when any has errors, 3 when a file cannot be read."
    )

    @Argument(help: "Definition files to check.", completion: .file(extensions: ["json"]))
    var forms: [String]

    @Option(help: "Data to bind to, to find key paths the data lacks.")
    var data: String?

    @Option(name: .customLong("action"), help: ArgumentHelp("An action routed to a program (as for fill), so that it is not reported as unhandled.", valueName: "NAME=PROGRAM"))
    var actions: [String] = []

    @OptionGroup var includes: IncludeOptions

    func validate() throws {
        if forms.isEmpty { throw ValidationError("give at least one FORM.json to check") }
    }

    func run() throws {
        let boundData = try data.map { try FormInputs.loadJSON($0, what: "data") }
        var worst = FormctlExitCode.done
        for path in forms {
            do {
                let loaded = try FormInputs.loadDefinition(path, includes: includes)
                var warnings = loaded.warnings.count
                let known = Set(FormEngine.builtInActions + (try ActionRoutes.parse(actions)).map(\.name))
                let lint = DefinitionLint(knownActions: known).lint(loaded.definition).map { $0.locating(in: loaded.sourceLocations) }
                lint.forEach { Terminal.printError($0.description) }
                if lint.contains(where: \.isError) { throw CommandFailure.silent(.invalid) }
                let evaluation = Self.evaluationIssues(loaded.definition, data: boundData, file: path)
                    .map { $0.locating(in: loaded.sourceLocations) }
                evaluation.forEach { Terminal.printError($0.description) }
                if evaluation.contains(where: \.isError) { throw CommandFailure.silent(.invalid) }
                warnings += lint.count
                if let boundData {
                    let bound = Binder.bind(loaded.definition, to: boundData)
                    for miss in bound.misses { Terminal.printError("\(path): warning: \(miss)") }
                    warnings += bound.misses.count
                }
                Terminal.printOut("\(path): ok" + (warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : ""))
            } catch let failure as CommandFailure {
                if failure.exitCode.rawValue > worst.rawValue { worst = failure.exitCode }
            }
        }
        if worst != .done { throw CommandFailure.silent(worst) }
    }

    /// What only evaluating the form shows, with its defaults and the --data given: cycles
    /// among computed values, and values past the expression limits (fields that each double
    /// the one before), which fill would otherwise meet only when it stores.
    static func evaluationIssues(_ definition: FormDefinition, data: FormValue?, file: String) -> [DefinitionIssue] {
        do {
            let session = try FormSession(definition: definition, data: data ?? .emptyObject)
            return session.evaluationErrors.filter { ExpressionLimits.isExceeded($0.value) }
                .sorted { $0.key < $1.key }
                .map { DefinitionIssue(.error, .limitExceeded, path: $0.key, message: $0.value, file: file) }
        } catch {
            return FormInputs.placed(error.issues, in: file)
        }
    }
}
