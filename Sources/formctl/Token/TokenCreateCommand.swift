#if Server
import ArgumentParser
import FormEngine

/// `formctl token create --form F --scope S [--name N]`: prints a new token, once.
struct TokenCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an access token and print it (the only time it is shown).",
        discussion: """
            The token goes to stdout alone (formctl token create ... > token.txt); what it allows \
            goes to stderr. Exit codes: 0 created, 2 usage (a name already taken included), \
            3 the database cannot be written.
            """
    )

    @Option(help: ArgumentHelp("The form the token is for (not needed with --scope admin: every form).", valueName: "FORM"))
    var form: String?

    @Option(help: ArgumentHelp("read, write or admin.", valueName: "SCOPE"))
    var scope: AccessScope

    @Option(help: ArgumentHelp("A name to list and revoke it by (letters, digits, '.', '-', '_'; not only digits).", valueName: "NAME"))
    var name: String?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if form == nil && scope != .admin {
            throw ValidationError("--scope \(scope.rawValue) needs --form FORM: only an admin token may be for every form")
        }
        if let form, form.isEmpty { throw ValidationError("--form takes a form name, not an empty one") }
        if let name {
            let allowed = name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0) }
            guard !name.isEmpty, name.count <= 64, allowed else {
                throw ValidationError("--name takes 1 to 64 letters, digits, '.', '-' or '_', not '\(name)'")
            }
            guard !name.allSatisfy(\.isNumber) else {
                throw ValidationError("--name '\(name)' is only digits, which revoke would read as an id; add a letter")
            }
        }
    }

    func run() async throws {
        let engine = try await database.openEngine()
        let issued: IssuedAccessToken
        do {
            issued = try await engine.createAccessToken(name: name, formName: form, scope: scope)
        } catch FormEngineError.storage(let error) where error.kind == .constraint {
            throw CommandFailure("formctl: a token named '\(name ?? "")' exists already in \(engine.database) (formctl token list)", exitCode: .usage)
        } catch {
            throw CommandFailure("formctl: cannot store the token in \(engine.database): \(error)", exitCode: .storage)
        }
        let created = issued.record
        if let form, (try? await engine.latestVersion(formName: form)) == nil {
            Terminal.printError("warning: \(engine.database) has no form '\(form)' yet (a form is registered when it is served or filled)")
        }
        Terminal.printOut(issued.token)
        let label = created.name.map { "'\($0)' (id \(created.id))" } ?? "id \(created.id)"
        Terminal.printError("token \(label): \(scope.rawValue) on \(form.map { "form '\($0)'" } ?? "every form"); shown only this once")
    }
}
#endif
