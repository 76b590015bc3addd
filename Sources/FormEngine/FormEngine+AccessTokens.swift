import FormStore
import Secrets

/// An access token just made: the secret, given once (only its hash is stored), and its record.
package struct IssuedAccessToken: Sendable {
    /// The bearer token to hand to its holder; nothing shows it again.
    package let token: String
    /// What is stored of it: id, name, form and scope (never the token).
    package let record: AccessToken
}

/// The access tokens a server takes as `Authorization: Bearer TOKEN`, kept as SHA-256 hashes:
/// formctl's `token` commands and FormServer's, package like the store's token records.
extension FormEngine {
    /// Makes a token for `formName` (nil: every form, for `admin` only) with `scope`, named
    /// `name` when given; a name already taken is a `constraint` storage error.
    package func createAccessToken(name: String?, formName: String?, scope: AccessScope)
        async throws(FormEngineError) -> IssuedAccessToken
    {
        let token = SecretToken.make()
        do {
            let record = try await storage.createAccessToken(name: name, formName: formName, scope: scope,
                                                             tokenHash: SecretToken.hash(token))
            return IssuedAccessToken(token: token, record: record)
        } catch {
            throw .storage(error)
        }
    }

    /// Every access token, oldest first (their records: the tokens themselves are not kept).
    package func accessTokens() async throws(FormEngineError) -> [AccessToken] {
        do { return try await storage.accessTokens() } catch { throw .storage(error) }
    }

    /// Revokes the token with this id (all digits) or name and returns it; nil when there is
    /// none. It stops working at once, for a running server too.
    package func revokeAccessToken(_ idOrName: String) async throws(FormEngineError) -> AccessToken? {
        do { return try await storage.revokeAccessToken(idOrName) } catch { throw .storage(error) }
    }

    /// The stored token a request presented, looked up by its hash; nil when it is no token of
    /// this store (never made, or revoked).
    package func accessToken(presented token: String) async throws(FormEngineError) -> AccessToken? {
        do { return try await storage.accessToken(hash: SecretToken.hash(token)) } catch { throw .storage(error) }
    }
}

extension AccessToken {
    /// `createdAt` as stored and shown: ISO 8601 UTC with milliseconds.
    package var createdAtText: String { Timestamp.format(createdAt) }
}
