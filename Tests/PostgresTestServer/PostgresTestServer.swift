import Foundation
import Synchronization

/// A PostgreSQL server of the tests' own: a fresh cluster (`initdb`) in a temporary directory,
/// listening only on a Unix socket in that directory, stopped and removed at the end. Tests run
/// against a real server, never a mock.
///
/// PostgreSQL refuses to run as root, so when the tests are root the server runs as the
/// `postgres` user Debian's package creates (through `runuser`), and owns its directory.
/// Binaries are looked for in `FORMCTL_PG_BIN`, then on the PATH, then in
/// `/usr/lib/postgresql/<newest>/bin` (where Debian puts them, off the PATH).
public final class PostgresTestServer: Sendable {
    /// The server's directory: `data/` (the cluster), the socket, and `server.log`.
    public let directory: String
    /// The number in the socket's name (`.s.PGSQL.<port>`); no TCP port is opened.
    public let port: Int
    /// Server settings given at start (`-c name=value`), after the tests' own, so they win.
    public let settings: [(name: String, value: String)]
    /// The superuser `initdb` makes; logins over the socket are trusted.
    public static let user = "formctl"
    let binaries: String

    /// Why the tests that need PostgreSQL cannot run here, or nil when they can.
    public static var unavailableReason: String? {
        #if !PostgreSQL
        // Built without the package's PostgreSQL trait (a plain `swift test`), FormEngine and
        // formctl refuse postgres:// addresses, so the tests that give them one cannot pass.
        return "built without the PostgreSQL trait (swift test --traits PostgreSQL,Server,Webhooks runs these)"
        #else
        if binaryDirectory() != nil {
            if geteuid() == 0 && runUser() == nil { return "running as root and runuser is missing" }
            if geteuid() == 0 && getpwnam("postgres") == nil { return "running as root and there is no postgres user to run the server" }
            return nil
        }
        return "PostgreSQL's initdb and pg_ctl were not found (install Debian's postgresql package, as .ci/run does)"
        #endif
    }

    /// The directory that holds initdb, pg_ctl, postgres and psql.
    public static func binaryDirectory() -> String? {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let given = environment["FORMCTL_PG_BIN"] { candidates.append(given) }
        candidates += (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let debian = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []).compactMap(Int.init).sorted(by: >)
        candidates += versions.map { "\(debian)/\($0)/bin" }
        return candidates.first { directory in
            ["initdb", "pg_ctl", "postgres", "psql"].allSatisfy { FileManager.default.isExecutableFile(atPath: "\(directory)/\($0)") }
        }
    }

    static func runUser() -> String? {
        ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// One server for every test of this process, started on first use and stopped when the
    /// process exits.
    public static func shared() throws -> PostgresTestServer {
        try sharedServer.withLock { state in
            if let server = state.server { return server }
            if let failure = state.failure { throw failure }
            do {
                let server = try PostgresTestServer()
                state.server = server
                atexit { PostgresTestServer.stopShared() }
                return server
            } catch {
                state.failure = error
                throw error
            }
        }
    }

    private struct SharedState: @unchecked Sendable {
        var server: PostgresTestServer?
        var failure: (any Error)?
    }
    private static let sharedServer = Mutex(SharedState())

    private static func stopShared() {
        let server = sharedServer.withLock { $0.server }
        server?.destroy()
    }

    /// A new cluster, started with `settings` (e.g. `("fsync", "on")`). Throws with the
    /// server's log when it does not come up.
    public init(port: Int = 5432, settings: [(name: String, value: String)] = []) throws {
        self.settings = settings
        guard let binaries = Self.binaryDirectory() else {
            throw Failure(Self.unavailableReason ?? "PostgreSQL not found")
        }
        self.binaries = binaries
        self.port = port
        directory = FileManager.default.temporaryDirectory.appending(path: "formctl-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        if geteuid() == 0, let owner = getpwnam("postgres") {
            guard chown(directory, owner.pointee.pw_uid, owner.pointee.pw_gid) == 0 else {
                throw Failure("cannot give \(directory) to the postgres user")
            }
        }
        try runServerTool("initdb", ["-D", "\(directory)/data", "-U", Self.user, "-A", "trust", "-E", "UTF8",
                                     "--locale=C.UTF-8", "--no-sync"])
        try start()
    }

    /// Starts the cluster (again, after `stop`), waiting until it accepts connections.
    public func start() throws {
        // Only a Unix socket in the server's own directory; fsync off, as the tests are about
        // what the store commits, not about the disk (the benchmarks keep PostgreSQL's defaults).
        let options = "-k \(directory) -c listen_addresses= -p \(port) -c fsync=off -c max_connections=300"
            + settings.map { " -c \($0.name)=\($0.value)" }.joined()
        try runServerTool("pg_ctl", ["-D", "\(directory)/data", "-l", "\(directory)/server.log", "-w", "-t", "60",
                                     "-o", options, "start"])
    }

    /// Stops the server: `fast` rolls back open transactions and ends, `immediate` ends at
    /// once (as a crash would, recovered at the next start).
    public func stop(mode: String = "fast") throws {
        try runServerTool("pg_ctl", ["-D", "\(directory)/data", "-m", mode, "-w", "stop"])
    }

    /// Stops the server and removes its directory.
    public func destroy() {
        try? stop(mode: "immediate")
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The address of `database` for `--db`, `FORMCTL_DB` and `PostgresAddress`.
    public func url(database: String) -> String {
        "postgres://\(Self.user)@/\(database)?host=\(directory)&port=\(port)"
    }

    /// A new empty database with a unique name; returns its address.
    public func createDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        _ = try psql("CREATE DATABASE \(name)", database: "postgres")
        return url(database: name)
    }

    /// Runs `sql` with psql (stops at the first error) and returns its unaligned output.
    @discardableResult
    public func psql(_ sql: String, database: String) throws -> String {
        try Self.run("\(binaries)/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", directory, "-p", String(port),
                                          "-U", Self.user, "-d", database, "-c", sql])
    }

    /// The database name in an address made by `url(database:)`.
    public static func databaseName(of url: String) -> String {
        let path = url.split(separator: "?")[0]
        return String(path.split(separator: "/").last ?? "")
    }

    /// A server binary, as the postgres user when this process is root.
    private func runServerTool(_ tool: String, _ arguments: [String]) throws {
        let path = "\(binaries)/\(tool)"
        if geteuid() == 0, let runUser = Self.runUser() {
            try Self.run(runUser, ["-u", "postgres", "--", path] + arguments, directory: directory)
        } else {
            try Self.run(path, arguments, directory: directory)
        }
    }

    /// Runs a program to its end and returns its stdout; throws with its stderr when it fails.
    ///
    /// Spawned directly rather than with Foundation's `Process`, which learns that a child has
    /// ended when a socket the child inherits is closed: `pg_ctl start` leaves the server
    /// running with everything pg_ctl inherited, so `Process` would wait for the server to
    /// stop. Here the child gets stdin, stdout and stderr only (every other descriptor is
    /// closed before it starts), so the server holds nothing of this process.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], directory: String? = nil) throws -> String {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "formctl-pg-run-\(UUID().uuidString)").path
        defer {
            unlink(scratch + ".out")
            unlink(scratch + ".err")
        }
        // `sh` changes to the directory first: a tool run as postgres must not start in a
        // directory that user cannot read.
        let argv = ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, directory ?? "/", executable] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard let closeFrom = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            throw Failure("this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later needed)")
        }
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw Failure("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let out = (try? String(contentsOfFile: scratch + ".out", encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: scratch + ".err", encoding: .utf8)) ?? ""
        // Exited normally with 0: the low 7 bits are the signal (none), the next 8 the code.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure("\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status)): \(err)")
        }
        return out
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
