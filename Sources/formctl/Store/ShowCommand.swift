import ArgumentParser
import FormEngine

/// `formctl show ID`: one submission, as the same object `dump` writes, pretty printed.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print one stored submission as JSON.",
        discussion: "Exit codes: 0 done, 1 no submission has this id, 2 usage, 3 the database cannot be read."
    )

    @Argument(help: "The submission's id (as printed by fill, import or dump).")
    var id: Int64

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let engine = try await database.openEngine(readOnly: true)
        let shown: FormValue?
        do { shown = try await engine.show(id: id) } catch {
            throw CommandFailure("formctl: cannot read submission \(id) from \(engine.database): \(error)", exitCode: .storage)
        }
        guard let shown else {
            throw CommandFailure("formctl: no submission with id \(id) in \(engine.database)", exitCode: .invalid)
        }
        Terminal.printOut(shown.jsonString(pretty: true))
    }
}
