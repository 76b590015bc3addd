import FormStore
import PostgresNIO

extension PostgresStorage {
    /// Stores one submission. While saves are under way on as many connections as they may
    /// take (half the pool), the saves that arrive wait together and are then stored in one
    /// transaction on one connection, a savepoint each: each caller
    /// gets its own result, one failing leaves the others stored, the group pays one commit
    /// (one WAL flush), and every result is given once the group has committed. A save that
    /// finds a connection of theirs free begins at once, alone, as before. Cancellation as for every write:
    /// a save not yet begun is abandoned with `cancelled`.
    package func save(_ write: SubmissionWrite) async throws(StorageError) -> StoredSubmission {
        try refuseWrites()
        if Task.isCancelled { throw abandonedSave(write) }
        let cancelled = CancellationFlag()
        let pending = pendingSaves
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (reply: CheckedContinuation<Result<StoredSubmission, StorageError>, Never>) in
                guard pending.add(PendingSaves.Save(write: write, cancelled: cancelled, reply: reply)) else { return }
                // Not the caller's task: its cancellation must not cut off the saves of others.
                Task { await saveWaiting() }
            }
        } onCancel: {
            cancelled.set()
        }
        return try result.get()
    }

    /// How saves have been grouped since the store was opened.
    package var saveGroupCounts: PendingSaves.Counts { pendingSaves.counts }

    /// The job `save` starts: the saves waiting, group after group, until none waits.
    private func saveWaiting() async {
        while true {
            let saves = pendingSaves.takeNext()
            if saves.isEmpty { return }
            await save(saves)
        }
    }

    /// The saves taken together: alone when there is one, else as a group. A group whose
    /// transaction failed before its COMMIT (a broken connection) stores each save again alone,
    /// so that what failed one fails only that one; a failed COMMIT fails them all.
    private func save(_ saves: [PendingSaves.Save]) async {
        var live: [PendingSaves.Save] = []
        for save in saves {
            if save.cancelled.isSet { save.answer(.failure(abandonedSave(save.write))) } else { live.append(save) }
        }
        guard live.count > 1 else {
            if let save = live.first { await saveAlone(save) }
            return
        }
        let writes = live.map(\.write)
        let committing = CancellationFlag()
        let results: [Result<StoredSubmission, any Error>]
        do throws(StorageError) {
            results = try await self.write("saving \(writes.count) submissions together") { [self] connection in
                try await connection.transaction(logger: logger) { connection in
                    let results = try await saveGroup(writes, on: connection)
                    committing.set()
                    return results
                }
            }
        } catch {
            // A COMMIT whose answer was lost may have committed: saving again could store twice,
            // so each caller is told, as it would be alone. Before it, nothing was stored.
            if committing.isSet {
                for save in live { save.answer(.failure(error)) }
            } else {
                for save in live { await saveAlone(save) }
            }
            return
        }
        pendingSaves.countGroup(of: live.count)
        for (save, result) in zip(live, results) {
            save.answer(result.mapError {
                StorageError(postgres: $0, operation: "saving a \(save.write.status.rawValue) submission", database: database)
            })
        }
    }

    /// Each write in a savepoint of its own inside the caller's transaction: one that fails is
    /// rolled back to its savepoint (PostgreSQL refuses every statement of a transaction after
    /// a failed one until then) and gets its error; the others go on.
    private func saveGroup(_ writes: [SubmissionWrite], on connection: PostgresConnection) async throws
        -> [Result<StoredSubmission, any Error>]
    {
        var results: [Result<StoredSubmission, any Error>] = []
        results.reserveCapacity(writes.count)
        for write in writes {
            try await connection.run("SAVEPOINT formstore_member", logger: logger)
            do {
                let stored = try await save(write, on: connection)
                try await connection.run("RELEASE SAVEPOINT formstore_member", logger: logger)
                results.append(.success(stored))
            } catch {
                // A connection that broke has no transaction left: the group is lost.
                try await connection.run("ROLLBACK TO SAVEPOINT formstore_member", logger: logger)
                results.append(.failure(error))
            }
        }
        return results
    }

    private func saveAlone(_ save: PendingSaves.Save) async {
        do { save.answer(.success(try await saveAlone(save.write))) } catch { save.answer(.failure(error)) }
    }

    private func abandonedSave(_ write: SubmissionWrite) -> StorageError {
        StorageError(kind: .cancelled, backend: .postgres, message: "the write was cancelled before it began",
                     operation: "saving a \(write.status.rawValue) submission", database: database)
    }
}
