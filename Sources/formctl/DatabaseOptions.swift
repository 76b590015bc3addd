import ArgumentParser
import FormEngine
import FormStore

/// `--db PATH`, else `FORMCTL_DB`, else `./formctl.sqlite`; created and migrated on first use.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("The SQLite database.", valueName: "PATH"))
    var path: String?

    var resolvedPath: String {
        if let path { return path }
        if let fromEnvironment = Terminal.environment("FORMCTL_DB"), !fromEnvironment.isEmpty { return fromEnvironment }
        return "formctl.sqlite"
    }

    /// Opens the store; any failure (unwritable directory, not a database, newer schema) exits 3.
    func openStore(readOnly: Bool = false) throws -> SubmissionStore {
        do {
            return try SubmissionStore(path: resolvedPath, readOnly: readOnly)
        } catch {
            throw CommandFailure("formctl: cannot open database \(resolvedPath): \(error)", exitCode: .storage)
        }
    }

    func openEngine() throws -> FormEngine {
        FormEngine(store: try openStore())
    }
}
