import ArgumentParser
import FormEngine

/// `formctl outbox enable URL`: a webhook disabled by a 410 Gone takes deliveries again.
struct OutboxEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: "Enable a webhook that a receiver disabled with 410 Gone.",
        discussion: """
            Its pending deliveries stayed in the outbox: the next serve --webhook or deliver \
            attempts them. Exit codes: 0 enabled, 1 no such webhook, 3 the database cannot be \
            written.
            """
    )

    @Argument(help: ArgumentHelp("The webhook's URL, as given to --webhook.", valueName: "URL"))
    var url: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        if !database.isPostgres { try database.requireExistingFile() }
        let engine = try await database.openEngine()
        let url = WebhookName.of(url)
        let enabled: OutboxSubscription?
        do { enabled = try await engine.enableSubscription(named: url) } catch {
            throw CommandFailure("formctl: cannot enable \(url) in \(engine.database): \(error)", exitCode: .storage)
        }
        guard enabled != nil else {
            throw CommandFailure("formctl: no webhook \(url) in the outbox of \(engine.database) (a webhook is known once serve or deliver used it)",
                                 exitCode: .invalid)
        }
        Terminal.printOut("enabled webhook \(url)")
    }
}
