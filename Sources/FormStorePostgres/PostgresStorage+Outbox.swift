import FormStore
import struct Foundation.Date
import PostgresNIO

/// The outbox on PostgreSQL: events come from the statement triggers of
/// migrations/postgres/0006_outbox.sql, in the transaction of each change, which also NOTIFY
/// every process listening (`outboxSignals()`).
extension PostgresStorage {
    /// The columns `event(_:)` decodes, from `outbox_events e`.
    static let eventColumns = """
        e.sequence, e.id, e.type, e.submission_id, e.submission_uuid::text, e.form_name, e.revision, \
        \(PostgresSQL.utcText("e.occurred_at"))
        """

    /// Whether event `e` is of subscription `s`'s types.
    static let typeMatches = "(s.event_types IS NULL OR e.type = ANY (string_to_array(s.event_types, ',')))"

    typealias EventRow = (Int64, String, String, Int64, String, String, Int, String)

    static func event(_ row: EventRow) throws -> SubmissionEvent {
        let (sequence, id, typeName, submissionID, uuid, formName, revision, occurred) = row
        guard let type = SubmissionEventType(rawValue: typeName) else {
            throw StoreError.malformedValue(table: "outbox_events", id: sequence, column: "type", value: typeName)
        }
        guard let occurredAt = Timestamp.parse(occurred) else {
            throw StoreError.malformedValue(table: "outbox_events", id: sequence, column: "occurred_at", value: occurred)
        }
        return SubmissionEvent(sequence: sequence, id: id, type: type, submissionID: submissionID, submissionUUID: uuid,
                               formName: formName, revision: revision, occurredAt: occurredAt)
    }

    package func events(after sequence: Int64, limit: Int) async throws(StorageError) -> [SubmissionEvent] {
        try await call("reading events after \(sequence)") { connection in
            let rows = try await connection.run(
                "SELECT \(Self.eventColumns) FROM \(tables.outboxEvents) e WHERE e.sequence > $1 ORDER BY e.sequence LIMIT $2",
                [.integer(sequence), .integer(Int64(max(0, limit)))], logger: logger)
            var events: [SubmissionEvent] = []
            for try await row in rows.decode(EventRow.self) { events.append(try Self.event(row)) }
            return events
        }
    }

    package func lastEventSequence() async throws(StorageError) -> Int64 {
        try await call("reading the last event's sequence") { connection in
            try await connection.run("SELECT coalesce(max(sequence), 0) FROM \(tables.outboxEvents)", logger: logger).first(Int64.self) ?? 0
        }
    }

    package func subscription(named name: String, eventTypes: Set<SubmissionEventType>?) async throws(StorageError)
        -> OutboxSubscription
    {
        try await write("subscribing \(name)") { [self] connection in
            try await connection.transaction(logger: logger) { connection in
                try await connection.run(
                    """
                    INSERT INTO \(tables.outboxSubscriptions) (name, event_types, cursor, created_at)
                    VALUES ($1, $2, (SELECT coalesce(max(sequence), 0) FROM \(tables.outboxEvents)), $3::timestamptz)
                    ON CONFLICT (name) DO NOTHING
                    """, [.text(name), .optional(OutboxEventTypes.text(eventTypes)), .timestamp(Timestamp.now())], logger: logger)
                guard let existing = try await subscription(where: "name = $1 FOR UPDATE", .text(name), on: connection) else {
                    throw StoreError.malformedValue(table: "outbox_subscriptions", id: 0, column: "name", value: name)
                }
                guard existing.eventTypes != eventTypes else { return existing }
                // The events written so far go by the types they were written under.
                try await materialise(subscriptionID: existing.id, on: connection)
                try await connection.run("UPDATE \(tables.outboxSubscriptions) SET event_types = $1 WHERE id = $2",
                                         [.optional(OutboxEventTypes.text(eventTypes)), .integer(existing.id)], logger: logger)
                return OutboxSubscription(id: existing.id, name: existing.name, eventTypes: eventTypes,
                                          disabledAt: existing.disabledAt, disabledReason: existing.disabledReason)
            }
        }
    }

    package func subscriptions() async throws(StorageError) -> [OutboxSubscription] {
        try await call("listing subscriptions") { connection in
            try await subscriptions(connection.run(subscriptionSelect + " ORDER BY id", logger: logger))
        }
    }

    package func setSubscriptionDisabled(name: String, reason: String?, at: Date) async throws(StorageError) -> OutboxSubscription? {
        try await write(reason == nil ? "enabling \(name)" : "disabling \(name)") { [self] connection in
            try await connection.transaction(logger: logger) { connection in
                try await subscriptions(connection.run(
                    """
                    UPDATE \(tables.outboxSubscriptions) SET disabled_at = $1::timestamptz, disabled_reason = $2 WHERE name = $3
                    RETURNING id, name, event_types, \(PostgresSQL.utcText("disabled_at")), disabled_reason
                    """, [reason == nil ? .null : .timestamp(Timestamp.format(at)), .optional(reason), .text(name)],
                    logger: logger)).first
            }
        }
    }

    /// Gives the events after the subscription's cursor that are of its types a pending
    /// delivery each, due from when they occurred, and moves the cursor past every event they
    /// were chosen from: one statement, so one snapshot decides both. Inside the caller's
    /// transaction, which holds the subscription's row lock.
    func materialise(subscriptionID id: Int64, on connection: PostgresConnection) async throws {
        try await connection.run(
            """
            WITH subscription AS (SELECT id, cursor, event_types FROM \(tables.outboxSubscriptions) WHERE id = $1),
            new AS (
                SELECT e.sequence, e.submission_uuid, e.occurred_at, e.type
                FROM \(tables.outboxEvents) e, subscription s WHERE e.sequence > s.cursor
            ),
            queued AS (
                INSERT INTO \(tables.outboxDeliveries) (subscription_id, event_sequence, submission_uuid, state, attempts, next_attempt_at)
                SELECT s.id, e.sequence, e.submission_uuid, 'pending', 0, e.occurred_at FROM new e, subscription s
                WHERE \(Self.typeMatches)
            )
            UPDATE \(tables.outboxSubscriptions)
            SET cursor = GREATEST(cursor, coalesce((SELECT max(sequence) FROM new), 0)) WHERE id = $1
            """, [.integer(id)], logger: logger)
    }

    var subscriptionSelect: String {
        "SELECT id, name, event_types, \(PostgresSQL.utcText("disabled_at")), disabled_reason FROM \(tables.outboxSubscriptions)"
    }

    func subscription(where condition: String, _ value: QueryValue, on connection: PostgresConnection) async throws
        -> OutboxSubscription?
    {
        try await subscriptions(connection.run(subscriptionSelect + " WHERE " + condition, [value], logger: logger)).first
    }

    func subscriptions(_ rows: PostgresRowSequence) async throws -> [OutboxSubscription] {
        var subscriptions: [OutboxSubscription] = []
        for try await (id, name, typeNames, disabled, reason) in rows.decode((Int64, String, String?, String?, String?).self) {
            guard let types = OutboxEventTypes.parse(typeNames) else {
                throw StoreError.malformedValue(table: "outbox_subscriptions", id: id, column: "event_types", value: typeNames ?? "")
            }
            let disabledAt = try disabled.map { text in
                guard let date = Timestamp.parse(text) else {
                    throw StoreError.malformedValue(table: "outbox_subscriptions", id: id, column: "disabled_at", value: text)
                }
                return date
            }
            subscriptions.append(OutboxSubscription(id: id, name: name, eventTypes: types, disabledAt: disabledAt,
                                                    disabledReason: reason))
        }
        return subscriptions
    }

    /// Wakes after any process's change to a submission (NOTIFY, heard on a connection of its
    /// own that reconnects when it drops) and after this storage's own writes.
    package func outboxSignals() -> AsyncStream<Void> {
        let stream = outboxBroadcast.stream()
        outboxListener.start()
        return stream
    }
}
