import ArgumentParser
import FormEngine
import FormStore
import Glibc

/// `--db PATH|postgres://...`, else `FORMCTL_DB`, else `./formctl.sqlite`; created and
/// migrated on first use by the commands that write. `--busy-timeout` is how long to wait for
/// another SQLite writer; `--table-prefix` puts formctl's tables under a prefix.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("The SQLite database file, or a PostgreSQL server as postgres://user@host/database.", valueName: "PATH|URL"))
    var path: String?

    @Option(name: .customLong("table-prefix"), help: ArgumentHelp("Prefix of formctl's table names, to live in a database that is not only formctl's (lower-case letters, digits, _).", valueName: "PREFIX"))
    var tablePrefix: String = ""

    @Option(
        name: .customLong("busy-timeout"),
        help: ArgumentHelp("Seconds to wait while another process holds the database's lock, before giving up (default 5).", valueName: "SECONDS"))
    var busyTimeout: Double = 5

    func validate() throws {
        guard busyTimeout.isFinite, busyTimeout >= 0, busyTimeout <= 86_400 else {
            throw ValidationError("--busy-timeout takes a number of seconds from 0 to 86400, not \(busyTimeout)")
        }
        if !TableNames.isValid(prefix: tablePrefix) {
            throw ValidationError("--table-prefix takes a lower-case letter, then letters, digits or _ (at most 32), not '\(tablePrefix)'")
        }
    }

    /// True when the database is a PostgreSQL server.
    var isPostgres: Bool { PostgresBackend.isAddress(resolvedPath) }

    /// The database for messages: a path, or the address without its password.
    var displayName: String {
        guard isPostgres else { return resolvedPath }
        return PostgresBackend.displayName(resolvedPath)
    }

    var tables: TableNames { (try? TableNames(prefix: tablePrefix)) ?? .standard }

    var resolvedPath: String {
        if let path { return path }
        if let fromEnvironment = Terminal.environment("FORMCTL_DB"), !fromEnvironment.isEmpty { return fromEnvironment }
        return "formctl.sqlite"
    }

    var busyDuration: Duration { .milliseconds(Int64((busyTimeout * 1000).rounded())) }

    /// Opens the store; any failure (unwritable directory, not a database, another program's
    /// database, newer schema) exits 3. With `readOnly` (list, dump, show) nothing is created or
    /// migrated: a missing file is an error, and a file in a read-only directory is read.
    func openStore(readOnly: Bool = false, adoptingForeignDatabase: Bool = false) async throws -> any SubmissionStorage {
        do {
            let store: any SubmissionStorage
            if isPostgres {
                store = try await PostgresBackend.open(resolvedPath, tables: tables, readOnly: readOnly,
                                                       adoptingForeignDatabase: adoptingForeignDatabase)
            } else {
                if readOnly { try requireExistingFile() }
                store = try SQLiteStorage(path: resolvedPath, readOnly: readOnly, busyTimeout: busyDuration,
                                          adoptingForeignDatabase: adoptingForeignDatabase, tables: tables)
            }
            OpenStores.add(store)
            return store
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("formctl: cannot open database \(displayName): \(error)", exitCode: .storage)
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

    func openEngine() async throws -> FormEngine {
        FormEngine(storage: try await openStore())
    }
}
