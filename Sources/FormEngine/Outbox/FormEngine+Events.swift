import FormStore

extension FormEngine {
    /// Every change to a submission from now on (or after the event with sequence `sequence`,
    /// to resume where a service stopped), in the order the outbox wrote them, from any process
    /// writing to this engine's store. Waits for new events (woken by this engine's writes and,
    /// on PostgreSQL, by any process's; otherwise looking again every `pollInterval`) and ends
    /// only when the task iterating it is cancelled. A storage error ends it by throwing.
    public func events(after sequence: Int64? = nil, pollInterval: Duration = .seconds(1)) -> SubmissionEvents {
        SubmissionEvents(engine: self, after: sequence, pollInterval: pollInterval)
    }
}

/// The engine's events as an `AsyncSequence`: see `FormEngine.events(after:pollInterval:)`.
public struct SubmissionEvents: AsyncSequence, Sendable {
    /// Each element is one event; iteration throws a `FormEngineError` when the store fails.
    public typealias Element = SubmissionEvent

    let engine: FormEngine
    let after: Int64?
    let pollInterval: Duration

    /// Reads a page of events at a time, and waits when there is none.
    public struct AsyncIterator: AsyncIteratorProtocol {
        // SHAPE: the engine slice writes the iterator (pages from storage.events(after:limit:),
        // waiting on storage.outboxSignals() or pollInterval, starting at lastEventSequence()
        // when `after` is nil, returning nil on cancellation).
        let engine: FormEngine
        var cursor: Int64?
        let pollInterval: Duration

        /// The next event, waiting for one; nil once the task is cancelled.
        public mutating func next() async throws(FormEngineError) -> SubmissionEvent? {
            nil
        }
    }

    /// Starts reading at the sequence the sequence was made with.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(engine: engine, cursor: after, pollInterval: pollInterval)
    }
}
