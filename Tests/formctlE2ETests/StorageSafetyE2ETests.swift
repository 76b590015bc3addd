import FormStore
import Foundation
import Testing

/// The database and output files formctl is pointed at: devices, directories, FIFOs and other
/// programs' databases refused untouched; read-only commands create nothing and work from a
/// read-only directory; --output never follows a planted link; a lock names its option.
@Suite struct StorageSafetyE2ETests {
    @Test func aDatabasePathThatIsNotAFileIsRefusedUntouched() throws {
        let scratch = try Scratch()
        #expect(mkfifo(scratch.path("fifo.sqlite"), 0o600) == 0)
        for (path, kind) in [("/dev/null", "a character device"), (scratch.directory, "a directory"), (scratch.path("fifo.sqlite"), "a FIFO (named pipe)")] {
            for command in [["list"], ["migrate"], ["import", try CommandRunner.fixture("contacts.json"), "-"]] {
                let result = try CommandRunner.run(command + ["--db", path], stdin: "{}", directory: scratch.directory, timeout: 10)
                #expect(result.exitCode == 3, "\(command) \(path): \(result)")
                #expect(result.stderr.contains("\(path) is \(kind), not a database file"), "\(command) \(path): \(result)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal") && !FileManager.default.fileExists(atPath: "/dev/null-wal"))
    }

    @Test func anotherProgramsDatabaseIsRefusedUnlessAdopted() throws {
        let scratch = try Scratch()
        let other = scratch.path("other-app.sqlite")
        try SQLiteShell.run(other, "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'ann');")
        let before = try Data(contentsOf: URL(fileURLWithPath: other))
        for command in [["list"], ["dump"], ["migrate"], ["migrate", "--status"], ["fill", try CommandRunner.fixture("contacts.json"), "--no-input"]] {
            let result = try CommandRunner.run(command + ["--db", other], directory: scratch.directory)
            #expect(result.exitCode == 3, "\(command): \(result)")
            #expect(result.stderr.contains("is not a formctl database: it has tables (users) and no record of formctl's migrations"), "\(command): \(result)")
            // The library names its options; formctl names the flags that set them.
            #expect(result.stderr.contains("give a table prefix (--table-prefix)") && result.stderr.contains("run formctl migrate --adopt")
                    && !result.stderr.contains("store option"), "\(command): \(result)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before, "nothing was written")
        #expect(try SQLiteShell.run(other, "PRAGMA journal_mode") == "delete\n")
        let adopted = try CommandRunner.run(["migrate", "--adopt", "--db", other], directory: scratch.directory)
        #expect(adopted.exitCode == 0 && adopted.stdout.contains("applied 0001_init.sql"), "\(adopted)")
        #expect(try SQLiteShell.run(other, "SELECT name FROM users") == "ann\n")
        #expect(try CommandRunner.run(["list", "--db", other], directory: scratch.directory).exitCode == 0)
    }

    @Test func readOnlyCommandsWorkInAReadOnlyDirectory() throws {
        let scratch = try Scratch()
        #expect(try scratch.importAll("contacts.json", [#"{"name":"Ann","email":"ann@example.com"}"#]).exitCode == 0)
        let directory = scratch.path("readonly")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let db = directory + "/formctl.sqlite"
        try FileManager.default.copyItem(atPath: scratch.db, toPath: db)
        #expect(chmod(db, 0o644) == 0 && chmod(directory, 0o555) == 0)
        defer { chmod(directory, 0o755) }
        for command in [["list"], ["dump", "--format", "ndjson"], ["show", "1"], ["migrate", "--status"]] {
            let result = try Self.runUnprivileged(command + ["--db", db], in: scratch.directory)
            #expect(result.exitCode == 0, "\(command): \(result)")
        }
        let dumped = try Self.runUnprivileged(["dump", "--format", "ndjson", "--db", db], in: scratch.directory)
        #expect(dumped.stdout.contains(#""name":"Ann""#), "\(dumped)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["formctl.sqlite"], "no -wal or -shm file")
    }

    /// The command as a user who cannot write to a 0555 directory: root can, so when the tests
    /// run as root the command runs as nobody.
    static func runUnprivileged(_ arguments: [String], in directory: String) throws -> CommandRunner.Result {
        guard getuid() == 0 else { return try CommandRunner.run(arguments, directory: directory) }
        return try CommandRunner.run(["--reuid=65534", "--regid=65534", "--clear-groups", try CommandRunner.binaryPath()] + arguments,
                                     directory: directory, executable: "/usr/bin/setpriv")
    }

    @Test func outputNeverFollowsALinkPlantedBesideIt() throws {
        let scratch = try Scratch()
        #expect(try scratch.importAll("contacts.json", [#"{"name":"Ann","email":"ann@example.com"}"#]).exitCode == 0)
        let victim = try scratch.write("victim.txt", "precious\n")
        let target = scratch.path("out.json")
        #expect(symlink(victim, target + ".tmp") == 0)
        let written = try scratch.formctl(["dump", "--output", target])
        #expect(written.exitCode == 0, "\(written)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("\"Ann\""))
        // A link at the target itself is replaced by the file, not written through.
        try FileManager.default.removeItem(atPath: target)
        #expect(symlink(victim, target) == 0)
        #expect(try scratch.formctl(["dump", "--output", target]).exitCode == 0)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.type] as? FileAttributeType == .typeRegular)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.directory).filter { $0.hasSuffix(".tmp") && $0 != "out.json.tmp" }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aLockedDatabaseNamesTheOptionThatWaitsLonger() throws {
        let scratch = try Scratch()
        #expect(try scratch.formctl(["migrate"]).exitCode == 0)
        // sqlite3 holds the write lock until its stdin closes.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["sqlite3", scratch.db]
        let input = Pipe()
        holder.standardInput = input
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE; INSERT INTO forms (name) VALUES ('held');\n".utf8))
        Thread.sleep(forTimeInterval: 0.5)
        let result = try CommandRunner.run(["fill", try CommandRunner.fixture("contacts.json"), "--no-input", "--db", scratch.db,
                                            "--set", "name=A", "--set", "email=a@example.com", "--action", "sendToCRM=true",
                                            "--busy-timeout", "0.2"], directory: scratch.directory)
        #expect(result.exitCode == 3, "\(result)")
        #expect(result.stderr.contains("--busy-timeout SECONDS"), "\(result)")
        let badValue = try CommandRunner.run(["list", "--db", scratch.db, "--busy-timeout", "-1"], directory: scratch.directory)
        #expect(badValue.exitCode == 2, "\(badValue)")
    }

    /// `--db ""` (an unset shell variable) is a usage error that says so, for every command.
    @Test func anEmptyDatabasePathIsAUsageError() throws {
        let scratch = try Scratch()
        for command in [["fill", try CommandRunner.fixture("contacts.json"), "--no-input", "--set", "name=A"], ["list"], ["dump"]] {
            let result = try CommandRunner.run(command + ["--db", ""], directory: scratch.directory)
            #expect(result.exitCode == 2 && result.stderr.contains("--db takes a file path"), "\(command): \(result)")
        }
    }
}
