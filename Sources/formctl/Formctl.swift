import ArgumentParser
import FormCore

/// The `formctl` command: fill, import, dump, check and render QuickDialog-style forms.
struct Formctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formctl",
        abstract: "Fill, validate, store and export QuickDialog JSON forms.",
        discussion: """
            Exit codes: 0 done, 1 invalid input (definition or values), 2 usage, \
            3 storage or I/O, 130 interrupted.
            """,
        version: FormctlVersion.current,
        subcommands: [
            FillCommand.self, ImportCommand.self, DumpCommand.self, CheckCommand.self, RenderCommand.self,
            SchemaCommand.self, ListCommand.self, ShowCommand.self, FileCommand.self, EditCommand.self, ReviewCommand.self, DeleteCommand.self,
            PurgeCommand.self, MigrateCommand.self, OutboxCommand.self, CompletionsCommand.self,
        ] + Formctl.serverCommands + Formctl.webhookCommands
    )

    /// `formctl` alone is a usage error (exit 2), not a request for help (argument-parser's
    /// default, exit 0): a script that forgot its subcommand must not look like it succeeded.
    func run() async throws {
        throw ValidationError("give a subcommand: fill, import, dump, check, render, schema, list, show, file, edit, review, delete, purge, migrate, outbox or completions (formctl --help lists them)")
    }
}

extension Formctl {
    /// `serve` and its access tokens when formctl is built with the Server trait; without it,
    /// commands of the same names that say how to build them.
    static var serverCommands: [any ParsableCommand.Type] {
        #if Server
        return [ServeCommand.self, TokenCommand.self]
        #else
        return [UnbuiltServeCommand.self, UnbuiltTokenCommand.self]
        #endif
    }

    /// Signing secrets and delivery without a server when formctl is built with the Webhooks
    /// trait; without it, commands of the same names that say how to build them.
    static var webhookCommands: [any ParsableCommand.Type] {
        #if Webhooks
        return [WebhookSecretCommand.self, DeliverCommand.self]
        #else
        return [UnbuiltWebhookSecretCommand.self, UnbuiltDeliverCommand.self]
        #endif
    }
}

/// Runs the command and maps every failure to formctl's exit codes; argument-parser's own
/// usage exit code (64) becomes 2, as the README promises.
@main
enum Main {
    static func main() async {
        let code = await run()
        await OpenEngines.closeAll()
        Terminal.exit(code)
    }

    /// Runs the command, printing what a failure says; returns the exit code.
    static func run() async -> FormctlExitCode {
        do {
            var command = try Formctl.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return .done
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty { Terminal.printError(CLIMessages.text(failure.message)) }
            return failure.exitCode
        } catch {
            let code = Formctl.exitCode(for: error)
            let message = Formctl.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Terminal.printOut(message) }
                return .done
            }
            if !message.isEmpty { Terminal.printError(CLIMessages.text(message)) }
            return code == .validationFailure ? .usage : FormctlExitCode(rawValue: code.rawValue) ?? .usage
        }
    }
}
