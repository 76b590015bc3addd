import FormEngine
import Synchronization

/// The store read behind `/readyz` and the outbox gauges of `/metrics`: the outbox's counts,
/// waited for no longer than a bound. One read at a time: a probe that comes while one is
/// under way waits on that one, so a store that hangs holds one read, however often the
/// orchestrator asks.
final class OutboxProbe: Sendable {
    enum Outcome: Sendable {
        case counts(OutboxCounts)
        case failed(FormEngineError)
        /// No answer within the bound; the read under way began `since` ago.
        case noAnswer(since: Duration)
    }

    private typealias Read = Task<Result<OutboxCounts, FormEngineError>, Never>
    private let inFlight = Mutex<(read: Read, started: ContinuousClock.Instant)?>(nil)
    private let counts: @Sendable () async throws(FormEngineError) -> OutboxCounts

    /// A probe of `counts`: `engine.outboxCounts()`.
    init(counts: @escaping @Sendable () async throws(FormEngineError) -> OutboxCounts) {
        self.counts = counts
    }

    /// The counts, or why there are none, within `bound`.
    func read(within bound: Duration) async -> Outcome {
        let (read, started) = currentRead()
        let answer = await Self.first(of: read, within: bound)
        guard let answer else { return .noAnswer(since: .now - started) }
        switch answer {
        case .success(let counts): return .counts(counts)
        case .failure(let error): return .failed(error)
        }
    }

    private func currentRead() -> (Read, ContinuousClock.Instant) {
        inFlight.withLock { state in
            if let state { return state }
            let counts = self.counts
            let read = Read {
                let result: Result<OutboxCounts, FormEngineError>
                do throws(FormEngineError) { result = .success(try await counts()) } catch { result = .failure(error) }
                self.finished()
                return result
            }
            let started = ContinuousClock.now
            state = (read, started)
            return (read, started)
        }
    }

    private func finished() {
        inFlight.withLock { $0 = nil }
    }

    /// The read's result, or nil when `bound` passes first; the read goes on either way (a
    /// store call on its thread cannot be stopped), and the next probe waits on it.
    private static func first(of read: Read, within bound: Duration) async -> Result<OutboxCounts, FormEngineError>? {
        let race = Race()
        let answer = await withCheckedContinuation { continuation in
            race.begin(continuation)
            Task { race.finish(with: await read.value) }
            race.timer = Task {
                try? await Task.sleep(for: bound)
                race.finish(with: nil)
            }
        }
        race.timer?.cancel()
        return answer
    }

    /// Whichever of the read and the timer ends first resumes the waiting probe, once.
    private final class Race: Sendable {
        private let waiting = Mutex<CheckedContinuation<Result<OutboxCounts, FormEngineError>?, Never>?>(nil)
        private let timerTask = Mutex<Task<Void, Never>?>(nil)

        var timer: Task<Void, Never>? {
            get { timerTask.withLock { $0 } }
            set { timerTask.withLock { $0 = newValue } }
        }

        func begin(_ continuation: CheckedContinuation<Result<OutboxCounts, FormEngineError>?, Never>) {
            waiting.withLock { $0 = continuation }
        }

        func finish(with answer: Result<OutboxCounts, FormEngineError>?) {
            waiting.withLock { $0.take() }?.resume(returning: answer)
        }
    }
}
