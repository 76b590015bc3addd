import ArgumentParser
import FormEngine

/// `formctl outbox retry EVENT-ID|--all [--subscription URL]`: due now, attempts afresh.
struct OutboxRetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Make an event's deliveries, or every failed one, due now with their attempts counted afresh.",
        discussion: """
            The next serve --webhook or deliver attempts them. Prints how many deliveries were \
            made due. Exit codes: 0 done, 1 no delivery of that event, 2 usage, 3 the database \
            cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("The event's id, evt_ and 32 hex digits (formctl outbox).", valueName: "EVENT-ID"))
    var eventID: String?

    @Flag(help: "Every failed delivery.")
    var all = false

    @Option(help: ArgumentHelp("Only the deliveries to this webhook.", valueName: "URL"))
    var subscription: String?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        switch (eventID, all) {
        case (nil, false): throw ValidationError("give an EVENT-ID (formctl outbox lists them) or --all")
        case (.some, true): throw ValidationError("give an EVENT-ID or --all, not both")
        case (let id?, false):
            let hex = id.dropFirst(4)
            guard id.hasPrefix("evt_"), hex.count == 32, hex.allSatisfy(\.isHexDigit) else {
                throw ValidationError("'\(id)' is not an event id: those are evt_ and 32 hex digits (formctl outbox lists them)")
            }
        default: break
        }
    }

    func run() async throws {
        if !database.isPostgres { try database.requireExistingFile() }
        let subscription = subscription.map(WebhookName.of)
        let engine = try await database.openEngine()
        let count: Int
        do { count = try await engine.retryOutbox(eventID: eventID, subscription: subscription) } catch {
            throw CommandFailure("formctl: cannot retry in the outbox of \(engine.database): \(error)", exitCode: .storage)
        }
        let webhook = subscription.map { " to \($0)" } ?? ""
        if let eventID, count == 0 {
            throw CommandFailure("formctl: no delivery of \(eventID)\(webhook) in the outbox of \(engine.database) (formctl outbox)",
                                 exitCode: .invalid)
        }
        Terminal.printOut("\(count) \(count == 1 ? "delivery" : "deliveries")\(webhook) due now")
    }
}
