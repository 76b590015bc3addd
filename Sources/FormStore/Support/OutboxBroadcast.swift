import Synchronization

/// "Look again" for every listener at once: each `stream()` is a listener of its own, which
/// keeps at most one unread signal (a burst of writes wakes it once) and leaves when its
/// iteration ends. `finish()` ends every stream, and those asked for later, when the storage
/// closes.
package final class OutboxBroadcast: Sendable {
    private struct State {
        var nextID = 0
        var listeners: [Int: AsyncStream<Void>.Continuation] = [:]
        var isFinished = false
    }

    private let state = Mutex(State())

    package init() {}

    package func stream() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> Int? in
            guard !state.isFinished else { return nil }
            state.nextID += 1
            state.listeners[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Wakes every listener.
    package func signal() {
        for listener in state.withLock({ Array($0.listeners.values) }) { listener.yield() }
    }

    /// Ends every listener's stream; streams asked for from now on end at once.
    package func finish() {
        let listeners = state.withLock { state in
            state.isFinished = true
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }

    /// How many streams are listening (for tests that check a finished stream leaves).
    package var listenerCount: Int { state.withLock { $0.listeners.count } }
}
