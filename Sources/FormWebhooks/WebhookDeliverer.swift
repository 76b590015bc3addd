import AsyncHTTPClient
import FormEngine
import Foundation
import Metrics
import NIOCore

/// Delivers the engine's outbox to webhook receivers, each event at least once and in order
/// per submission, signed as Standard Webhooks specifies. `run()` delivers until its task is
/// cancelled (`formctl serve --webhook`); `deliverDue()` attempts what is due once and returns
/// (`formctl deliver`, from cron). Several deliverers, in one process or many on one
/// PostgreSQL database, share the work: each delivery is claimed by one of them under a lease.
///
/// A deliverer holds an HTTP client: call `shutdown()` before letting it go (else it is
/// closed in the background when the deliverer goes).
public final class WebhookDeliverer: Sendable {
    let engine: FormEngine
    let subscriptions: [WebhookSubscription]
    let options: WebhookDeliveryOptions
    let metrics: WebhookMetrics
    let onAttempt: (@Sendable (WebhookAttemptReport) -> Void)?
    /// Whose claims these are: unique to this instance, so that two deliverers, in this process
    /// or another, never take each other's claims for their own.
    let owner: String
    let client: HTTPClient

    /// A deliverer of `engine`'s outbox to `subscriptions`; metrics (attempts by result, delivery
    /// latency) go to `metrics` when given, else to swift-metrics' global factory. `onAttempt`
    /// is told of every attempt (never its body or secret), for a log of the caller's own: the
    /// library writes none.
    public init(engine: FormEngine, subscriptions: [WebhookSubscription], options: WebhookDeliveryOptions = WebhookDeliveryOptions(),
                metrics: (any MetricsFactory)? = nil, onAttempt: (@Sendable (WebhookAttemptReport) -> Void)? = nil) {
        self.engine = engine
        self.subscriptions = subscriptions
        self.options = options
        self.metrics = WebhookMetrics(factory: metrics)
        self.onAttempt = onAttempt
        owner = "\(ProcessInfo.processInfo.hostName):\(getpid()):\(String(UInt64.random(in: .min ... .max), radix: 16))"
        let timeout = TimeAmount.nanoseconds(Int64(options.timeout.seconds * 1e9))
        // Redirects are not followed: a receiver's 3xx is a failed attempt, and the signed body
        // never goes to an address the operator did not give.
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: .init(connect: timeout, read: timeout))
        // A refused connection fails the attempt at once, and the retry schedule takes over:
        // else each attempt at a receiver that is down would hold its place for the whole
        // timeout (`formctl deliver` with 1,000 due would take 40 minutes to find it down).
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Delivers until the calling task is cancelled: due events at once, new ones as they are
    /// written, retries as they fall due. Attempts in flight when it is cancelled are cut off
    /// and their claims expire (the events are attempted again). Throws only for a storage
    /// error it cannot go on from: a busy, unreachable or failing store is tried again.
    public func run() async throws(FormEngineError) {
        let failure = await withTaskGroup(of: FormEngineError?.self) { group -> FormEngineError? in
            for subscription in subscriptions {
                group.addTask {
                    do throws(FormEngineError) { try await self.deliverContinuously(to: subscription) } catch { return error }
                    return nil
                }
            }
            for await case let failure? in group {
                group.cancelAll()
                return failure
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Attempts every delivery that is due now once (a failure is scheduled for later, not
    /// waited for) and returns what happened.
    public func deliverDue() async throws(FormEngineError) -> WebhookDeliveryReport {
        let outcomes = await withTaskGroup(of: Result<WebhookDeliveryReport, FormEngineError>.self) { group in
            for subscription in subscriptions {
                group.addTask {
                    do throws(FormEngineError) { return .success(try await self.deliverDue(to: subscription)) } catch { return .failure(error) }
                }
            }
            var outcomes: [Result<WebhookDeliveryReport, FormEngineError>] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        var report = WebhookDeliveryReport(delivered: 0, retrying: 0, failed: 0, disabled: [])
        for outcome in outcomes {
            switch outcome {
            case .success(let part): report.add(part)
            case .failure(let error): throw error
            }
        }
        return report
    }

    /// Closes the HTTP client; call it once `run()` has returned and no `deliverDue()` is running.
    public func shutdown() async {
        try? await client.shutdown()
    }

    deinit {
        // A deliverer let go without `shutdown()` (its owner threw on the way) still closes its
        // client, which would otherwise stop a debug build; after `shutdown()` this does nothing.
        client.shutdown { _ in }
    }

    /// Attempts in flight at once to one receiver (at least one).
    var concurrency: Int { max(1, options.concurrency) }
}
