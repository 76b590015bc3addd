import ArgumentParser
import FormEngine
import Foundation

/// `formctl delete ID...`: removes submissions or drafts. On a terminal it shows what will go and
/// asks; anywhere else it needs `--yes`, so a script cannot delete by accident.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete stored submissions or drafts by id.",
        discussion: """
            Lists the submissions and asks for confirmation on a terminal; --yes deletes without \
            asking (needed when stdin is not a terminal). Every id is checked before anything is \
            deleted: an unknown id deletes nothing.
            Exit codes: 0 deleted, 1 an id is unknown or the answer was no, 2 usage, 3 the database \
            cannot be read or written.
            """
    )

    @Argument(help: "Ids of the submissions or drafts to delete (formctl list --drafts, dump).")
    var ids: [Int64]

    @Flag(name: [.customShort("y"), .long], help: "Delete without asking.")
    var yes = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if ids.isEmpty { throw ValidationError("give the ids of the submissions to delete") }
    }

    func run() async throws {
        // Deleting from a database that is not there is a mistyped --db, not a new database.
        if !database.isPostgres { try database.requireExistingFile() }
        let engine = try await database.openEngine()
        var found: [StoredSubmission] = []
        for id in Set(ids).sorted() {
            let submission: StoredSubmission?
            do { submission = try await engine.storedSubmission(id: id) } catch {
                throw CommandFailure("formctl: cannot read submission \(id) from \(engine.database): \(error)", exitCode: .storage)
            }
            guard let submission else {
                throw CommandFailure("formctl: no submission with id \(id) in \(engine.database); nothing was deleted", exitCode: .invalid)
            }
            found.append(submission)
        }
        if !yes { try confirm(found) }
        for submission in found {
            do { _ = try await engine.delete(id: submission.id) } catch {
                throw CommandFailure("formctl: cannot delete submission \(submission.id) from \(engine.database): \(error)", exitCode: .storage)
            }
            Terminal.printOut("deleted \(submission.status == .draft ? "draft" : "submission") \(submission.id)")
        }
    }

    /// Asks on a terminal; refuses without one, since nobody could have said yes.
    func confirm(_ found: [StoredSubmission]) throws {
        guard Terminal.isTTY(0), Terminal.isTTY(2) else {
            throw CommandFailure("formctl: delete asks before deleting; without a terminal give --yes", exitCode: .usage)
        }
        for submission in found {
            Terminal.printError("  \(submission.id)  \(submission.formName) v\(submission.version)  \(submission.status.rawValue)  updated \(submission.updatedAtText)")
        }
        Terminal.write("Delete \(found.count == 1 ? "this submission" : "these \(found.count) submissions")? [y/N]: ", to: 2)
        let answer = (try? TerminalInput.readLine())?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard answer == "y" || answer == "yes" else {
            throw CommandFailure("nothing was deleted", exitCode: .invalid)
        }
    }
}
