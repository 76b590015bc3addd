import Synchronization

/// What an events iterator waits on between empty pages: one stream of the store's outbox
/// signals, read by a task of its own for as long as the iterator lives, so that a signal
/// arriving while the iterator reads a page is kept for its next wait instead of lost. (A wait
/// cannot read the stream itself: cancelling a wait that times out would end the stream.)
final class OutboxSignalListener: Sendable {
    private struct State {
        var signalled = false
        var waiter: CheckedContinuation<Void, Never>?
        var reader: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// Starts reading `signals`; the reading ends when the listener is released.
    init(signals: AsyncStream<Void>) {
        let reader = Task { [weak self] in
            for await _ in signals {
                guard let self else { return }
                self.signal()
            }
        }
        state.withLock { $0.reader = reader }
    }

    deinit {
        let (reader, waiter) = state.withLock { ($0.reader, $0.waiter) }
        reader?.cancel()
        waiter?.resume()
    }

    /// Forgets the signals heard so far: the caller is about to look at the store, which
    /// shows what they announced.
    func clear() {
        state.withLock { $0.signalled = false }
    }

    /// Returns at the first signal since `clear()` (at once if one came already), after
    /// `timeout`, or when the task is cancelled, whichever is first.
    func wait(atMost timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.nextSignal() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
    }

    private func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.signalled = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private func nextSignal() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (now, replaced) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
                    if state.signalled || Task.isCancelled { return (true, nil) }
                    defer { state.waiter = continuation }
                    return (false, state.waiter)
                }
                replaced?.resume()
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
