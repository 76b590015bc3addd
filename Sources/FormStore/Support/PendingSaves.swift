import Synchronization

/// Saves waiting for the store, so that the ones that arrive while it is busy share one
/// transaction and pay one commit. A save that arrives while fewer than `jobs` jobs of theirs
/// are under way starts one; a job takes every save waiting by then. A lone save therefore
/// begins as soon as the store is free and waits for nobody, and a group grows only while the
/// store is busy with what came before it. SQLite has one writer, and queues one job at a time
/// on its thread (`takeAll`); PostgreSQL runs a few jobs as tasks on pooled connections, each
/// going on with the next group while saves keep arriving (`takeNext`).
package final class PendingSaves: Sendable {
    /// One caller's write and where its answer goes.
    package struct Save: Sendable {
        package let write: SubmissionWrite
        /// Set when the caller's task is cancelled: a save not yet begun is then abandoned.
        package let cancelled: CancellationFlag
        private let reply: CheckedContinuation<Result<StoredSubmission, StorageError>, Never>

        package init(write: SubmissionWrite, cancelled: CancellationFlag,
                     reply: CheckedContinuation<Result<StoredSubmission, StorageError>, Never>) {
            self.write = write
            self.cancelled = cancelled
            self.reply = reply
        }

        /// Gives the caller its result; called once.
        package func answer(_ result: Result<StoredSubmission, StorageError>) { reply.resume(returning: result) }
    }

    /// How the saves were grouped so far: transactions that held more than one save, and the
    /// saves they held.
    package struct Counts: Sendable, Equatable {
        package var groups = 0
        package var groupedSaves = 0
    }

    private struct State {
        var saves: [Save] = []
        var jobsUnderWay = 0
        var taken = 0
        var counts = Counts()
        /// Saves between `enter` and `leave`: waiting, being stored, or about to be.
        var underWay = 0
    }

    private let state = Mutex(State())
    private let jobs: Int

    /// Saves for at most `jobs` jobs at a time.
    package init(jobs: Int = 1) {
        self.jobs = max(1, jobs)
    }

    /// Adds `save`; true when the caller must start a job, which will take it.
    package func add(_ save: Save) -> Bool {
        state.withLock { state in
            state.saves.append(save)
            if state.jobsUnderWay >= jobs { return false }
            state.jobsUnderWay += 1
            return true
        }
    }

    /// Every save waiting, in the order they arrived, for a job that ends with them: the next
    /// `add` starts a new one.
    package func takeAll() -> [Save] {
        state.withLock { state in
            let saves = state.saves
            state.saves.removeAll()
            state.jobsUnderWay -= 1
            state.taken += saves.count
            return saves
        }
    }

    /// Every save waiting, in the order they arrived, for a job that goes on with them; when
    /// none is waiting the job ends (empty), and an `add` may start a new one.
    package func takeNext() -> [Save] {
        state.withLock { state in
            let saves = state.saves
            state.saves.removeAll()
            if saves.isEmpty { state.jobsUnderWay -= 1 }
            state.taken += saves.count
            return saves
        }
    }

    /// Counts a save from its call to its answer; true when no other save is under way (a
    /// save alone may be stored where it is called, without waiting for a job). Saves that
    /// overlap are left to the jobs, which group them.
    package func enter() -> Bool {
        state.withLock { state in
            state.underWay += 1
            return state.underWay == 1
        }
    }

    /// Ends what `enter` counted.
    package func leave() {
        state.withLock { $0.underWay -= 1 }
    }

    /// How many saves are waiting for a job to take them.
    package var waiting: Int { state.withLock { $0.saves.count } }

    /// How many saves jobs have taken so far.
    package var taken: Int { state.withLock { $0.taken } }

    package var counts: Counts { state.withLock { $0.counts } }

    /// Records that `size` saves (more than one) were stored in one transaction.
    package func countGroup(of size: Int) {
        state.withLock { state in
            state.counts.groups += 1
            state.counts.groupedSaves += size
        }
    }
}
