#if Webhooks
import ArgumentParser
import FormEngine
import FormWebhooks

/// `formctl deliver --webhook URL ...`: one pass over the outbox without a server, for cron.
struct DeliverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deliver",
        abstract: "Attempt every webhook delivery that is due once, then exit (for cron, without serve).",
        discussion: """
            A webhook receives the events written after it was first used (by serve or deliver): \
            the first run only subscribes it. A failed attempt is scheduled again per \
            --webhook-first-retry and attempted by a later run once it is due. Prints how many \
            were delivered, are retrying, failed for good (formctl outbox retry) and which webhooks \
            answered 410 Gone (disabled: formctl outbox enable URL). Safe beside a running serve \
            or another deliver: each delivery is claimed by one of them.
            Exit codes: 0 every attempt delivered (or none was due), 1 an attempt failed, \
            2 usage, 3 the database is missing or cannot be opened (deliver never creates one).
            """
    )

    @OptionGroup var webhooks: WebhookOptions

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if webhooks.urls.isEmpty { throw ValidationError("deliver needs at least one --webhook URL and its --webhook-secret-file") }
    }

    func run() async throws {
        let subscriptions = try webhooks.subscriptions()
        // A misspelled --db in a crontab must not quietly become a new, empty database.
        if !database.isPostgres { try database.requireExistingFile() }
        let engine = try await database.openEngine()
        let deliverer = WebhookDeliverer(engine: engine, subscriptions: subscriptions, options: webhooks.deliveryOptions)
        let report: WebhookDeliveryReport
        do { report = try await deliverer.deliverDue() } catch {
            await deliverer.shutdown()
            throw CommandFailure("formctl: cannot deliver from \(engine.database): \(error)", exitCode: .storage)
        }
        await deliverer.shutdown()
        Terminal.printOut("delivered \(report.delivered), retrying \(report.retrying), failed \(report.failed)")
        for url in report.disabled {
            Terminal.printError("\(url) answered 410 Gone: disabled (formctl outbox enable \(url) when it takes webhooks again)")
        }
        if report.retrying + report.failed > 0 || !report.disabled.isEmpty { throw CommandFailure.silent(.invalid) }
    }
}
#endif
