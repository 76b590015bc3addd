import Foundation
import Testing

/// Drafts are found (`list --drafts`) and submissions removed (`delete`), and the packaging
/// commands a user installs formctl with (`--version`, `completions`).
@Suite struct DraftsAndDeleteE2ETests {
    static let signup = CommandRunner.exampleForm("signup.json")

    @Test func listDraftsShowsIdsFormsAndUpdatedTimesNewestFirst() throws {
        let scratch = try Scratch()
        #expect(try scratch.formctl(["fill", Self.signup, "--draft", "--set", "name=Ann"]).stdout == "saved draft 1\n")
        #expect(try scratch.formctl(["fill", Self.signup, "--draft", "--set", "name=Bo"]).stdout == "saved draft 2\n")
        let listed = try scratch.formctl(["list", "--drafts"])
        #expect(listed.exitCode == 0, "\(listed)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "ID  FORM    VERSION  UPDATED")
        #expect(lines.dropFirst().map { String($0.prefix(2)) } == [" 2", " 1"])
        let json = try scratch.formctl(["list", "--drafts", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
        #expect(array.map { $0["id"] as? Int } == [2, 1] && array.allSatisfy { $0["form"] as? String == "signup" })
    }

    @Test func deleteNeedsYesWithoutATerminalAndAnUnknownIdDeletesNothing() throws {
        let scratch = try Scratch()
        _ = try scratch.formctl(["fill", Self.signup, "--draft", "--set", "name=Ann"])
        _ = try scratch.formctl(["fill", Self.signup, "--draft", "--set", "name=Bo"])
        let unasked = try scratch.formctl(["delete", "1"])
        #expect(unasked.exitCode == 2 && unasked.stderr.contains("--yes"), "\(unasked)")
        let unknown = try scratch.formctl(["delete", "1", "9", "--yes"])
        #expect(unknown.exitCode == 1 && unknown.stderr.contains("no submission with id 9") && unknown.stderr.contains("nothing was deleted"), "\(unknown)")
        #expect(try scratch.formctl(["list", "--drafts", "--json"]).stdout.contains(#""id": 1,"#))
        let deleted = try scratch.formctl(["delete", "1", "2", "--yes"])
        #expect(deleted.exitCode == 0 && deleted.stdout == "deleted draft 1\ndeleted draft 2\n", "\(deleted)")
        #expect(try scratch.formctl(["show", "1"]).exitCode == 1)
    }

    /// The commands that read, and those that only change what is stored (edit, review, delete,
    /// purge): a mistyped --db is an error, never a new empty database.
    @Test func readingCommandsRefuseADatabaseThatDoesNotExist() throws {
        let scratch = try Scratch()
        for command in [["list"], ["list", "--drafts"], ["dump"], ["show", "1"], ["show", "1", "--history"], ["delete", "1", "--yes"],
                        ["edit", "1", "--set", "name=Bo"], ["review", "1", "approved"], ["purge", "--yes"]] {
            let result = try CommandRunner.run(command + ["--db", scratch.path("typo.sqlite")], directory: scratch.directory)
            #expect(result.exitCode == 3 && result.stderr.contains("no database at"), "\(command): \(result)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("typo.sqlite")), "\(command)")
        }
    }

    @Test func versionAndCompletionScripts() throws {
        let version = try CommandRunner.run(["--version"])
        #expect(version.exitCode == 0 && version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(version)")
        for (shell, marker) in [("bash", "-F _formctl formctl"), ("zsh", "#compdef formctl"), ("fish", "complete -c 'formctl'")] {
            let script = try CommandRunner.run(["completions", shell])
            #expect(script.exitCode == 0 && script.stdout.contains(marker), "\(shell): \(script.stdout.prefix(200))")
            #expect(script.stdout.contains("dump") && script.stdout.contains("list"), "\(shell)")
        }
        #expect(try CommandRunner.run(["completions", "powershell"]).exitCode == 2)
    }
}
