import ArgumentParser
import FormEngine
import FormStore
import Glibc

/// `--db PATH`, else `FORMCTL_DB`, else `./formctl.sqlite`; created and migrated on first use
/// by the commands that write. `--busy-timeout` is how long to wait for another writer.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("The SQLite database.", valueName: "PATH"))
    var path: String?

    @Option(
        name: .customLong("busy-timeout"),
        help: ArgumentHelp("Seconds to wait while another process holds the database's lock, before giving up (default 5).", valueName: "SECONDS"))
    var busyTimeout: Double = 5

    func validate() throws {
        guard busyTimeout.isFinite, busyTimeout >= 0, busyTimeout <= 86_400 else {
            throw ValidationError("--busy-timeout takes a number of seconds from 0 to 86400, not \(busyTimeout)")
        }
    }

    var resolvedPath: String {
        if let path { return path }
        if let fromEnvironment = Terminal.environment("FORMCTL_DB"), !fromEnvironment.isEmpty { return fromEnvironment }
        return "formctl.sqlite"
    }

    var busyDuration: Duration { .milliseconds(Int64((busyTimeout * 1000).rounded())) }

    /// Opens the store; any failure (unwritable directory, not a database, another program's
    /// database, newer schema) exits 3. With `readOnly` (list, dump, show) nothing is created or
    /// migrated: a missing file is an error, and a file in a read-only directory is read.
    func openStore(readOnly: Bool = false, adoptingForeignDatabase: Bool = false) throws -> SubmissionStore {
        if readOnly { try requireExistingFile() }
        do {
            return try SubmissionStore(path: resolvedPath, readOnly: readOnly, busyTimeout: busyDuration,
                                       adoptingForeignDatabase: adoptingForeignDatabase)
        } catch {
            throw CommandFailure("formctl: cannot open database \(resolvedPath): \(error)", exitCode: .storage)
        }
    }

    /// A command that only reads must not create the database: a misspelled --db would
    /// otherwise become an empty new file and look like a database with nothing in it.
    func requireExistingFile() throws {
        var info = stat()
        guard stat(resolvedPath, &info) == 0 else {
            throw CommandFailure(
                "formctl: no database at \(resolvedPath) (\(String(cString: strerror(errno)))); fill, import or migrate create one",
                exitCode: .storage)
        }
    }

    func openEngine() throws -> FormEngine {
        FormEngine(store: try openStore())
    }
}
