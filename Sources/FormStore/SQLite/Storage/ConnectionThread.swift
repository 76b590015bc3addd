import Foundation

/// A thread of the store's own that owns one SQLite connection: every job for the connection
/// runs here, one at a time, in the order given. SQLite's busy wait (`sqlite3_busy_timeout`)
/// therefore blocks this thread while another process holds the lock, never a thread of Swift's
/// cooperative pool, and the tasks that await the job are suspended, not blocked.
///
/// One kind of work may instead borrow the connection on the caller's thread
/// (`runHereIfIdle`): a write that finds the thread idle runs at once where it is, sparing the
/// two thread wake-ups of the hop there and back, which on an idle machine cost more CPU than
/// the write itself. It must not wait for a lock there; see `runHereIfIdle`.
///
/// `@unchecked Sendable` is sound because `jobs`, `isStopping` and `connectionInUse` are only
/// touched with `condition` locked, and `state` is used by one thread at a time: it is set
/// before the thread takes its first job, used by jobs on the thread and by a borrower that
/// set `connectionInUse` (the thread runs nothing meanwhile), and cleared by the thread only
/// once it is stopping with the connection unused (a borrower checks `isStopping` first).
final class ConnectionThread: @unchecked Sendable {
    typealias Job = (StoreState) -> Void

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var isStopping = false
    /// Set while the thread runs a batch of jobs or a caller borrows the connection.
    private var connectionInUse = false
    /// Set once the connection is closed and the thread has ended (or never served).
    private var hasStopped = false
    /// Tasks waiting in `stopAndWait()` for the connection to be closed.
    private var stopWaiters: [CheckedContinuation<Void, Never>] = []
    private var state: StoreState?
    private let database: String

    /// Starts the thread and opens its connection there (opening may migrate, and so wait for a
    /// lock); returns once the connection is open, throwing what opening threw.
    init(name: String, database: String, open: @escaping @Sendable () throws -> StoreState) throws(StorageError) {
        self.database = database
        let opened = DispatchSemaphore(value: 0)
        let failure = OpenFailure()
        let thread = Thread { [self] in
            // Named from inside: on Linux, Foundation does not pass a name set before `start()`
            // to the kernel, where `top -H`, `perf` and a debugger read it (15 bytes at most).
            Thread.current.name = name
            do { state = try open() } catch { failure.error = StorageError(sqlite: error, database: database) }
            opened.signal()
            if state != nil { serve() } else { markStopped() }
        }
        thread.start()
        opened.wait()
        if let error = failure.error { throw error }
    }

    /// Hands the thread's open result to `init`.
    /// `@unchecked Sendable`: written by the thread before `opened.signal()`, read after `wait()`.
    private final class OpenFailure: @unchecked Sendable { var error: StorageError? }

    /// Runs `body` on the thread with its connection and returns its result; the calling task
    /// is suspended (not blocking a thread) meanwhile. Errors come back as `StorageError`.
    func run<R: Sendable>(_ body: @escaping @Sendable (StoreState) throws -> R) async throws(StorageError) -> R {
        let database = self.database
        let result: Result<R, StorageError> = await withCheckedContinuation { continuation in
            let accepted = enqueue { state in
                do { continuation.resume(returning: .success(try body(state))) } catch {
                    continuation.resume(returning: .failure(StorageError(sqlite: error, database: database)))
                }
            }
            if !accepted {
                continuation.resume(returning: .failure(StorageError(
                    kind: .invalidRequest, backend: .sqlite, message: "the store was closed", database: database)))
            }
        }
        return try result.get()
    }

    /// Runs `body` with the connection on the calling thread, blocking it, when the connection
    /// is idle: no job queued or running, none borrowing it. Nil, without running `body`, when
    /// it is not (queue the work instead) or the thread is stopping. While `body` runs, jobs
    /// queued wait, and a commit's checkpoint is left to the thread (`Connection+Checkpoints`).
    /// `body` must be short and must not wait for another process's lock: it blocks a thread
    /// that may be one of Swift's cooperative pool.
    func runHereIfIdle<R>(_ body: (StoreState) -> R) -> R? {
        condition.lock()
        guard !isStopping, !connectionInUse, jobs.isEmpty, let state else {
            condition.unlock()
            return nil
        }
        connectionInUse = true
        condition.unlock()
        state.connection.defersCheckpoints = true
        let result = body(state)
        state.connection.defersCheckpoints = false
        let checkpointIsDue = state.connection.checkpointIsDue
        condition.lock()
        connectionInUse = false
        if checkpointIsDue && !isStopping { jobs.append { $0.connection.checkpoint() } }
        if !jobs.isEmpty || isStopping { condition.signal() }
        condition.unlock()
        return result
    }

    /// Queues a job without waiting for it; false once the thread is stopping.
    @discardableResult
    func enqueue(_ job: @escaping Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isStopping else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Lets the jobs already queued finish, then closes the connection and ends the thread.
    func stop() {
        condition.lock()
        isStopping = true
        condition.signal()
        condition.unlock()
    }

    /// Stops as `stop()` does and returns once the connection is closed: the last connection
    /// to close checkpoints the write-ahead log into the database file and removes it, so a
    /// process that exits right after finds its file whole (a copy of it without the `-wal`
    /// file has every commit).
    func stopAndWait() async {
        await withCheckedContinuation { continuation in
            condition.lock()
            if hasStopped {
                condition.unlock()
                continuation.resume()
                return
            }
            stopWaiters.append(continuation)
            isStopping = true
            condition.signal()
            condition.unlock()
        }
    }

    private func markStopped() {
        condition.lock()
        hasStopped = true
        let waiters = stopWaiters
        stopWaiters = []
        condition.unlock()
        for waiter in waiters { waiter.resume() }
    }

    private func serve() {
        while true {
            condition.lock()
            while (jobs.isEmpty && !isStopping) || connectionInUse { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                state?.connection.close()
                state = nil
                markStopped()
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            connectionInUse = true
            condition.unlock()
            if let state { for job in batch { job(state) } }
            condition.lock()
            connectionInUse = false
            condition.unlock()
        }
    }
}
