import FormStore
import struct Foundation.Date
import PostgresNIO

/// Claims, outcomes and the listing of the outbox's deliveries on PostgreSQL.
extension PostgresStorage {
    /// Whether delivery `d` waits for an earlier event of its submission (order per submission).
    var waitsForEarlierEvent: String {
        """
        EXISTS (SELECT 1 FROM \(tables.outboxDeliveries) p WHERE p.subscription_id = d.subscription_id AND p.state = 'pending'
                AND p.submission_uuid = d.submission_uuid AND p.event_sequence < d.event_sequence)
        """
    }

    /// The subscription's row is locked while its new events get delivery rows (two processes
    /// never queue one event twice); the due rows are taken `FOR UPDATE SKIP LOCKED`, so a
    /// claimer never waits for rows another is leasing, and each goes to one owner.
    package func claimDeliveries(subscriptionID: Int64, owner: String, now: Date, leaseUntil: Date, limit: Int)
        async throws(StorageError) -> [ClaimedDelivery]
    {
        try await write("claiming deliveries of subscription \(subscriptionID)", signalling: false) { [self] connection in
            try await connection.transaction(logger: logger) { connection in
                let enabled = try await connection.run(
                    "SELECT disabled_at IS NULL FROM \(tables.outboxSubscriptions) WHERE id = $1 FOR UPDATE",
                    [.integer(subscriptionID)], logger: logger).first(Bool.self)
                guard enabled == true else { return [] }
                try await materialise(subscriptionID: subscriptionID, on: connection)
                let rows = try await connection.run(
                    """
                    WITH due AS (
                        SELECT d.event_sequence FROM \(tables.outboxDeliveries) d
                        WHERE d.subscription_id = $1 AND d.state = 'pending' AND d.next_attempt_at <= $2::timestamptz
                          AND (d.lease_until IS NULL OR d.lease_until <= $2::timestamptz) AND NOT \(waitsForEarlierEvent)
                        ORDER BY d.event_sequence LIMIT $3 FOR UPDATE OF d SKIP LOCKED
                    )
                    UPDATE \(tables.outboxDeliveries) d SET lease_owner = $4, lease_until = $5::timestamptz
                    FROM due, \(tables.outboxEvents) e
                    WHERE d.subscription_id = $1 AND d.event_sequence = due.event_sequence AND e.sequence = d.event_sequence
                    RETURNING \(Self.eventColumns), d.attempts
                    """,
                    [.integer(subscriptionID), .timestamp(Timestamp.format(now)), .integer(Int64(max(0, limit))), .text(owner),
                     .timestamp(Timestamp.format(leaseUntil))], logger: logger)
                var claimed: [ClaimedDelivery] = []
                for try await (sequence, id, type, submission, uuid, form, revision, occurred, attempts)
                    in rows.decode((Int64, String, String, Int64, String, String, Int, String, Int).self)
                {
                    let event = try Self.event((sequence, id, type, submission, uuid, form, revision, occurred))
                    claimed.append(ClaimedDelivery(subscriptionID: subscriptionID, event: event, attempt: attempts + 1))
                }
                return claimed.sorted { $0.event.sequence < $1.event.sequence }
            }
        }
    }

    @discardableResult
    package func recordDelivery(subscriptionID: Int64, eventSequence: Int64, owner: String, outcome: DeliveryOutcome, at: Date)
        async throws(StorageError) -> Bool
    {
        let set: String
        var values: [QueryValue] = [.integer(subscriptionID), .integer(eventSequence), .text(owner)]
        switch outcome {
        case .delivered:
            set = "state = 'delivered', delivered_at = $4::timestamptz, last_status = NULL, last_error = NULL"
            values.append(.timestamp(Timestamp.format(at)))
        case let .retry(next, status, error):
            set = "next_attempt_at = $4::timestamptz, last_status = $5, last_error = $6"
            values += [.timestamp(Timestamp.format(next)), status.map { .integer(Int64($0)) } ?? .null, .text(error)]
        case let .exhausted(status, error):
            set = "state = 'failed', last_status = $4, last_error = $5"
            values += [status.map { .integer(Int64($0)) } ?? .null, .text(error)]
        }
        let bound = values
        return try await write("recording an attempt at event \(eventSequence) for subscription \(subscriptionID)",
                               signalling: false) {
            [self] connection in
            try await connection.transaction(logger: logger) { connection in
                try await connection.run(
                    """
                    UPDATE \(tables.outboxDeliveries) SET \(set), attempts = attempts + 1, lease_owner = NULL, lease_until = NULL
                    WHERE subscription_id = $1 AND event_sequence = $2 AND lease_owner = $3 AND state = 'pending'
                    RETURNING 1
                    """, bound, logger: logger).first(Int.self) != nil
            }
        }
    }

    /// Materialised deliveries and, as pending ones not yet attempted, the events after each
    /// subscription's cursor, as on SQLite.
    package func outbox(_ query: OutboxQuery) async throws(StorageError) -> [OutboxEntry] {
        let states = (query.states ?? [.pending, .failed]).map(\.rawValue).sorted()
        var values: [QueryValue] = [.text(states.joined(separator: ",")), .integer(Int64(max(0, query.limit)))]
        var named = ""
        if let name = query.subscription {
            named = " AND s.name = $3"
            values.append(.text(name))
        }
        var sql = """
            SELECT \(Self.eventColumns), s.name, d.state, d.attempts, \(PostgresSQL.utcText("d.next_attempt_at")), d.last_status,
                   d.last_error, s.id
            FROM \(tables.outboxDeliveries) d JOIN \(tables.outboxEvents) e ON e.sequence = d.event_sequence
            JOIN \(tables.outboxSubscriptions) s ON s.id = d.subscription_id
            WHERE d.state = ANY (string_to_array($1, ','))\(named)
            """
        if states.contains(DeliveryState.pending.rawValue) {
            sql += """

                UNION ALL
                SELECT \(Self.eventColumns), s.name, 'pending', 0, \(PostgresSQL.utcText("e.occurred_at")), NULL, NULL, s.id
                FROM \(tables.outboxSubscriptions) s JOIN \(tables.outboxEvents) e ON e.sequence > s.cursor
                WHERE \(Self.typeMatches)\(named)
                """
        }
        sql += " ORDER BY 1, 15 LIMIT $2"
        return try await call("listing the outbox") { connection in
            let rows = try await connection.run(sql, values, logger: logger)
            var entries: [OutboxEntry] = []
            for try await (sequence, id, type, submission, uuid, form, revision, occurred, name, stateName, attempts, next, status, error, _)
                in rows.decode((Int64, String, String, Int64, String, String, Int, String, String, String, Int, String, Int?, String?,
                                Int64).self)
            {
                let event = try Self.event((sequence, id, type, submission, uuid, form, revision, occurred))
                guard let state = DeliveryState(rawValue: stateName) else {
                    throw StoreError.malformedValue(table: "outbox_deliveries", id: sequence, column: "state", value: stateName)
                }
                entries.append(OutboxEntry(event: event, subscription: name, state: state, attempts: attempts,
                                           nextAttemptAt: state == .pending ? Timestamp.parse(next) : nil, lastStatus: status,
                                           lastError: error))
            }
            return entries
        }
    }

    package func retryDeliveries(eventID: String?, subscription: String?, now: Date) async throws(StorageError) -> Int {
        var condition: String
        var values: [QueryValue] = [.timestamp(Timestamp.format(now))]
        if let eventID {
            condition = "state IN ('failed', 'pending') AND event_sequence IN (SELECT sequence FROM \(tables.outboxEvents) WHERE id = $2)"
            values.append(.text(eventID))
        } else {
            condition = "state = 'failed'"
        }
        if let subscription {
            values.append(.text(subscription))
            condition += " AND subscription_id IN (SELECT id FROM \(tables.outboxSubscriptions) WHERE name = $\(values.count))"
        }
        let (filter, bound) = (condition, values)
        return try await write("retrying deliveries") { [self] connection in
            try await connection.transaction(logger: logger) { connection in
                try await connection.run(
                    """
                    WITH retried AS (
                        UPDATE \(tables.outboxDeliveries) SET state = 'pending', attempts = 0, next_attempt_at = $1::timestamptz
                        WHERE \(filter) RETURNING 1
                    )
                    SELECT count(*) FROM retried
                    """, bound, logger: logger).first(Int.self) ?? 0
            }
        }
    }

    /// One statement, so the counts are of one moment.
    package func outboxCounts(now: Date) async throws(StorageError) -> OutboxCounts {
        try await call("counting the outbox") { connection in
            let queued = """
                FROM \(tables.outboxSubscriptions) s JOIN \(tables.outboxEvents) e ON e.sequence > s.cursor WHERE \(Self.typeMatches)
                """
            let rows = try await connection.run(
                """
                SELECT (SELECT count(*) FROM \(tables.outboxDeliveries) WHERE state = 'pending') + (SELECT count(*) \(queued)),
                       (SELECT count(*) FROM \(tables.outboxDeliveries) WHERE state = 'failed'),
                       \(PostgresSQL.utcText("""
                           LEAST((SELECT min(d.next_attempt_at) FROM \(tables.outboxDeliveries) d
                                  JOIN \(tables.outboxSubscriptions) s ON s.id = d.subscription_id
                                  WHERE d.state = 'pending' AND s.disabled_at IS NULL
                                    AND (d.lease_until IS NULL OR d.lease_until <= $1::timestamptz) AND NOT \(waitsForEarlierEvent)),
                                 (SELECT min(e.occurred_at) \(queued) AND s.disabled_at IS NULL))
                           """))
                """, [.timestamp(Timestamp.format(now))], logger: logger)
            for try await (pending, failed, oldest) in rows.decode((Int, Int, String?).self) {
                return OutboxCounts(pending: pending, failed: failed, oldestDueAt: oldest.flatMap(Timestamp.parse))
            }
            return OutboxCounts(pending: 0, failed: 0, oldestDueAt: nil)
        }
    }
}
