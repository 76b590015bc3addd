/// What an events iterator waits on between empty pages: one stream of the store's outbox
/// signals, read by a task of its own for as long as the iterator lives, so that a signal
/// arriving while the iterator reads a page is kept for its next wait instead of lost. (A wait
/// cannot read the stream itself: cancelling a wait that times out would end the stream.)
final class OutboxSignalListener: Sendable {
    private let doorbell: Doorbell
    private let reader: Task<Void, Never>

    /// Starts reading `signals`; the reading ends when the listener is released.
    init(signals: AsyncStream<Void>) {
        let doorbell = Doorbell()
        self.doorbell = doorbell
        reader = Task {
            for await _ in signals { doorbell.ring() }
        }
    }

    deinit {
        reader.cancel()
    }

    /// Forgets the signals heard so far: the caller is about to look at the store, which
    /// shows what they announced.
    func clear() {
        doorbell.clear()
    }

    /// Returns at the first signal since `clear()` (at once if one came already), after
    /// `timeout`, or when the task is cancelled, whichever is first.
    func wait(atMost timeout: Duration) async {
        await doorbell.wait(until: .now + timeout)
    }
}
