import Synchronization

/// The deadlines of the requests being handled, watched by one timer for them all: at a
/// request's deadline its work is cancelled. A timer per request (a task sleeping beside each
/// one) cost a task, a dispatch timer and a cancellation for every request, about a tenth of
/// a small submit's CPU; here a request costs a lock, an insert and a removal.
///
/// Deadlines are watched in the order they are set, which is their order when every request
/// has the same time limit (`FormServer.Limits.requestTimeout`): the timer sleeps until the
/// earliest, and a request that ends before its deadline is forgotten at once.
final class RequestDeadlines: Sendable {
    /// One request watched: a number that names it, and what to do at its deadline.
    typealias Ticket = UInt64

    private struct State {
        var nextTicket: Ticket = 0
        /// What each request still watched does at its deadline.
        var cancels: [Ticket: @Sendable () -> Void] = [:]
        /// Tickets in the order they were set, from `head` on; entries before it are done.
        var order: [(ticket: Ticket, deadline: ContinuousClock.Instant)] = []
        var head = 0
        /// Whether the timer's task is running (it ends when nothing is watched).
        var timerRuns = false

        /// Drops the leading tickets no longer watched, and the done part of `order` once it
        /// is most of it.
        mutating func dropForgottenHead() {
            while head < order.count, cancels[order[head].ticket] == nil { head += 1 }
            if head > 64, head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }

    private let state = Mutex(State())

    /// Watches a request until `deadline`, when `cancel` runs (on the timer's task) unless the
    /// request was forgotten first.
    func watch(until deadline: ContinuousClock.Instant, cancel: @escaping @Sendable () -> Void) -> Ticket {
        let (ticket, startsTimer) = state.withLock { state -> (Ticket, Bool) in
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.cancels[ticket] = cancel
            state.order.append((ticket, deadline))
            let startsTimer = !state.timerRuns
            state.timerRuns = true
            return (ticket, startsTimer)
        }
        if startsTimer { Task.detached { await self.runTimer() } }
        return ticket
    }

    /// Stops watching a request; true when its deadline had come (its work was cancelled).
    func forget(_ ticket: Ticket) -> Bool {
        state.withLock { state in
            guard state.cancels.removeValue(forKey: ticket) != nil else { return true }
            state.dropForgottenHead()
            return false
        }
    }

    /// Sleeps until the earliest deadline watched, cancels what is due, and ends when nothing
    /// is watched (the next `watch` starts it again).
    private func runTimer() async {
        while true {
            let next = state.withLock { state -> ContinuousClock.Instant? in
                state.dropForgottenHead()
                guard state.head < state.order.count else {
                    state.order.removeAll(keepingCapacity: true)
                    state.head = 0
                    state.timerRuns = false
                    return nil
                }
                return state.order[state.head].deadline
            }
            guard let next else { return }
            // Not cancellable: nothing cancels this task, and a wake-up before the deadline
            // would only find nothing due.
            try? await Task.sleep(until: next, clock: .continuous)
            let due = state.withLock { state -> [@Sendable () -> Void] in
                var due: [@Sendable () -> Void] = []
                let now = ContinuousClock.now
                while state.head < state.order.count, state.order[state.head].deadline <= now {
                    if let cancel = state.cancels.removeValue(forKey: state.order[state.head].ticket) { due.append(cancel) }
                    state.head += 1
                }
                return due
            }
            for cancel in due { cancel() }
        }
    }
}
