import Foundation

/// Runs the `store-fault-writer` executable that `swift test` builds next to the test binary.
///
/// Found from this process's own executable (`/proc/self/exe` on Linux, the xctest bundle
/// binary elsewhere), walking up a few directories to the products folder; the environment
/// variable FORMSTORE_FAULT_WRITER overrides it.
enum FaultWriter {
    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String { "store-fault-writer not found; searched \(searched)" }
    }

    static func executable() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["FORMSTORE_FAULT_WRITER"] {
            return URL(fileURLWithPath: override)
        }
        let selfPath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: selfPath).deletingLastPathComponent()
        var searched: [String] = []
        for _ in 0..<5 {
            let candidate = directory.appending(path: "store-fault-writer")
            searched.append(candidate.path)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw NotFound(searched: searched)
    }

    /// A running child whose stdout can be read line by line.
    final class Child {
        let process = Process()
        private let output = Pipe()
        private let errors = Pipe()
        private var buffer = Data()

        init(_ arguments: [String], executable: URL? = nil, workingDirectory: URL? = nil) throws {
            process.executableURL = try executable ?? FaultWriter.executable()
            process.arguments = arguments
            if let workingDirectory { process.currentDirectoryURL = workingDirectory }
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// Blocks until the child prints `line` (true) or closes stdout first (false).
        func waitFor(line: String) -> Bool {
            while let text = nextLine() {
                if text == line { return true }
            }
            return false
        }

        /// Blocks until the child prints its next line; nil once stdout is closed.
        func nextLine() -> String? {
            while true {
                if let newline = buffer.firstIndex(of: 10) {
                    let text = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    return text
                }
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                buffer.append(chunk)
            }
        }

        func kill() {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// Waits for exit and returns the status with everything printed on stderr.
        func finish() -> (status: Int32, stderr: String) {
            process.waitUntilExit()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, text)
        }
    }

    /// Runs to completion and returns the exit status and stderr.
    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        try Child(arguments).finish()
    }
}
