@testable import FormServer
import Synchronization
import Testing

/// The one timer behind every request's deadline: what is due is cancelled, what ended first
/// never is, and the timer starts again after the server was idle. Here, not in the end-to-end
/// module, because it times tasks.
struct RequestDeadlinesTests {
    final class Cancels: Sendable {
        let fired = Mutex<[Int]>([])
        func cancel(_ number: Int) -> @Sendable () -> Void { { self.fired.withLock { $0.append(number) } } }
        var list: [Int] { fired.withLock { $0 } }
    }

    /// Waits (at most `seconds`) until `condition` holds. Generous, and asked once more at the
    /// end: the timer and this loop both run on Swift's pool, which the end-to-end suites'
    /// blocking tests can hold for seconds on a 2-core machine; a timer that fired late is
    /// still a timer that fired.
    static func eventually(within seconds: Int = 60, _ condition: () -> Bool) async throws -> Bool {
        let end = ContinuousClock.now + .seconds(seconds)
        while !condition() {
            if ContinuousClock.now > end { return condition() }
            try await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    @Test func aDeadlineThatComesCancelsAndOneForgottenFirstNeverDoes() async throws {
        let deadlines = RequestDeadlines()
        let cancels = Cancels()
        let now = ContinuousClock.now
        let ended = deadlines.watch(until: now + .milliseconds(50), cancel: cancels.cancel(1))
        let due = deadlines.watch(until: now + .milliseconds(60), cancel: cancels.cancel(2))
        let later = deadlines.watch(until: now + .seconds(600), cancel: cancels.cancel(3))
        #expect(deadlines.forget(ended) == false, "a request that ended in time was not late")
        #expect(try await Self.eventually { cancels.list == [2] })
        #expect(ContinuousClock.now >= now + .milliseconds(60), "not before its deadline")
        #expect(deadlines.forget(due) == true, "its deadline came: the request was late")
        #expect(deadlines.forget(later) == false)
        try await Task.sleep(for: .milliseconds(100))
        #expect(cancels.list == [2], "nothing forgotten is cancelled")
    }

    @Test func theTimerStartsAgainAfterAnIdleSpell() async throws {
        let deadlines = RequestDeadlines()
        let cancels = Cancels()
        for round in 1...3 {
            let ticket = deadlines.watch(until: .now + .milliseconds(20), cancel: cancels.cancel(round))
            #expect(try await Self.eventually { cancels.list.count == round }, "round \(round)")
            #expect(deadlines.forget(ticket) == true)
            // Idle: nothing watched, the timer has ended (or is about to).
            try await Task.sleep(for: .milliseconds(30))
        }
        #expect(cancels.list == [1, 2, 3])
    }

    @Test func manyRequestsEndingInTimeLeaveNothingToCancel() async throws {
        let deadlines = RequestDeadlines()
        let cancels = Cancels()
        var tickets: [RequestDeadlines.Ticket] = []
        for number in 0..<5_000 {
            tickets.append(deadlines.watch(until: .now + .milliseconds(200), cancel: cancels.cancel(number)))
            if tickets.count > 16 { #expect(deadlines.forget(tickets.removeFirst()) == false) }
        }
        let late = deadlines.watch(until: .now + .milliseconds(10), cancel: cancels.cancel(-1))
        for ticket in tickets { #expect(deadlines.forget(ticket) == false) }
        // The late one waits behind the earlier deadlines, all forgotten: it is cancelled
        // once the timer has slept past them.
        #expect(try await Self.eventually { cancels.list == [-1] })
        #expect(deadlines.forget(late) == true)
    }
}
