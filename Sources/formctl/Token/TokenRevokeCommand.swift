#if Server
import ArgumentParser
import FormEngine

/// `formctl token revoke ID-or-NAME`: the token stops working at once, a running server included.
struct TokenRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke an access token by its id or name; it stops working at once.",
        discussion: "Exit codes: 0 revoked, 1 no such token, 3 the database cannot be written."
    )

    @Argument(help: ArgumentHelp("The token's id or name (formctl token list).", valueName: "ID-or-NAME"))
    var token: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        if !database.isPostgres { try database.requireExistingFile() }
        let engine = try await database.openEngine()
        let revoked: AccessToken?
        do { revoked = try await engine.revokeAccessToken(token) } catch {
            throw CommandFailure("formctl: cannot revoke token \(token) in \(engine.database): \(error)", exitCode: .storage)
        }
        guard let revoked else {
            throw CommandFailure("formctl: no access token with id or name '\(token)' in \(engine.database) (formctl token list)", exitCode: .invalid)
        }
        Terminal.printOut("revoked token \(revoked.name.map { "'\($0)' (id \(revoked.id))" } ?? "id \(revoked.id)")")
    }
}
#endif
