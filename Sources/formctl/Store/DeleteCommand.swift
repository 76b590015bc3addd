import ArgumentParser
import FormEngine
import Foundation

/// `formctl delete ID...`: deletes submissions or drafts on the record: each is kept as a
/// tombstone (who, when, why, its last values) that listings and exports skip until `purge`.
/// On a terminal it shows what will go and asks; anywhere else it needs `--yes`, so a script
/// cannot delete by accident.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete stored submissions or drafts by id.",
        discussion: """
            Lists the submissions and asks for confirmation on a terminal; --yes deletes without \
            asking (needed when stdin is not a terminal). Every id is checked before anything is \
            deleted: an unknown or already deleted id deletes nothing.
            A deleted submission is kept as a tombstone with who deleted it (--actor, default the \
            login name), when and why (--reason): dump, list and serve's listing skip it, formctl \
            show ID --history still shows it with its last values, and formctl purge removes it \
            for good.
            Exit codes: 0 deleted, 1 an id is unknown or already deleted, or the answer was no, 2 \
            usage, 3 the database cannot be read or written.
            """
    )

    @Argument(help: "Ids of the submissions or drafts to delete (formctl list --drafts, dump).")
    var ids: [Int64]

    @Flag(name: [.customShort("y"), .long], help: "Delete without asking.")
    var yes = false

    @Option(help: ArgumentHelp("Why, kept with the tombstone.", valueName: "TEXT"))
    var reason: String?

    @OptionGroup var actor: ActorOptions

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if ids.isEmpty { throw ValidationError("give the ids of the submissions to delete") }
        if let reason { try RecordText.check(reason, option: "--reason") }
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
            guard let submission else { throw await RecordFailure.absent(id, in: engine, then: "nothing was deleted") }
            found.append(submission)
        }
        if !yes { try confirm(found) }
        let reason = reason.flatMap { $0.isEmpty ? nil : $0 }
        for submission in found {
            let deleted: Bool
            do { deleted = try await engine.delete(id: submission.id, actor: actor.name, reason: reason) } catch {
                throw CommandFailure("formctl: cannot delete submission \(submission.id) from \(engine.database): \(error)", exitCode: .storage)
            }
            // Deleted by another process since it was read: the tombstone is theirs.
            guard deleted else {
                throw CommandFailure("formctl: submission \(submission.id) was deleted meanwhile by another process", exitCode: .invalid)
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
