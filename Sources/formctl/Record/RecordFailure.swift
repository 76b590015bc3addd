import FormEngine

/// The engine's refusals of a change to the record (edit, review, delete) as one line naming the
/// submission, with formctl's exit codes: 1 for what the person can fix (no such submission, a
/// draft, a deleted one, a conflict), 3 for the database.
enum RecordFailure {
    static func failure(_ error: FormEngineError, id: Int64, doing: String, in engine: FormEngine) async -> CommandFailure {
        let database = engine.database
        switch error {
        case .notEditable(_, let reason):
            // Deleted or missing: say when and by whom, or that there is none.
            return await deletedOrMissing(id, in: engine)
                ?? CommandFailure("formctl: cannot \(doing) submission \(id): \(reason)", exitCode: .invalid)
        case .editConflict(_, let current):
            return CommandFailure(
                "formctl: submission \(id) was changed by someone else meanwhile (it is now at revision \(current)); nothing was stored, \(doing) it again",
                exitCode: .invalid)
        case .storage(let storage) where storage.kind == .notFound:
            return missing(id, in: database)
        case .storage(let storage) where storage.kind == .conflict:
            return CommandFailure("formctl: cannot \(doing) submission \(id): \(storage.message)", exitCode: .invalid)
        case .storage(let storage):
            return CommandFailure("formctl: cannot \(doing) submission \(id) in \(database): \(storage)", exitCode: .storage)
        default:
            return CommandFailure("formctl: cannot \(doing) submission \(id): \(error)", exitCode: .invalid)
        }
    }

    static func missing(_ id: Int64, in database: String) -> CommandFailure {
        CommandFailure("formctl: no submission with id \(id) in \(database)", exitCode: .invalid)
    }

    /// What to say of a submission the engine did not find live: deleted (when, by whom, why,
    /// and where its values still are), or not there at all. `then` ends the sentence
    /// ("nothing was deleted").
    static func absent(_ id: Int64, in engine: FormEngine, then: String? = nil) async -> CommandFailure {
        await deletedOrMissing(id, in: engine, then: then)
            ?? CommandFailure("formctl: no submission with id \(id) in \(engine.database)\(then.map { "; \($0)" } ?? "")", exitCode: .invalid)
    }

    /// The tombstone's deletion, or that there is no such submission; nil when the submission
    /// is live or its history cannot be read (the caller's own message then stands).
    static func deletedOrMissing(_ id: Int64, in engine: FormEngine, then: String? = nil) async -> CommandFailure? {
        let ending = then.map { "; \($0)" } ?? ""
        let history: SubmissionHistory?
        do { history = try await engine.history(id: id) } catch { return nil }
        guard let history else {
            return CommandFailure("formctl: no submission with id \(id) in \(engine.database)\(ending)", exitCode: .invalid)
        }
        guard let deletion = history.submission.deletion else { return nil }
        return CommandFailure(
            "formctl: submission \(id) was deleted \(HistoryText.deletionText(deletion)); formctl show \(id) --history shows its last values\(ending)",
            exitCode: .invalid)
    }
}
