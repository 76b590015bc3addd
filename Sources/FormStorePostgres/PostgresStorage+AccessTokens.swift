import FormStore
import Foundation
import PostgresNIO

extension PostgresStorage {
    package func createAccessToken(name: String?, formName: String?, scope: AccessScope, tokenHash: String)
        async throws(StorageError) -> AccessToken
    {
        try refuseWrites()
        let now = Timestamp.now()
        return try await call("adding an access token") { connection in
            let id = try await connection.run(
                """
                INSERT INTO \(tables.accessTokens) (name, form_name, scope, token_hash, created_at)
                VALUES ($1, $2, $3, $4, $5::timestamptz) RETURNING id
                """,
                [.optional(name), .optional(formName), .text(scope.rawValue),
                 .text(tokenHash), .timestamp(now)], logger: logger).first(Int64.self)
            // INSERT ... RETURNING always returns its row; no id means the connection broke.
            guard let id else { throw StoreError.malformedValue(table: "access_tokens", id: 0, column: "id", value: "") }
            return AccessToken(id: id, name: name, formName: formName, scope: scope, createdAt: Timestamp.parse(now) ?? Date())
        }
    }

    package func accessTokens() async throws(StorageError) -> [AccessToken] {
        try await call("listing access tokens") { connection in
            try await Self.accessTokens(try await connection.run(accessTokenSelect + " ORDER BY id", logger: logger))
        }
    }

    /// A lookup by the hash's index: the hash of a guess tells an attacker nothing of the hash
    /// of a real token, so the lookup's time does not need to be constant.
    package func accessToken(hash tokenHash: String) async throws(StorageError) -> AccessToken? {
        try await call("looking up an access token") { connection in
            try await Self.accessTokens(try await connection.run(accessTokenSelect + " WHERE token_hash = $1", [.text(tokenHash)],
                                                                 logger: logger)).first
        }
    }

    package func revokeAccessToken(_ idOrName: String) async throws(StorageError) -> AccessToken? {
        try refuseWrites()
        let (column, value) = AccessTokenReference.condition(idOrName)
        return try await call("revoking access token \(idOrName)") { connection in
            let sql = "DELETE FROM \(tables.accessTokens) WHERE \(column) = $1 RETURNING id, name, form_name, scope, "
                + PostgresSQL.utcText("created_at")
            return try await Self.accessTokens(try await connection.run(sql, [value], logger: logger)).first
        }
    }

    var accessTokenSelect: String {
        "SELECT id, name, form_name, scope, \(PostgresSQL.utcText("created_at")) FROM \(tables.accessTokens)"
    }

    static func accessTokens(_ rows: PostgresRowSequence) async throws -> [AccessToken] {
        var tokens: [AccessToken] = []
        for try await (id, name, formName, scopeText, createdText) in rows.decode((Int64, String?, String?, String, String).self) {
            guard let scope = AccessScope(rawValue: scopeText) else {
                throw StoreError.malformedValue(table: "access_tokens", id: id, column: "scope", value: scopeText)
            }
            guard let created = Timestamp.parse(createdText) else {
                throw StoreError.malformedValue(table: "access_tokens", id: id, column: "created_at", value: createdText)
            }
            tokens.append(AccessToken(id: id, name: name, formName: formName, scope: scope, createdAt: created))
        }
        return tokens
    }
}
