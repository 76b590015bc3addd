import Synchronization

/// Wakes a loop that waits for the outbox: rung when it may hold something new (a signal from
/// the store, a delivery attempt that ended and freed a place). A ring while nobody waits is
/// kept for the next wait, so that none is lost between a look at the store and the wait after
/// it. Shared by the events iterator and FormWebhooks' delivery loops.
package final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    package init() {}

    package func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.rung = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Forgets the rings so far: the caller is about to look at the store, which shows what
    /// they announced.
    package func clear() {
        state.withLock { $0.rung = false }
    }

    /// Returns once rung (at once if it was rung since the last wait), at `deadline`, or when
    /// the task is cancelled.
    package func wait(until deadline: ContinuousClock.Instant) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForRing() }
            group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
            await group.next()
            group.cancelAll()
        }
    }

    private func waitForRing() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
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
