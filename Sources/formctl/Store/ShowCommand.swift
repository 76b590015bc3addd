import ArgumentParser
import FormCore
import FormEngine
import FormStore

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
        let store = try await database.openStore(readOnly: true)
        let found: StoredSubmission?
        do { found = try await store.submission(id: id) } catch {
            throw CommandFailure("formctl: cannot read submission \(id) from \(store.database): \(error)", exitCode: .storage)
        }
        guard let submission = found else {
            throw CommandFailure("formctl: no submission with id \(id) in \(store.database)", exitCode: .invalid)
        }
        let object: FormValue
        do { object = try FormEngine(storage: store).jsonValue(of: submission) } catch {
            throw CommandFailure("formctl: \(error)", exitCode: .storage)
        }
        Terminal.printOut(object.jsonString(pretty: true))
    }
}
