import ArgumentParser
import FormEngine
import Glibc

/// `--db PATH|postgres://...`, else `FORMCTL_DB`, else `./formctl.sqlite`; created and
/// migrated on first use by the commands that write. `--busy-timeout` is how long to wait for
/// another SQLite writer; `--table-prefix` puts formctl's tables under a prefix. The flags map
/// to the engine's `StoreOptions`.
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
        // An empty path reached SQLite as "" (a temporary database it opens read-only), and the
        // message that came back named no file.
        if path?.isEmpty == true {
            throw ValidationError("--db takes a file path or a postgres:// address, not an empty string")
        }
        guard busyTimeout.isFinite, busyTimeout >= 0, busyTimeout <= 86_400 else {
            throw ValidationError("--busy-timeout takes a number of seconds from 0 to 86400, not \(busyTimeout)")
        }
        if !StoreOptions.isValid(tablePrefix: tablePrefix) {
            throw ValidationError("--table-prefix takes a lower-case letter, then letters, digits or _ (at most 32), not '\(tablePrefix)'")
        }
    }

    /// True when the database is a PostgreSQL server.
    var isPostgres: Bool { FormEngine.isPostgresAddress(resolvedPath) }

    /// The database for messages: a path, or the address without its password.
    var displayName: String { FormEngine.displayName(ofDatabase: resolvedPath) }

    /// The engine's options for these flags.
    func storeOptions(readOnly: Bool = false, adoptingForeignDatabase: Bool = false) -> StoreOptions {
        StoreOptions(tablePrefix: tablePrefix, readOnly: readOnly, adoptingForeignDatabase: adoptingForeignDatabase,
                     busyTimeout: busyDuration)
    }

    var resolvedPath: String {
        if let path { return path }
        if let fromEnvironment = Terminal.environment("FORMCTL_DB"), !fromEnvironment.isEmpty { return fromEnvironment }
        return "formctl.sqlite"
    }

    var busyDuration: Duration { .milliseconds(Int64((busyTimeout * 1000).rounded())) }

    /// Opens the database through the engine; any failure (unwritable directory, not a
    /// database, another program's database, newer schema) exits 3. With `readOnly` (list,
    /// dump, show) nothing is created or migrated: a missing file is an error, and a file in a
    /// read-only directory is read. `main` closes it before the process exits.
    func openEngine(readOnly: Bool = false, adoptingForeignDatabase: Bool = false) async throws -> FormEngine {
        try requireBackend()
        if readOnly && !isPostgres { try requireExistingFile() }
        let engine: FormEngine
        do {
            engine = try await FormEngine(database: resolvedPath,
                                          options: storeOptions(readOnly: readOnly, adoptingForeignDatabase: adoptingForeignDatabase))
        } catch {
            throw CommandFailure("formctl: cannot open database \(displayName): \(error)", exitCode: .storage)
        }
        OpenEngines.add(engine)
        return engine
    }

    /// A postgres:// address in a formctl built without the PostgreSQL trait is a usage error
    /// that says how to build one with it.
    func requireBackend() throws {
        if isPostgres && !FormEngine.supportsPostgreSQL {
            throw CommandFailure("formctl: \(Self.postgresUnavailable)", exitCode: .usage)
        }
    }

    /// What a formctl built without the PostgreSQL trait says to a postgres:// address.
    static let postgresUnavailable = """
        this formctl was built without the PostgreSQL backend; build it with the PostgreSQL trait \
        (swift build -c release --product formctl --traits PostgreSQL)
        """

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
}
