import FormStore
import struct Foundation.Date
import PostgresNIO

extension PostgresStorage {
    /// Keeps `record`'s answer for `stored`, inside the caller's transaction, as the SQLite
    /// store does: this key's expired row and at most `IdempotencyWrite.pruneLimit` other
    /// expired ones deleted first; a key already kept makes the INSERT (and the transaction) fail.
    func keep(_ record: IdempotencyWrite, for stored: StoredSubmission, on connection: PostgresConnection) async throws {
        let now = Timestamp.now()
        try await connection.run("DELETE FROM \(tables.idempotencyKeys) WHERE key = $1 AND expires_at <= $2::timestamptz",
                                 [.text(record.key), .timestamp(now)], logger: logger)
        try await connection.run(
            """
            DELETE FROM \(tables.idempotencyKeys) WHERE key IN
            (SELECT key FROM \(tables.idempotencyKeys) WHERE expires_at <= $1::timestamptz ORDER BY expires_at \
            LIMIT \(IdempotencyWrite.pruneLimit))
            """, [.timestamp(now)], logger: logger)
        let response = record.response(stored)
        try await connection.run(
            """
            INSERT INTO \(tables.idempotencyKeys) (key, fingerprint, submission_id, status, content_type, body, created_at, expires_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz)
            """,
            [.text(record.key), .text(record.fingerprint), .integer(stored.id), .integer(Int64(response.status)),
             .text(response.contentType), .text(response.body), .timestamp(now), .timestamp(Timestamp.format(record.expiresAt))],
            logger: logger)
    }

    package func idempotencyRecord(key: String) async throws(StorageError) -> IdempotencyRecord? {
        try await call("looking up idempotency key \(key)") { connection in
            let rows = try await connection.run(
                """
                SELECT key, fingerprint, submission_id, status, content_type, body, \(PostgresSQL.utcText("expires_at"))
                FROM \(tables.idempotencyKeys) WHERE key = $1 AND expires_at > $2::timestamptz
                """, [.text(key), .timestamp(Timestamp.now())], logger: logger)
            var record: IdempotencyRecord?
            for try await (key, fingerprint, id, status, type, body, expires)
                in rows.decode((String, String, Int64, Int, String, String, String).self)
            {
                record = IdempotencyRecord(key: key, fingerprint: fingerprint, submissionID: id,
                                           response: IdempotentResponse(status: status, contentType: type, body: body),
                                           expiresAt: Timestamp.parse(expires) ?? .distantPast)
            }
            return record
        }
    }
}
