import ArgumentParser
import FormEngine

/// `formctl show ID`: one submission, as the same object `dump` writes, pretty printed; with
/// `--history`, every revision, review and the deletion kept for it.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print one stored submission as JSON, or its history.",
        discussion: """
            --history lists, oldest first, each revision (its number, time, who made it, the \
            reason and the form version), the fields each edit changed (old -> new, values as \
            JSON; the first revision lists every value), the reviews with their comments, and the \
            deletion; a deleted submission (a tombstone, until formctl purge) is shown there with \
            its last values. --json prints the history as one JSON object.
            A submission holding files lists them under "files": each one's key (key path), \
            position among the field's files, name, type, size and SHA-256 (formctl file ID \
            writes one out).
            Exit codes: 0 done, 1 no submission has this id (or, without --history, it was \
            deleted), 2 usage, 3 the database cannot be read.
            """
    )

    @Argument(help: "The submission's id (as printed by fill, import or dump).")
    var id: Int64

    @Flag(help: "Show every revision, the changes between them, the reviews and the deletion.")
    var history = false

    @Flag(help: "With --history, print it as JSON (show alone always prints JSON).")
    var json = false

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let engine = try await database.openEngine(readOnly: true)
        if history { return try await showHistory(in: engine) }
        let stored: StoredSubmission?
        do { stored = try await engine.storedSubmission(id: id) } catch {
            throw CommandFailure("formctl: cannot read submission \(id) from \(engine.database): \(error)", exitCode: .storage)
        }
        guard let stored else { throw await RecordFailure.absent(id, in: engine) }
        var shown: FormValue
        let files: [StoredAttachment]
        do {
            shown = try engine.jsonValue(of: stored)
            files = try await engine.files(ofSubmission: id)
        } catch {
            throw CommandFailure("formctl: cannot read submission \(id) from \(engine.database): \(error)", exitCode: .storage)
        }
        // The files it holds, as the engine's show(id:) lists them: key path, place, name, type,
        // size and SHA-256.
        if !files.isEmpty, case .object(var members) = shown {
            members["files"] = .array(files.map(\.jsonValue))
            shown = .object(members)
        }
        Terminal.printOut(shown.jsonString(pretty: true))
    }
}
