import Foundation

extension StoreState {
    func createAccessToken(name: String?, formName: String?, scope: AccessScope, tokenHash: String) throws -> AccessToken {
        let now = Timestamp.now()
        try connection.run(
            "INSERT INTO \(tables.accessTokens) (name, form_name, scope, token_hash, created_at) VALUES (?, ?, ?, ?, ?)",
            [.optional(name), .optional(formName), .text(scope.rawValue),
             .text(tokenHash), .text(now)],
            operation: "adding an access token")
        return AccessToken(id: connection.lastInsertRowID, name: name, formName: formName, scope: scope,
                           createdAt: Timestamp.parse(now) ?? Date())
    }

    func accessTokens() throws -> [AccessToken] {
        try connection.query(Self.accessTokenSelect(tables) + " ORDER BY id", operation: "listing access tokens", Self.accessToken)
    }

    /// A lookup by the hash's index: the hash of a guess tells an attacker nothing of the hash
    /// of a real token, so the lookup's time does not need to be constant.
    func accessToken(hash: String) throws -> AccessToken? {
        try connection.queryFirst(Self.accessTokenSelect(tables) + " WHERE token_hash = ?", [.text(hash)],
                                  operation: "looking up an access token", Self.accessToken)
    }

    func revokeAccessToken(_ idOrName: String) throws -> AccessToken? {
        try transaction {
            let (condition, value) = AccessTokenReference.condition(idOrName)
            guard let token = try connection.queryFirst(
                Self.accessTokenSelect(tables) + " WHERE \(condition) = ?", [value.sqlite],
                operation: "looking up access token \(idOrName)", Self.accessToken)
            else { return nil }
            try connection.run("DELETE FROM \(tables.accessTokens) WHERE id = ?", [.integer(token.id)],
                               operation: "revoking access token \(idOrName)")
            return token
        }
    }

    static func accessTokenSelect(_ tables: TableNames) -> String {
        "SELECT id, name, form_name, scope, created_at FROM \(tables.accessTokens)"
    }

    static func accessToken(_ row: Statement) throws -> AccessToken {
        let id = row.int64(0)
        guard let scope = AccessScope(rawValue: row.text(3)) else {
            throw StoreError.malformedValue(table: "access_tokens", id: id, column: "scope", value: row.text(3))
        }
        guard let created = row.withText(4, Timestamp.parse) else {
            throw StoreError.malformedValue(table: "access_tokens", id: id, column: "created_at", value: row.text(4))
        }
        return AccessToken(id: id, name: row.optionalText(1), formName: row.optionalText(2), scope: scope, createdAt: created)
    }
}
