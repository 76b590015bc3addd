import FormStore

extension FormEngine {
    /// Every change to a submission from now on (or after the event with sequence `sequence`,
    /// to resume where a service stopped), in the order the outbox wrote them, from any process
    /// writing to this engine's store. Waits for new events (woken by this engine's writes and,
    /// on PostgreSQL, by any process's; otherwise looking again every `pollInterval`) and ends
    /// only when the task iterating it is cancelled. A storage error ends it by throwing.
    ///
    /// Without `sequence`, "now" is when the iteration first asks for an event; to miss none
    /// written before that, pass `lastEventSequence()` read beforehand.
    public func events(after sequence: Int64? = nil, pollInterval: Duration = .seconds(1)) -> SubmissionEvents {
        SubmissionEvents(engine: self, after: sequence, pollInterval: pollInterval)
    }

    /// The sequence of the last event written so far (0 when there is none): where
    /// `events(after:)` resumes to see only what happens from now on.
    public func lastEventSequence() async throws(FormEngineError) -> Int64 {
        do { return try await storage.lastEventSequence() } catch { throw .storage(error) }
    }
}

/// The engine's events as an `AsyncSequence`: see `FormEngine.events(after:pollInterval:)`.
public struct SubmissionEvents: AsyncSequence, Sendable {
    /// Each element is one event; iteration throws a `FormEngineError` when the store fails.
    public typealias Element = SubmissionEvent

    let engine: FormEngine
    let after: Int64?
    let pollInterval: Duration

    /// Events read from the store at most at once.
    package static let pageSize = 256

    /// Reads a page of events at a time, and waits when there is none.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
        let engine: FormEngine
        /// The last event handed out (or the start); nil until the first `next()` reads it.
        var cursor: Int64?
        let pollInterval: Duration
        /// Events read and not yet handed out, oldest first.
        var page: ArraySlice<SubmissionEvent> = []
        /// Made by the first `next()`, before the first read, so that no signal of a write
        /// after that read is missed.
        var listener: OutboxSignalListener?

        /// The next event, waiting for one; nil once the task is cancelled.
        public mutating func next() async throws(FormEngineError) -> SubmissionEvent? {
            while !Task.isCancelled {
                if let event = page.popFirst() {
                    cursor = event.sequence
                    return event
                }
                let listener = self.listener ?? OutboxSignalListener(signals: engine.outboxSignals())
                self.listener = listener
                listener.clear()
                do {
                    let start: Int64
                    if let cursor { start = cursor } else { start = try await engine.storage.lastEventSequence() }
                    cursor = start
                    page = try await engine.storage.events(after: start, limit: SubmissionEvents.pageSize)[...]
                } catch {
                    if Task.isCancelled || error.kind == .cancelled { return nil }
                    throw .storage(error)
                }
                if page.isEmpty { await listener.wait(atMost: pollInterval) }
            }
            return nil
        }
    }

    /// Starts reading at the sequence the sequence was made with.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(engine: engine, cursor: after, pollInterval: pollInterval)
    }
}
