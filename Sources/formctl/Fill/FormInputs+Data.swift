import FormCore
import FormEngine

/// Data that does not have the classes the form declares is the data file's fault, not the
/// form's: its messages name the data file (`data.json: error: user.age: expected Int, found
/// "forty"`), so that a person knows which of the two files to open.
extension FormInputs {
    /// How messages name a data file: its path, `standard input` for `-`.
    static func dataSource(_ path: String) -> String { path == "-" ? "standard input" : path }

    /// `issues` with those about the data placed in `dataFile` (without a line, column or
    /// include chain of the definition's: their paths are the data's). Without a data file the
    /// data is the declared defaults alone, and the issues stay where they were found.
    static func placingData(_ issues: [DefinitionIssue], from dataFile: String?) -> [DefinitionIssue] {
        guard let dataFile else { return issues }
        return issues.map { $0.isAboutData ? $0.placed(inDataFile: dataSource(dataFile)) : $0 }
    }

    /// An engine refusal of the data given with --data: each mismatch printed naming the data
    /// file, exit 1. Nil for any other refusal (the caller says it as it did).
    static func dataFailure(_ error: FormEngineError, dataFile: String?) -> CommandFailure? {
        guard case .definition(let definitionError) = error, definitionError.errors.contains(where: \.isAboutData) else { return nil }
        for issue in placingData(definitionError.issues, from: dataFile) {
            Terminal.printError(CLIMessages.text(issue.description))
        }
        return .silent(.invalid)
    }
}
