import Foundation

/// Runs the built `formctl` binary the way a user does and captures what it says.
///
/// The binary is found, in order: at `$FORMCTL_BINARY` (for running these tests against another
/// build); beside this target's resource bundle, which SwiftPM always writes into the same
/// products directory as the executables it builds (`.build/<triple>/debug/`); beside the running
/// test executable. Depending on the `formctl` target in Package.swift makes `swift test` build it.
struct FormctlProcess {
    struct Result: CustomStringConvertible {
        var exitCode: Int32
        var stdout: String
        var stderr: String
        var timedOut: Bool

        var description: String { "exit \(exitCode)\(timedOut ? " (timed out)" : "")\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    struct NotFound: Error, CustomStringConvertible {
        var tried: [String]
        var description: String { "formctl binary not found; tried: \(tried.joined(separator: ", "))" }
    }

    static func binaryPath() throws -> String {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["FORMCTL_BINARY"], !override.isEmpty {
            candidates.append(override)
        }
        candidates.append(Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("formctl").path)
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("formctl").path)
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw NotFound(tried: candidates)
        }
        return found
    }

    /// A fixture's full path in this target's resource bundle.
    static func fixture(_ name: String) throws -> String {
        let url = Bundle.module.bundleURL.appendingPathComponent("Fixtures").appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw NotFound(tried: [url.path]) }
        return url.path
    }

    /// Runs `formctl arguments...` in `directory`, feeding `stdin`; kills it after `timeout` seconds.
    static func run(
        _ arguments: [String], stdin: String = "", directory: String? = nil, timeout: TimeInterval = 30
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try binaryPath())
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment

        // Output goes to files, not pipes, so that a chatty child never blocks on a full pipe
        // while the test waits for it to exit.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("formctl-e2e-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
            FileManager.default.createFile(atPath: errURL.path, contents: nil)
        else { throw NotFound(tried: [scratch.path]) }
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
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()

        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                process.terminate()
                process.waitUntilExit()
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
        return Result(
            exitCode: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8),
            timedOut: timedOut)
    }
}
