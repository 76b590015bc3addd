import ArgumentParser
import FormEngine

/// `formctl outbox [--state pending|failed] [--subscription URL] [--json] [--limit N]`.
struct OutboxListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the deliveries pending or failed, oldest event first (the default of formctl outbox).",
        discussion: """
            One line per event and webhook: the event's id (its webhook-id), type, submission, \
            the webhook, pending or failed, attempts made, when it is next due and the last \
            attempt's error. Delivered events are not listed. A webhook a receiver disabled with \
            410 Gone is named on stderr.
            Exit codes: 0 done, 3 the database cannot be read.
            """
    )

    @Option(help: ArgumentHelp("Only pending or only failed deliveries.", valueName: "STATE"))
    var state: DeliveryState?

    @Option(help: ArgumentHelp("Only the deliveries to this webhook.", valueName: "URL"))
    var subscription: String?

    @Option(help: ArgumentHelp("At most this many deliveries.", valueName: "N"))
    var limit = 100

    @Flag(help: """
        Print JSON: an array of {"event","type","submission","uuid","form","revision","occurred_at","subscription","state","attempts","next_attempt_at","last_status","last_error"}.
        """)
    var json = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if state == .delivered { throw ValidationError("--state takes pending or failed: delivered events are not kept in the listing") }
        guard (1...100_000).contains(limit) else { throw ValidationError("--limit takes 1 to 100000, not \(limit)") }
    }

    func run() async throws {
        let subscription = subscription.map(WebhookName.of)
        let engine = try await database.openEngine(readOnly: true)
        let entries: [OutboxEntry]
        let subscriptions: [OutboxSubscription]
        do {
            entries = try await engine.outbox(OutboxQuery(states: state.map { [$0] }, subscription: subscription, limit: limit))
            subscriptions = try await engine.subscriptions()
        } catch {
            throw CommandFailure("formctl: cannot read the outbox of \(engine.database): \(error)", exitCode: .storage)
        }
        for disabled in subscriptions where disabled.disabledAt != nil && (subscription == nil || subscription == disabled.name) {
            let reason = disabled.disabledReason.map { ": \($0)" } ?? ""
            Terminal.printError("webhook \(disabled.name) is disabled\(reason) (formctl outbox enable \(disabled.name))")
        }
        if json {
            Terminal.printOut(FormValue.array(entries.map(Self.jsonValue)).jsonString(pretty: true))
            return
        }
        if entries.isEmpty {
            Terminal.printError("the outbox of \(engine.database) has nothing \(state.map { "\($0.rawValue)" } ?? "pending or failed")")
            return
        }
        let rows = entries.map { entry in
            [entry.event.id, entry.event.type.shortName, String(entry.event.submissionID), entry.subscription, entry.state.rawValue,
             String(entry.attempts), entry.nextAttemptAt.map(Timestamp.format) ?? "-", entry.lastError ?? "-"]
        }
        Terminal.printOut(TextTable(header: ["EVENT", "TYPE", "SUBMISSION", "WEBHOOK", "STATE", "ATTEMPTS", "NEXT ATTEMPT", "LAST ERROR"],
                                    rows: rows, rightAligned: [2, 5]).rendered)
        if entries.count == limit { Terminal.printError("the first \(limit) shown (--limit)") }
    }

    static func jsonValue(_ entry: OutboxEntry) -> FormValue {
        let event = entry.event
        return [
            "event": .string(event.id), "type": .string(event.type.rawValue), "submission": .int(Int(event.submissionID)),
            "uuid": .string(event.submissionUUID), "form": .string(event.formName), "revision": .int(event.revision),
            "occurred_at": .string(Timestamp.format(event.occurredAt)), "subscription": .string(entry.subscription),
            "state": .string(entry.state.rawValue), "attempts": .int(entry.attempts),
            "next_attempt_at": entry.nextAttemptAt.map { .string(Timestamp.format($0)) } ?? .null,
            "last_status": entry.lastStatus.map { .int($0) } ?? .null, "last_error": entry.lastError.map { .string($0) } ?? .null,
        ]
    }
}
