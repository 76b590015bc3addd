#if Server
import ArgumentParser
import FormEngine

/// `formctl token list`: every access token, never the token itself (only its hash is stored).
struct TokenListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the access tokens: id, name, form, scope, when created (never the token).",
        discussion: "Exit codes: 0 done, 3 the database cannot be read."
    )

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let engine = try await database.openEngine(readOnly: true)
        let tokens: [AccessToken]
        do { tokens = try await engine.accessTokens() } catch {
            throw CommandFailure("formctl: cannot read \(engine.database): \(error)", exitCode: .storage)
        }
        if tokens.isEmpty {
            Terminal.printError("no access tokens in \(engine.database) (formctl token create makes one)")
            return
        }
        let rows = tokens.map {
            [String($0.id), $0.name ?? "-", $0.formName ?? "*", $0.scope.rawValue, $0.createdAtText]
        }
        Terminal.printOut(TextTable(header: ["ID", "NAME", "FORM", "SCOPE", "CREATED"], rows: rows, rightAligned: [0]).rendered)
    }
}
#endif
