import Foundation

/// Claims, outcomes and the listing of the outbox's deliveries.
extension StoreState {
    /// Whether delivery `d` waits for an earlier event of its submission (order per submission).
    func waitsForEarlierEvent(_ d: String = "d") -> String {
        """
        EXISTS (SELECT 1 FROM \(tables.outboxDeliveries) p WHERE p.subscription_id = \(d).subscription_id AND p.state = 'pending'
                AND p.submission_uuid = \(d).submission_uuid AND p.event_sequence < \(d).event_sequence)
        """
    }

    /// One write transaction (`BEGIN IMMEDIATE`): no other writer, in this process or another,
    /// claims between the choice of rows and their lease.
    func claimDeliveries(subscriptionID: Int64, owner: String, now: Date, leaseUntil: Date, limit: Int) throws -> [ClaimedDelivery] {
        try transaction {
            guard let subscription = try subscription(where: "id = ?", .integer(subscriptionID)), subscription.disabledAt == nil else {
                return []
            }
            try materialise(subscriptionID: subscriptionID)
            let nowText = Timestamp.format(now)
            let due = try connection.query(
                """
                SELECT \(Self.eventColumns), d.attempts
                FROM \(tables.outboxDeliveries) d JOIN \(tables.outboxEvents) e ON e.sequence = d.event_sequence
                WHERE d.subscription_id = ? AND d.state = 'pending' AND d.next_attempt_at <= ?
                  AND (d.lease_until IS NULL OR d.lease_until <= ?) AND NOT \(waitsForEarlierEvent())
                ORDER BY d.event_sequence LIMIT ?
                """, [.integer(subscriptionID), .text(nowText), .text(nowText), .integer(Int64(max(0, limit)))],
                operation: "claiming deliveries of subscription \(subscriptionID)"
            ) { row in ClaimedDelivery(subscriptionID: subscriptionID, event: try Self.event(row), attempt: row.int(8) + 1) }
            for claim in due {
                try connection.run(
                    "UPDATE \(tables.outboxDeliveries) SET lease_owner = ?, lease_until = ? WHERE subscription_id = ? AND event_sequence = ?",
                    [.text(owner), .text(Timestamp.format(leaseUntil)), .integer(subscriptionID), .integer(claim.event.sequence)],
                    operation: "leasing event \(claim.event.sequence) of subscription \(subscriptionID)")
            }
            return due
        }
    }

    func recordDelivery(subscriptionID: Int64, eventSequence: Int64, owner: String, outcome: DeliveryOutcome, at: Date) throws -> Bool {
        let set: String
        var values: [SQLiteValue]
        switch outcome {
        case .delivered:
            set = "state = 'delivered', delivered_at = ?, last_status = NULL, last_error = NULL"
            values = [.text(Timestamp.format(at))]
        case let .retry(next, status, error):
            set = "next_attempt_at = ?, last_status = ?, last_error = ?"
            values = [.text(Timestamp.format(next)), status.map { .integer(Int64($0)) } ?? .null, .text(error)]
        case let .exhausted(status, error):
            set = "state = 'failed', last_status = ?, last_error = ?"
            values = [status.map { .integer(Int64($0)) } ?? .null, .text(error)]
        }
        values += [.integer(subscriptionID), .integer(eventSequence), .text(owner)]
        try connection.run(
            """
            UPDATE \(tables.outboxDeliveries) SET \(set), attempts = attempts + 1, lease_owner = NULL, lease_until = NULL
            WHERE subscription_id = ? AND event_sequence = ? AND lease_owner = ? AND state = 'pending'
            """, values, operation: "recording an attempt at event \(eventSequence) for subscription \(subscriptionID)")
        return connection.changes == 1
    }

    /// Materialised deliveries and, as pending ones not yet attempted, the events after each
    /// subscription's cursor: `formctl outbox` shows what is owed even before a deliverer ran.
    func outbox(_ query: OutboxQuery) throws -> [OutboxEntry] {
        let states = (query.states ?? [.pending, .failed]).map(\.rawValue).sorted()
        var values: [SQLiteValue] = states.map { .text($0) }
        var named = ""
        if let name = query.subscription {
            named = " AND s.name = ?"
            values.append(.text(name))
        }
        var sql = """
            SELECT \(Self.eventColumns), s.name, d.state, d.attempts, d.next_attempt_at, d.last_status, d.last_error, s.id
            FROM \(tables.outboxDeliveries) d JOIN \(tables.outboxEvents) e ON e.sequence = d.event_sequence
            JOIN \(tables.outboxSubscriptions) s ON s.id = d.subscription_id
            WHERE d.state IN (\(states.map { _ in "?" }.joined(separator: ", ")))\(named)
            """
        if states.contains(DeliveryState.pending.rawValue) {
            sql += """

                UNION ALL
                SELECT \(Self.eventColumns), s.name, 'pending', 0, e.occurred_at, NULL, NULL, s.id
                FROM \(tables.outboxSubscriptions) s JOIN \(tables.outboxEvents) e ON e.sequence > s.cursor
                WHERE \(Self.typeMatches)\(named)
                """
            if let name = query.subscription { values.append(.text(name)) }
        }
        sql += " ORDER BY 1, 15 LIMIT ?"
        values.append(.integer(Int64(max(0, query.limit))))
        return try connection.query(sql, values, operation: "listing the outbox") { row in
            let event = try Self.event(row)
            guard let state = DeliveryState(rawValue: row.text(9)) else {
                throw StoreError.malformedValue(table: "outbox_deliveries", id: event.sequence, column: "state", value: row.text(9))
            }
            return OutboxEntry(event: event, subscription: row.text(8), state: state, attempts: row.int(10),
                               nextAttemptAt: state == .pending ? row.withText(11, Timestamp.parse) : nil,
                               lastStatus: row.isNull(12) ? nil : row.int(12), lastError: row.optionalText(13))
        }
    }

    func retryDeliveries(eventID: String?, subscription: String?, now: Date) throws -> Int {
        var condition: String
        var values: [SQLiteValue] = [.text(Timestamp.format(now))]
        if let eventID {
            condition = "state IN ('failed', 'pending') AND event_sequence IN (SELECT sequence FROM \(tables.outboxEvents) WHERE id = ?)"
            values.append(.text(eventID))
        } else {
            condition = "state = 'failed'"
        }
        if let subscription {
            condition += " AND subscription_id IN (SELECT id FROM \(tables.outboxSubscriptions) WHERE name = ?)"
            values.append(.text(subscription))
        }
        try connection.run(
            "UPDATE \(tables.outboxDeliveries) SET state = 'pending', attempts = 0, next_attempt_at = ? WHERE \(condition)",
            values, operation: "retrying deliveries")
        return connection.changes
    }

    /// In one read transaction, so the counts are of one moment.
    func outboxCounts(now: Date) throws -> OutboxCounts {
        let nowText = Timestamp.format(now)
        return try connection.readTransaction {
            let queued = "FROM \(tables.outboxSubscriptions) s JOIN \(tables.outboxEvents) e ON e.sequence > s.cursor WHERE \(Self.typeMatches)"
            let counts = try connection.queryFirst(
                """
                SELECT (SELECT count(*) FROM \(tables.outboxDeliveries) WHERE state = 'pending') + (SELECT count(*) \(queued)),
                       (SELECT count(*) FROM \(tables.outboxDeliveries) WHERE state = 'failed'),
                       (SELECT min(d.next_attempt_at) FROM \(tables.outboxDeliveries) d
                        JOIN \(tables.outboxSubscriptions) s ON s.id = d.subscription_id
                        WHERE d.state = 'pending' AND s.disabled_at IS NULL AND (d.lease_until IS NULL OR d.lease_until <= ?)
                          AND NOT \(waitsForEarlierEvent())),
                       (SELECT min(e.occurred_at) \(queued) AND s.disabled_at IS NULL)
                """, [.text(nowText)], operation: "counting the outbox"
            ) { row in (row.int(0), row.int(1), row.optionalText(2).flatMap(Timestamp.parse), row.optionalText(3).flatMap(Timestamp.parse)) }
            guard let (pending, failed, due, queuedAt) = counts else { return OutboxCounts(pending: 0, failed: 0, oldestDueAt: nil) }
            let oldest = [due, queuedAt].compactMap { $0 }.min()
            return OutboxCounts(pending: pending, failed: failed, oldestDueAt: oldest)
        }
    }
}
