import Foundation

/// The outbox's reads and writes on one connection. Events are written by the triggers of
/// migrations/0008_outbox.sql; what is here reads them and keeps the deliveries.
extension StoreState {
    /// The columns `event(_:)` decodes, from `outbox_events e`.
    static let eventColumns = "e.sequence, e.id, e.type, e.submission_id, e.submission_uuid, e.form_name, e.revision, e.occurred_at"

    /// Whether event `e` is of subscription `s`'s types.
    static let typeMatches = "(s.event_types IS NULL OR instr(',' || s.event_types || ',', ',' || e.type || ',') > 0)"

    func events(after sequence: Int64, limit: Int) throws -> [SubmissionEvent] {
        try connection.query(
            "SELECT \(Self.eventColumns) FROM \(tables.outboxEvents) e WHERE e.sequence > ? ORDER BY e.sequence LIMIT ?",
            [.integer(sequence), .integer(Int64(max(0, limit)))], operation: "reading events after \(sequence)", Self.event)
    }

    func lastEventSequence() throws -> Int64 {
        try connection.queryFirst("SELECT coalesce(max(sequence), 0) FROM \(tables.outboxEvents)",
                                  operation: "reading the last event's sequence") { $0.int64(0) } ?? 0
    }

    func subscription(named name: String, eventTypes: Set<SubmissionEventType>?) throws -> OutboxSubscription {
        try transaction {
            let types = OutboxEventTypes.text(eventTypes)
            if let existing = try subscription(where: "name = ?", .text(name)) {
                guard existing.eventTypes != eventTypes else { return existing }
                // The events written so far go by the types they were written under.
                try materialise(subscriptionID: existing.id)
                try connection.run("UPDATE \(tables.outboxSubscriptions) SET event_types = ? WHERE id = ?",
                                   [.optional(types), .integer(existing.id)], operation: "changing the event types of \(name)")
            } else {
                try connection.run(
                    """
                    INSERT INTO \(tables.outboxSubscriptions) (name, event_types, cursor, created_at)
                    VALUES (?, ?, (SELECT coalesce(max(sequence), 0) FROM \(tables.outboxEvents)), ?)
                    """, [.text(name), .optional(types), .text(Timestamp.now())], operation: "subscribing \(name)")
            }
            guard let stored = try subscription(where: "name = ?", .text(name)) else {
                throw StoreError.malformedValue(table: "outbox_subscriptions", id: 0, column: "name", value: name)
            }
            return stored
        }
    }

    func subscriptions() throws -> [OutboxSubscription] {
        try connection.query(subscriptionSelect + " ORDER BY id", operation: "listing subscriptions", Self.subscription)
    }

    func setSubscriptionDisabled(name: String, reason: String?, at: Date) throws -> OutboxSubscription? {
        try transaction {
            try connection.run(
                "UPDATE \(tables.outboxSubscriptions) SET disabled_at = ?, disabled_reason = ? WHERE name = ?",
                [reason == nil ? .null : .text(Timestamp.format(at)), .optional(reason), .text(name)],
                operation: reason == nil ? "enabling \(name)" : "disabling \(name)")
            return try subscription(where: "name = ?", .text(name))
        }
    }

    /// Gives the events after the subscription's cursor that are of its types a pending
    /// delivery each, due from when they occurred, and moves the cursor past every event.
    /// Inside the caller's write transaction.
    func materialise(subscriptionID id: Int64) throws {
        try connection.run(
            """
            INSERT INTO \(tables.outboxDeliveries) (subscription_id, event_sequence, submission_uuid, state, attempts, next_attempt_at)
            SELECT s.id, e.sequence, e.submission_uuid, 'pending', 0, e.occurred_at
            FROM \(tables.outboxSubscriptions) s JOIN \(tables.outboxEvents) e ON e.sequence > s.cursor
            WHERE s.id = ? AND \(Self.typeMatches)
            """, [.integer(id)], operation: "queueing new events for subscription \(id)")
        try connection.run(
            """
            UPDATE \(tables.outboxSubscriptions)
            SET cursor = max(cursor, (SELECT coalesce(max(sequence), 0) FROM \(tables.outboxEvents))) WHERE id = ?
            """, [.integer(id)], operation: "moving the cursor of subscription \(id)")
    }

    var subscriptionSelect: String {
        "SELECT id, name, event_types, disabled_at, disabled_reason FROM \(tables.outboxSubscriptions)"
    }

    func subscription(where condition: String, _ value: SQLiteValue) throws -> OutboxSubscription? {
        try connection.queryFirst(subscriptionSelect + " WHERE " + condition, [value], operation: "reading a subscription",
                                  Self.subscription)
    }

    static func subscription(_ row: Statement) throws -> OutboxSubscription {
        let id = row.int64(0)
        guard let types = OutboxEventTypes.parse(row.optionalText(2)) else {
            throw StoreError.malformedValue(table: "outbox_subscriptions", id: id, column: "event_types", value: row.text(2))
        }
        let disabledAt = try row.optionalText(3).map { text in
            guard let date = Timestamp.parse(text) else {
                throw StoreError.malformedValue(table: "outbox_subscriptions", id: id, column: "disabled_at", value: text)
            }
            return date
        }
        return OutboxSubscription(id: id, name: row.text(1), eventTypes: types, disabledAt: disabledAt,
                                  disabledReason: row.optionalText(4))
    }

    /// An event from the columns of `eventColumns`, starting at `first`.
    static func event(_ row: Statement) throws -> SubmissionEvent { try event(row, from: 0) }

    static func event(_ row: Statement, from first: Int32) throws -> SubmissionEvent {
        let sequence = row.int64(first)
        guard let type = SubmissionEventType(rawValue: row.text(first + 2)) else {
            throw StoreError.malformedValue(table: "outbox_events", id: sequence, column: "type", value: row.text(first + 2))
        }
        guard let occurredAt = row.withText(first + 7, Timestamp.parse) else {
            throw StoreError.malformedValue(table: "outbox_events", id: sequence, column: "occurred_at", value: row.text(first + 7))
        }
        return SubmissionEvent(sequence: sequence, id: row.text(first + 1), type: type, submissionID: row.int64(first + 3),
                               submissionUUID: row.text(first + 4), formName: row.text(first + 5), revision: row.int(first + 6),
                               occurredAt: occurredAt)
    }
}
