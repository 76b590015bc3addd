import ArgumentParser
import FormEngine
import Foundation

/// `formctl purge`: removes deleted submissions (tombstones) for good, with their revisions and
/// reviews. On a terminal it shows what will go and asks; anywhere else it needs `--yes`.
struct PurgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Remove deleted submissions for good, with their history.",
        discussion: """
            formctl delete keeps a deleted submission as a tombstone (its last values, its \
            revisions and reviews, who deleted it and why); purge removes the tombstones and \
            everything kept with them, and prints how many. --before keeps those deleted at or \
            after TIME. Lists them and asks on a terminal; --yes purges without asking (needed \
            when stdin is not a terminal).
            Exit codes: 0 done (nothing to purge included), 1 the answer was no, 2 usage, 3 the \
            database cannot be read or written.
            """
    )

    @Option(help: ArgumentHelp("Only submissions deleted before TIME: an ISO 8601 date (2026-05-17, midnight UTC) or date-time (2026-05-17T14:30:00Z).", valueName: "TIME"))
    var before: String?

    @Flag(name: [.customShort("y"), .long], help: "Purge without asking.")
    var yes = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if let before, SubmissionQuery.time(before) == nil {
            throw ValidationError("--before wants an ISO 8601 date (2026-05-17) or date-time (2026-05-17T14:30:00Z), not '\(before)'")
        }
    }

    func run() async throws {
        if !yes && !(Terminal.isTTY(0) && Terminal.isTTY(2)) {
            throw CommandFailure("formctl: purge asks before removing anything; without a terminal give --yes", exitCode: .usage)
        }
        if !database.isPostgres { try database.requireExistingFile() }
        let engine = try await database.openEngine()
        let cutoff = before.flatMap(SubmissionQuery.time)
        if !yes { try confirm(try await tombstones(in: engine, deletedBefore: cutoff)) }
        let purged: Int
        do { purged = try await engine.purge(deletedBefore: cutoff) } catch {
            throw CommandFailure("formctl: cannot purge \(engine.database): \(error)", exitCode: .storage)
        }
        Terminal.printOut("purged \(purged) deleted submission\(purged == 1 ? "" : "s")")
    }

    /// The tombstones a purge would remove now, oldest deletion first: only tombstones are
    /// read, whatever the number of live rows.
    func tombstones(in engine: FormEngine, deletedBefore cutoff: Date?) async throws -> [StoredSubmission] {
        var found: [StoredSubmission] = []
        do {
            for try await row in engine.storedSubmissions(SubmissionQuery().with(tombstones: .only)) {
                guard let deletion = row.deletion, cutoff.map({ deletion.at < $0 }) ?? true else { continue }
                found.append(row)
            }
        } catch {
            throw CommandFailure("formctl: cannot read \(engine.database): \(error)", exitCode: .storage)
        }
        return found.sorted { ($0.deletion?.at ?? .distantPast, $0.id) < ($1.deletion?.at ?? .distantPast, $1.id) }
    }

    /// Lists what will go (the first 20) and asks; nothing to purge asks nothing.
    func confirm(_ found: [StoredSubmission]) throws {
        if found.isEmpty { return }
        for submission in found.prefix(20) {
            guard let deletion = submission.deletion else { continue }
            let who = deletion.actor.map { " by \($0)" } ?? ""
            let why = deletion.reason.map { ": \($0)" } ?? ""
            Terminal.printError("  \(submission.id)  \(submission.formName) v\(submission.version)  deleted \(Timestamp.format(deletion.at))\(who)\(why)")
        }
        if found.count > 20 { Terminal.printError("  and \(found.count - 20) more") }
        let what = found.count == 1 ? "this deleted submission" : "these \(found.count) deleted submissions"
        Terminal.write("Remove \(what) and their history for good? [y/N]: ", to: 2)
        let answer = (try? TerminalInput.readLine())?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard answer == "y" || answer == "yes" else {
            throw CommandFailure("nothing was purged", exitCode: .invalid)
        }
    }
}
