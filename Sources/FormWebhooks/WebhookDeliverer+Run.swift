import FormEngine
import Foundation
import Synchronization

/// `run()`'s loop for one receiver: claim what is due up to the places free, attempt each in a
/// task of its own, and wait for a reason to look again.
extension WebhookDeliverer {
    func deliverContinuously(to subscription: WebhookSubscription) async throws(FormEngineError) {
        guard let stored = try await subscribe(subscription) else { return }
        let doorbell = Doorbell()
        let loop = LoopState()
        let signals = engine.outboxSignals()
        await withDiscardingTaskGroup { group in
            // The store's signals (this engine's writes; any process's on PostgreSQL) ring the
            // bell; the stream ends when the storage closes or the task is cancelled.
            group.addTask {
                for await _ in signals { doorbell.ring() }
            }
            while !Task.isCancelled {
                let free = concurrency - loop.withLock { $0.inFlight.count }
                if free > 0 {
                    do throws(FormEngineError) {
                        let claims = try await engine.claimDeliveries(subscriptionID: stored.id, owner: owner, lease: options.lease,
                                                                      limit: free)
                        for claimed in claims where loop.withLock({ $0.inFlight.insert(claimed.event.sequence).inserted }) {
                            group.addTask {
                                let attempted = await self.attempt(claimed, to: subscription)
                                loop.withLock { loop in
                                    loop.inFlight.remove(claimed.event.sequence)
                                    if case .retry(let at, _, _)? = attempted?.recordOutcome { loop.retries.append(at) }
                                    if let failure = attempted?.recordFailure, !failure.isTransient { loop.failure = failure }
                                }
                                doorbell.ring()
                            }
                        }
                    } catch {
                        guard error.isTransient || Task.isCancelled else {
                            loop.withLock { $0.failure = error }
                            break
                        }
                    }
                }
                if loop.withLock({ $0.failure }) != nil { break }
                await doorbell.wait(until: nextLook(loop))
            }
            group.cancelAll()
        }
        if let failure = loop.withLock({ $0.failure }) { throw failure }
    }

    /// When to look again without being rung: after the poll interval, or when a retry this
    /// loop recorded falls due, whichever comes first.
    private func nextLook(_ loop: LoopState) -> ContinuousClock.Instant {
        let now = Date()
        let poll = ContinuousClock.now + options.pollInterval
        guard let retry = loop.withLock({ loop -> Date? in
            loop.retries.removeAll { $0 <= now }
            return loop.retries.min()
        }) else { return poll }
        return min(poll, ContinuousClock.now + .milliseconds(Int64(retry.timeIntervalSince(now) * 1000) + 1))
    }

    /// The store's subscription for `subscription`, created on first use; a busy or unreachable
    /// store is asked again after the poll interval. Nil once the task is cancelled.
    func subscribe(_ subscription: WebhookSubscription) async throws(FormEngineError) -> OutboxSubscription? {
        while !Task.isCancelled {
            do throws(FormEngineError) {
                return try await engine.subscribe(name: subscription.name, eventTypes: subscription.eventTypes)
            } catch where error.isTransient || Task.isCancelled {
                try? await Task.sleep(for: options.pollInterval)
            }
        }
        return nil
    }
}

/// What a receiver's loop knows of its attempts, shared with the attempts' tasks.
final class LoopState: Sendable {
    struct Fields {
        /// The events being attempted (by sequence): a claim that hands one back again is not
        /// attempted twice at once.
        var inFlight: Set<Int64> = []
        /// When the retries this loop recorded fall due.
        var retries: [Date] = []
        /// A storage error the loop cannot go on from.
        var failure: FormEngineError?
    }

    private let fields = Mutex(Fields())

    func withLock<T: Sendable>(_ body: (inout sending Fields) -> sending T) -> T { fields.withLock(body) }
}

extension FormEngineError {
    /// A store that is busy, unreachable, or failed reading or writing: worth trying again later.
    var isTransient: Bool {
        guard case .storage(let error) = self else { return false }
        return [.busy, .io, .unavailable, .full, .cancelled].contains(error.kind)
    }
}
