import FormCore
import FormEngine
import Glibc

/// Data that does not have the classes the form declares is the data file's fault, not the
/// form's: its messages name the data file (`data.json: error: user.age: expected Int, found
/// "forty"`), so that a person knows which of the two files to open.
extension FormInputs {
    /// What every command taking `--data` says of it in its help.
    static let dataHelp = "Data to bind the form to (JSON), checked against the data the form declares; declared names it lacks take their defaults. Without it, NAME-data.json beside NAME.json is bound when there is one, as serve binds it."

    /// The data file a command binds `form` to: `given` (--data) when there is one, else
    /// `NAME-data.json` beside `NAME.json` when it exists, as serve binds the forms it serves;
    /// nil for none.
    static func dataFile(for form: String, given: String?) -> String? {
        if let given { return given }
        guard let beside = dataFileBeside(form) else { return nil }
        return access(beside, F_OK) == 0 ? beside : nil
    }

    /// `NAME-data.json` for `NAME.json`, whether or not it exists; nil for a name without `.json`.
    static func dataFileBeside(_ form: String) -> String? {
        form.hasSuffix(".json") && form.utf8.count > 5 ? String(form.dropLast(5)) + "-data.json" : nil
    }

    /// The data `form` is bound to (see `dataFile(for:given:)`) and the file it was read from;
    /// nil data when there is no file.
    static func boundData(for form: String, given: String?) throws -> (file: String?, data: FormValue?) {
        let file = dataFile(for: form, given: given)
        return (file, try file.map { try loadJSON($0, what: "data") })
    }

    /// The key paths `loaded` builds fields from that its data lacks (`iterateproperties:tools`
    /// with no `tools`), a repeat a person grows aside: the answers for those fields have no
    /// field to go to.
    static func missingDataSources(of loaded: LoadedForm) -> [String] {
        Binder.bind(loaded.definition, to: loaded.data).misses.filter { $0.source == .items }.map(\.keyPath)
    }

    /// `error` said with why its field is missing when it lies under one of `sources` and the
    /// form was bound to no data: `tools: no field has this key (its fields are built from the
    /// data's 'tools', and no data was given: ...)`.
    static func explainingMissingData(_ error: FieldError, sources: [String], form: String) -> String {
        let said = error.path.isEmpty ? error.message : error.description
        guard let source = sources.first(where: { error.path == $0 || error.path.hasPrefix($0 + ".") }) else { return said }
        let beside = dataFileBeside(form) ?? "NAME-data.json"
        return said + " (its fields are built from the data's '\(source)', and no data was given: --data FILE, or \(beside))"
    }

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
