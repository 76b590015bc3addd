import ArgumentParser
import FormEngine

/// `formctl outbox [list|retry|enable]`: what the webhooks have yet to deliver, and the
/// operator's two levers on it.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List the webhook deliveries pending or failed, retry them, re-enable a webhook.",
        discussion: """
            Every change to a submission writes an event to the outbox in the change's own \
            transaction; serve --webhook and deliver send each to every webhook that takes its \
            type. formctl outbox alone lists what is not delivered yet.
            """,
        subcommands: [OutboxListCommand.self, OutboxRetryCommand.self, OutboxEnableCommand.self],
        defaultSubcommand: OutboxListCommand.self
    )
}

extension DeliveryState: ExpressibleByArgument {}
