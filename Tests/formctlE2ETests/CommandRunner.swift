import Foundation
import TestSupport

/// Runs the built `formctl` binary as a user does and captures what it says.
///
/// The binary is found at `$FORMCTL_BINARY` if set, else beside the test executable (SwiftPM
/// writes both into `.build/<configuration>/`), else in the checkout's `.build/debug/`.
/// The test target depends on `formctl`, so `swift test` builds it first.
struct CommandRunner {
    struct Result: CustomStringConvertible {
        var exitCode: Int32
        var stdout: String
        var stderr: String
        var stdoutData: Data

        var description: String { "exit \(exitCode)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func binaryPath() throws -> String {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["FORMCTL_BINARY"], !override.isEmpty {
            candidates.append(override)
        }
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("formctl").path)
        }
        candidates.append(RepositoryFiles.path(".build/debug/formctl"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "formctl binary not found; tried \(candidates.joined(separator: ", "))")
        }
        return found
    }

    /// One of the project's example forms in `forms/` (tested where they live, so that the
    /// examples people run are the ones tested), or else a fixture in `Tests/Fixtures/`.
    static func fixture(_ name: String) throws -> String {
        try RepositoryFiles.fixture(name)
    }

    /// `forms/NAME` in the checkout this test was built from.
    static func exampleForm(_ name: String) -> String {
        RepositoryFiles.path("forms/" + name)
    }

    /// Runs `formctl arguments...` in `directory` (a fresh temporary one if nil) with `stdin`;
    /// gives up after `timeout` seconds. `executable` runs something else (a wrapper that runs
    /// formctl, given formctl's path among the arguments); `environment` adds variables.
    static func run(
        _ arguments: [String], stdin: String = "", directory: String? = nil, timeout: TimeInterval = 30, executable: String? = nil,
        environment extra: [String: String] = [:]
    ) throws -> Result {
        try BuiltTraits.require(for: arguments)
        let scratch = directory == nil ? try Scratch() : nil
        let directory = directory ?? scratch?.directory ?? FileManager.default.temporaryDirectory.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable ?? binaryPath())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "FORMCTL_DB")
        // formctl speaks the locale's language: the messages a test reads are English unless
        // it gives a language itself, whatever the machine running the tests is set to.
        environment.removeValue(forKey: "LC_ALL")
        environment.removeValue(forKey: "LC_MESSAGES")
        environment["LANG"] = "C.UTF-8"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        // Files rather than pipes, so a chatty child never blocks on a full pipe.
        let outURL = URL(fileURLWithPath: directory).appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = URL(fileURLWithPath: directory).appendingPathComponent(".stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
            FileManager.default.createFile(atPath: errURL.path, contents: nil)
        else { throw Failure(description: "cannot create output files in \(directory)") }
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        let input = Pipe()
        process.standardInput = input
        try process.run()
        // Written from another thread: a large stdin must not block while the child writes.
        let writer = input.fileHandleForWriting
        let bytes = Data(stdin.utf8)
        let feeding = Thread {
            writer.write(bytes)
            try? writer.close()
        }
        feeding.start()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                throw Failure(description: "formctl \(arguments.joined(separator: " ")) timed out after \(timeout)s")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        let outData = try Data(contentsOf: outURL)
        return Result(
            exitCode: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            stdoutData: outData)
    }
}

/// A temporary directory per test, removed afterwards, with a database path in it.
final class Scratch {
    private let temporary: TemporaryDirectory
    var directory: String { temporary.path }
    var db: String { directory + "/formctl.sqlite" }

    init() throws {
        temporary = try TemporaryDirectory(prefix: "formctl-e2e")
    }

    func path(_ name: String) -> String { temporary.path(name) }

    func rows(_ sql: String) throws -> String { try SQLiteShell.run(db, sql) }

    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    /// `formctl ARGS --db <this test's database>`.
    func formctl(_ arguments: [String], stdin: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run(arguments + ["--db", db], stdin: stdin, directory: directory)
    }

    /// Imports NDJSON lines into this test's database and expects every line stored.
    func importAll(_ form: String, _ lines: [String]) throws -> CommandRunner.Result {
        let file = try write("import-\(UUID().uuidString).ndjson", lines.joined(separator: "\n") + "\n")
        return try formctl(["import", try CommandRunner.fixture(form), file])
    }
}
