import ArgumentParser

/// The `formctl` command: fill, import, dump, check and render QuickDialog-style forms.
struct Formctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formctl",
        abstract: "Fill, validate, store and export QuickDialog JSON forms.",
        discussion: """
            Exit codes: 0 done, 1 invalid input (definition or values), 2 usage, \
            3 storage or I/O, 130 interrupted.
            """,
        subcommands: [
            CheckCommand.self, RenderCommand.self,
            ImportCommand.self, DumpCommand.self, ListCommand.self, ShowCommand.self, MigrateCommand.self,
        ]
    )
}

/// Runs the command and maps every failure to formctl's exit codes; argument-parser's own
/// usage exit code (64) becomes 2, as the README promises.
@main
enum Main {
    static func main() async {
        do {
            var command = try Formctl.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty { Terminal.printError(failure.message) }
            Terminal.exit(failure.exitCode)
        } catch {
            let code = Formctl.exitCode(for: error)
            let message = Formctl.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Terminal.printOut(message) }
                Terminal.exit(.done)
            }
            if !message.isEmpty { Terminal.printError(message) }
            Terminal.exit(code == .validationFailure ? .usage : FormctlExitCode(rawValue: code.rawValue) ?? .usage)
        }
    }
}
