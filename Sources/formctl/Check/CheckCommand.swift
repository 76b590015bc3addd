import ArgumentParser
import FormCore
import FormEngine

/// `formctl check`: lint definitions. Everything found is reported in one run, each with its
/// JSON path, line and column; errors fail it, warnings (unknown properties, key paths the data
/// lacks, names only the data could supply) are printed and do not.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check form definitions: every error with its JSON path, line and column.",
        discussion: "Exit 0 when every file is valid (warnings allowed), 1 when any has errors, 3 when a file cannot be read."
    )

    @Argument(help: "Definition files to check.", completion: .file(extensions: ["json"]))
    var forms: [String]

    @Option(help: "The data the forms will be bound to: key paths and expression names it lacks are reported. Without it, each NAME.json is checked with NAME-data.json beside it when there is one, as serve binds it, and a section built from data it has none for is reported.")
    var data: String?

    @Option(name: .customLong("action"), help: ArgumentHelp("An action routed to a program (as for fill), so that it is not reported as unhandled.", valueName: "NAME=PROGRAM"))
    var actions: [String] = []

    @OptionGroup var includes: IncludeOptions

    func validate() throws {
        if forms.isEmpty { throw ValidationError("give at least one FORM.json to check") }
    }

    func run() throws {
        let given = try data.map { try FormInputs.loadJSON($0, what: "data") }
        let known = Set(FormEngine.builtInActions + (try ActionRoutes.parse(actions)).map(\.name))
        var worst = FormctlExitCode.done
        for path in forms {
            // --data is every form's; without it each form's own data file beside it, if any.
            let dataFile = FormInputs.dataFile(for: path, given: data)
            let boundData = try data == nil ? dataFile.map { try FormInputs.loadJSON($0, what: "data") } : given
            let check = DefinitionCheck(lint: DefinitionLint(knownActions: known, data: boundData), dataFile: dataFile.map(FormInputs.dataSource))
            let inspected = DefinitionLoader(includeRoots: includes.roots).inspect(path: path)
            var issues = inspected.issues
            if let definition = inspected.definition { issues += check.issues(in: definition) }
            issues = DefinitionCheck.ordered(issues)
            issues.forEach { Terminal.printError(CLIMessages.text($0.description)) }
            let exitCode: FormctlExitCode
            if issues.contains(where: { $0.code == .unreadableFile }) {
                exitCode = .storage
            } else if issues.contains(where: \.isError) {
                exitCode = .invalid
            } else {
                let warnings = issues.count
                Terminal.printOut("\(path): ok" + (warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : ""))
                continue
            }
            if exitCode.rawValue > worst.rawValue { worst = exitCode }
        }
        if worst != .done { throw CommandFailure.silent(worst) }
    }
}
