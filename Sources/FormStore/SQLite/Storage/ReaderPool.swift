import Synchronization

/// A few read-only connections, each on its own `ConnectionThread`. In WAL mode a reader sees
/// the last committed state and never waits for the writer, so reads go on while an import
/// writes; a read (or an export, which keeps its reader until it ends) takes a free reader, or
/// waits, suspended, for one to come back.
final class ReaderPool: Sendable {
    private let readers: [ConnectionThread]
    private let state: Mutex<State>

    private struct State {
        var free: [ConnectionThread]
        var waiting: [CheckedContinuation<ConnectionThread, Never>] = []
    }

    init(_ readers: [ConnectionThread]) {
        self.readers = readers
        state = Mutex(State(free: readers))
    }

    /// Takes a reader, waiting for one to be given back when all are in use.
    func take() async -> ConnectionThread {
        await withCheckedContinuation { continuation in
            let reader = state.withLock { state -> ConnectionThread? in
                if let reader = state.free.popLast() { return reader }
                state.waiting.append(continuation)
                return nil
            }
            if let reader { continuation.resume(returning: reader) }
        }
    }

    /// Gives a reader back: to the longest waiting task, else to the free list.
    func giveBack(_ reader: ConnectionThread) {
        let waiter = state.withLock { state -> CheckedContinuation<ConnectionThread, Never>? in
            if !state.waiting.isEmpty { return state.waiting.removeFirst() }
            state.free.append(reader)
            return nil
        }
        waiter?.resume(returning: reader)
    }

    /// Runs one read on a free reader.
    func read<R: Sendable>(_ body: @escaping @Sendable (StoreState) throws -> R) async throws(StorageError) -> R {
        let reader = await take()
        defer { giveBack(reader) }
        return try await reader.run(body)
    }

    func stop() {
        for reader in readers { reader.stop() }
    }

    /// Stops every reader and returns once their connections are closed.
    func stopAndWait() async {
        for reader in readers { await reader.stopAndWait() }
    }
}
