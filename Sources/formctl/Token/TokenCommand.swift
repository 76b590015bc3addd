#if Server
import ArgumentParser
import FormEngine

/// `formctl token create|list|revoke`: the access tokens `formctl serve` takes as
/// `Authorization: Bearer TOKEN`, kept in the database as SHA-256 hashes.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, list and revoke the access tokens of formctl serve.",
        discussion: """
            A token is for one form (--form) with a scope: read (read its stored submissions), \
            write (also submit to it when it is --private, and change or finalize any of its \
            drafts) or admin (everything; without --form, on every form). Only its SHA-256 is \
            stored: create prints the token once, and nothing shows it again.
            """,
        subcommands: [TokenCreateCommand.self, TokenListCommand.self, TokenRevokeCommand.self]
    )
}

extension AccessScope: ExpressibleByArgument {}
#endif
