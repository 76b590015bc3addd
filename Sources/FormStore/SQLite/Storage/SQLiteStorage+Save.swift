extension SQLiteStorage {
    /// Stores one submission. Saves that arrive while the writer is busy wait together and
    /// are then stored in one transaction, a savepoint each (`StoreState.saveGroup`): each
    /// caller gets its own result, one failing leaves the others stored, and the group pays
    /// one commit; every result is given only once the group has committed. Cancellation as
    /// for every write: a save not yet begun is abandoned with `cancelled`.
    ///
    /// A save while no other is under way, finding the writer idle, runs on the caller's thread
    /// (`saveHere`), sparing the hop to the writer's thread and back; unless the database is
    /// locked by another process: then it waits its turn on the writer's thread, which may wait
    /// for the lock without holding a thread of Swift's pool. Saves that overlap all go to the
    /// writer, where the time one waits for its turn lets the others join its group. A save
    /// with files always goes to the writer: writing their bytes would hold the caller's thread.
    package func save(_ write: SubmissionWrite) async throws(StorageError) -> StoredSubmission {
        guard let writer else {
            throw StorageError(kind: .readOnly, backend: .sqlite, message: "the store was opened read-only", database: path)
        }
        let (pending, database) = (pendingSaves, path)
        let alone = pending.enter()
        defer { pending.leave() }
        if alone, write.attachments.isEmpty, !Task.isCancelled, let done = writer.runHereIfIdle({ Self.saveHere(write, on: $0, database: database) }) ?? nil {
            let stored = try done.get()
            outboxBroadcast.signal()
            return stored
        }
        let cancelled = CancellationFlag()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (reply: CheckedContinuation<Result<StoredSubmission, StorageError>, Never>) in
                guard pending.add(PendingSaves.Save(write: write, cancelled: cancelled, reply: reply)) else { return }
                let queued = writer.enqueue { state in Self.save(pending.takeAll(), on: state, counting: pending, database: database) }
                if !queued {
                    let closed = StorageError(kind: .invalidRequest, backend: .sqlite, message: "the store was closed", database: database)
                    for save in pending.takeAll() { save.answer(.failure(closed)) }
                }
            }
        } onCancel: {
            cancelled.set()
        }
        let stored = try result.get()
        outboxBroadcast.signal()
        return stored
    }

    /// How saves have been grouped since the store was opened.
    package var saveGroupCounts: PendingSaves.Counts { pendingSaves.counts }

    /// Runs on the writer's thread: the saves taken together, alone when there is one, else as
    /// a group. A group whose transaction ended without committing after it began (an error
    /// that rolled all of it back, a failed COMMIT) stores each of its saves again alone, so
    /// that what failed one fails only that one; a group that could not begin (the lock stayed
    /// busy) gives every save that error, as each would have had alone.
    static func save(_ saves: [PendingSaves.Save], on state: StoreState, counting counts: PendingSaves, database: String) {
        var live: [PendingSaves.Save] = []
        for save in saves {
            if save.cancelled.isSet { save.answer(.failure(abandonedWrite(database: database))) } else { live.append(save) }
        }
        guard live.count > 1 else {
            if let save = live.first { saveAlone(save, on: state, database: database) }
            return
        }
        let group = live
        state.connection.waitIsAbandoned = { group.allSatisfy { $0.cancelled.isSet } }
        defer { state.connection.waitIsAbandoned = nil }
        do throws(StoreState.GroupNotCommitted) {
            let results = try state.saveGroup(live.map(\.write))
            counts.countGroup(of: live.count)
            for (save, result) in zip(live, results) {
                save.answer(result.mapError { StorageError(sqlite: $0, database: database) })
            }
        } catch where !error.began {
            var failure = StorageError(sqlite: error.cause, database: database)
            if failure.kind == .busy, live.allSatisfy({ $0.cancelled.isSet }) { failure = abandonedWrite(database: database) }
            for save in live { save.answer(.failure(failure)) }
        } catch {
            for save in live { saveAlone(save, on: state, database: database) }
        }
    }

    /// One save on a thread that borrowed the writer's connection: its result, or nil when
    /// another process holds the database's write lock and nothing was begun (the save is then
    /// queued as any other, to wait for the lock on the writer's thread). The busy wait is
    /// abandoned at its first try, so the borrowed thread never sleeps on a lock.
    private static func saveHere(_ write: SubmissionWrite, on state: StoreState, database: String)
        -> Result<StoredSubmission, StorageError>?
    {
        state.connection.waitIsAbandoned = { true }
        defer { state.connection.waitIsAbandoned = nil }
        do {
            return .success(try state.save(write))
        } catch {
            let failure = StorageError(sqlite: error, database: database)
            if failure.kind == .busy, state.connection.isAutocommit { return nil }
            return .failure(failure)
        }
    }

    private static func saveAlone(_ save: PendingSaves.Save, on state: StoreState, database: String) {
        let write = save.write
        do {
            save.answer(.success(try runAlone({ try $0.save(write) }, on: state, cancelled: save.cancelled, database: database)))
        } catch {
            save.answer(.failure(StorageError(sqlite: error, database: database)))
        }
    }
}
