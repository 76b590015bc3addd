import Foundation

extension StoreState {
    /// Keeps `record`'s answer for `stored`, inside the caller's transaction. Expired rows go
    /// first: this key's own (so that a key may be used again once it has expired), then at most
    /// `IdempotencyWrite.pruneLimit` others, oldest first. A key already kept makes the INSERT
    /// fail, and with it the whole transaction.
    func keep(_ record: IdempotencyWrite, for stored: StoredSubmission) throws {
        let now = Timestamp.now()
        try connection.run("DELETE FROM \(tables.idempotencyKeys) WHERE key = ? AND expires_at <= ?", [.text(record.key), .text(now)],
                           operation: "forgetting an expired idempotency key")
        try connection.run(
            """
            DELETE FROM \(tables.idempotencyKeys) WHERE key IN
            (SELECT key FROM \(tables.idempotencyKeys) WHERE expires_at <= ? ORDER BY expires_at LIMIT \(IdempotencyWrite.pruneLimit))
            """, [.text(now)], operation: "pruning expired idempotency keys")
        let response = record.response(stored)
        try connection.run(
            """
            INSERT INTO \(tables.idempotencyKeys) (key, fingerprint, submission_id, status, content_type, body, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.text(record.key), .text(record.fingerprint), .integer(stored.id), .integer(Int64(response.status)),
             .text(response.contentType), .text(response.body), .text(now), .text(Timestamp.format(record.expiresAt))],
            operation: "keeping the answer to idempotency key \(record.key)")
    }

    func idempotencyRecord(key: String) throws -> IdempotencyRecord? {
        try connection.queryFirst(
            """
            SELECT key, fingerprint, submission_id, status, content_type, body, expires_at FROM \(tables.idempotencyKeys)
            WHERE key = ? AND expires_at > ?
            """, [.text(key), .text(Timestamp.now())], operation: "looking up idempotency key \(key)"
        ) { row in
            IdempotencyRecord(key: row.text(0), fingerprint: row.text(1), submissionID: row.int64(2),
                              response: IdempotentResponse(status: Int(row.int64(3)), contentType: row.text(4), body: row.text(5)),
                              expiresAt: Timestamp.parse(row.text(6)) ?? .distantPast)
        }
    }
}
