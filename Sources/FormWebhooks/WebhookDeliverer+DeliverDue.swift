import FormEngine
import struct Foundation.Date

/// `deliverDue()` for one receiver: claim and attempt until nothing due is left that this run
/// has not attempted yet.
extension WebhookDeliverer {
    func deliverDue(to subscription: WebhookSubscription) async throws(FormEngineError) -> WebhookDeliveryReport {
        var report = WebhookDeliveryReport(delivered: 0, retrying: 0, failed: 0, disabled: [])
        // Once, not until the store answers as `run()` does: a run from cron on a database that
        // stays locked reports it and ends, rather than wait beside the next runs cron starts.
        let stored = try await engine.subscribe(name: subscription.name, eventTypes: subscription.eventTypes)
        // Only what is due when the run starts: a retry this run schedules (a short first retry,
        // or a slow run) is the next run's, and claiming it here would hold it under a lease and
        // could end the run before the deliveries it has not attempted yet.
        let started = Date()
        let failure = await withTaskGroup(of: Attempted?.self) { group -> FormEngineError? in
            // Each event once per run, whatever the store answers.
            var attempted = Set<Int64>()
            var inFlight = 0
            // Set again whenever an attempt ends: an accepted event may let the next of its
            // submission be claimed.
            var claimMore = true
            var failure: FormEngineError?
            while true {
                if claimMore && inFlight < concurrency && failure == nil {
                    let limit = concurrency - inFlight
                    do throws(FormEngineError) {
                        let claims = try await engine.claimDeliveries(subscriptionID: stored.id, owner: owner, lease: options.lease,
                                                                      limit: limit, dueBy: started)
                        let fresh = claims.filter { attempted.insert($0.event.sequence).inserted }
                        for claimed in fresh {
                            group.addTask { await self.attempt(claimed, to: subscription) }
                        }
                        inFlight += fresh.count
                        if fresh.count < limit { claimMore = false }
                    } catch {
                        failure = error
                    }
                }
                guard inFlight > 0 else {
                    if claimMore && failure == nil { continue }
                    break
                }
                let attempt = await group.next() ?? nil
                inFlight -= 1
                claimMore = true
                if let attempt {
                    report.count(attempt.report)
                    if failure == nil { failure = attempt.recordFailure }
                }
            }
            return failure
        }
        if let failure { throw failure }
        return report
    }
}
