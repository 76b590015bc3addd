import Synchronization

/// A few read-only connections, each on its own `ConnectionThread`. In WAL mode a reader sees
/// the last committed state and never waits for the writer, so reads go on while an import
/// writes; a read (or an export, which keeps its reader until it ends) takes a free reader, or
/// waits, suspended, for one to come back.
///
/// An export lasts as long as its consumer takes to read it (a client of `serve` that stops
/// reading holds its export), so exports never hold the last reader: with two or more, one is
/// always left to single reads, which give it back at once. A task cancelled while it waits
/// (a request past its deadline) stops waiting rather than hang.
final class ReaderPool: Sendable {
    private let readers: [ConnectionThread]
    private let state: Mutex<State>
    /// Readers exports may hold at once: all but one, when there is more than one.
    private let exportLimit: Int
    private let database: String

    private struct Waiter {
        let id: UInt64
        let forExport: Bool
        let continuation: CheckedContinuation<ConnectionThread?, Never>
    }

    private struct State {
        var free: [ConnectionThread]
        var waiting: [Waiter] = []
        var exportsOut = 0
        var nextWaiter: UInt64 = 0

        /// Whether a reader may be given now to a take of this kind.
        func canServe(forExport: Bool, limit: Int) -> Bool {
            !free.isEmpty && (!forExport || exportsOut < limit)
        }

        /// Takes a free reader for a take of this kind (`canServe` said it may).
        mutating func hand(forExport: Bool) -> ConnectionThread {
            if forExport { exportsOut += 1 }
            return free.removeLast()
        }
    }

    init(_ readers: [ConnectionThread], database: String) {
        self.readers = readers
        self.database = database
        exportLimit = max(1, readers.count - 1)
        state = Mutex(State(free: readers))
    }

    /// Takes a reader, waiting for one to be given back when none may be had; `forExport` for
    /// an export, which holds it until the export ends (see the type). Nil when the task was
    /// cancelled before a reader came.
    func take(forExport: Bool = false) async -> ConnectionThread? {
        // Most takes find a reader free: one lock, none of the waiting's machinery.
        let (free, id) = state.withLock { state -> (ConnectionThread?, UInt64) in
            if state.canServe(forExport: forExport, limit: exportLimit) { return (state.hand(forExport: forExport), 0) }
            defer { state.nextWaiter += 1 }
            return (nil, state.nextWaiter)
        }
        if let free { return free }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ConnectionThread?, Never>) in
                let (reader, cancelled) = state.withLock { state -> (ConnectionThread?, Bool) in
                    // Checked under the lock that `onCancel` takes: a cancellation either came
                    // before (and is seen here) or finds this waiter queued.
                    if Task.isCancelled { return (nil, true) }
                    if state.canServe(forExport: forExport, limit: exportLimit) { return (state.hand(forExport: forExport), false) }
                    state.waiting.append(Waiter(id: id, forExport: forExport, continuation: continuation))
                    return (nil, false)
                }
                if reader != nil || cancelled { continuation.resume(returning: reader) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index)
            }
            waiter?.continuation.resume(returning: nil)
        }
    }

    /// Gives a reader back (`fromExport` as it was taken): to the longest waiting take that may
    /// have it, else to the free list.
    func giveBack(_ reader: ConnectionThread, fromExport: Bool = false) {
        let served = state.withLock { state -> [(Waiter, ConnectionThread)] in
            state.free.append(reader)
            if fromExport { state.exportsOut -= 1 }
            var served: [(Waiter, ConnectionThread)] = []
            // An export's reader may go to a single read waiting behind another export.
            while let index = state.waiting.firstIndex(where: { state.canServe(forExport: $0.forExport, limit: exportLimit) }) {
                let waiter = state.waiting.remove(at: index)
                served.append((waiter, state.hand(forExport: waiter.forExport)))
            }
            return served
        }
        for (waiter, reader) in served { waiter.continuation.resume(returning: reader) }
    }

    /// Runs one read on a free reader.
    func read<R: Sendable>(_ body: @escaping @Sendable (StoreState) throws -> R) async throws(StorageError) -> R {
        guard let reader = await take() else { throw abandoned }
        defer { giveBack(reader) }
        return try await reader.run(body)
    }

    /// What a read whose task was cancelled while every reader was in use gets.
    var abandoned: StorageError {
        StorageError(kind: .busy, backend: .sqlite, message: "every reader of the store was in use until the read was cancelled",
                     database: database)
    }

    func stop() {
        for reader in readers { reader.stop() }
    }

    /// Stops every reader and returns once their connections are closed.
    func stopAndWait() async {
        for reader in readers { await reader.stopAndWait() }
    }
}
