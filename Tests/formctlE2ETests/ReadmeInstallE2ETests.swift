import Foundation
import Testing
import TestSupport

/// README's install lines, run as written in a fresh home directory (the release build they
/// start with replaced by the formctl under test): every directory they install into must be
/// made first, and the formctl they install must be the one `formctl` then runs.
@Suite struct ReadmeInstallE2ETests {
    /// The lines of the first `sh` block under `## Install`.
    static func installLines() throws -> [String] {
        let readme = try String(contentsOfFile: RepositoryFiles.path("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Install\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "\n```").first)
        return block.split(separator: "\n").map(String.init)
    }

    @Test func theInstallLinesWorkInAFreshHome() throws {
        let lines = try Self.installLines()
        #expect(lines.first?.hasPrefix("swift build -c release --product formctl") == true, "\(lines)")
        let home = try TemporaryDirectory(prefix: "formctl-home")
        let binary = try CommandRunner.binaryPath()
        let script = (["set -e"] + lines.dropFirst().map { $0.replacingOccurrences(of: ".build/release/formctl", with: binary) })
            .joined(separator: "\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: RepositoryFiles.path("."))
        process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(said)\(complaints)")
        #expect(complaints.isEmpty, "\(complaints)")
        // The last line is `formctl --version` run from PATH: the installed copy answers.
        #expect(said == (try CommandRunner.run(["--version"])).stdout, "\(said)")
        let manager = FileManager.default
        #expect(manager.isExecutableFile(atPath: home.path(".local/bin/formctl")))
        #expect(manager.fileExists(atPath: home.path(".local/share/man/man1/formctl.1")))
        let completions = try String(contentsOfFile: home.path(".local/share/bash-completion/completions/formctl"), encoding: .utf8)
        #expect(completions.contains("formctl"), "\(completions)")
    }
}
