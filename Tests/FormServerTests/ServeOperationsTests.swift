import FormEngine
import Foundation
@testable import FormServer
import Synchronization
import TestSupport
import Testing

/// What `/readyz` and `/metrics` are made of, beside what the end-to-end tests see: a store
/// that does not answer or is closed, a full store (which a test cannot make of a real disk),
/// and each server counting in a registry of its own. In a module of their own: they time
/// tasks, and the end-to-end tests hold the task threads while they wait for child processes.
struct ServeOperationsTests {
    static func storageError(_ kind: StorageError.Kind) -> FormEngineError {
        .storage(StorageError(kind: kind, backend: .sqlite, message: "disk I/O on /secret/path/db.sqlite", database: "/secret/path/db.sqlite"))
    }

    /// A store read that hangs until released, counting how often it was begun.
    final class HangingRead: Sendable {
        let calls = Mutex(0)
        let released = Mutex(false)

        func read() async -> OutboxCounts {
            calls.withLock { $0 += 1 }
            while !released.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(20)) }
            return OutboxCounts(pending: 3, failed: 1, oldestDueAt: nil)
        }
    }

    /// A store that hangs costs a probe the bound (it would never answer otherwise), and
    /// however many probes come while it hangs, it holds one read.
    @Test func aStoreThatDoesNotAnswerCostsTheBoundAndHoldsOneRead() async throws {
        let store = HangingRead()
        let probe = OutboxProbe { () async throws(FormEngineError) -> OutboxCounts in await store.read() }
        guard case .noAnswer(let since) = await probe.read(within: .milliseconds(300)) else { Issue.record("answered"); return }
        #expect(since >= .milliseconds(300), "\(since)")
        guard case .noAnswer(let longer) = await probe.read(within: .milliseconds(300)) else { Issue.record("answered"); return }
        #expect(longer >= .milliseconds(600), "\(longer)")
        #expect(store.calls.withLock { $0 } == 1)
        store.released.withLock { $0 = true }
        guard case .counts(let counts) = await Self.firstAnswer(of: probe) else { Issue.record("no answer"); return }
        #expect(counts.pending == 3 && counts.failed == 1)
        #expect(store.calls.withLock { $0 } == 1)
        // Once it has answered, the next probe reads afresh.
        guard case .counts = await Self.firstAnswer(of: probe) else { Issue.record("no answer"); return }
        #expect(store.calls.withLock { $0 } == 2)
    }

    /// Probes until one answers, for up to a minute, for a loaded machine; probes while the
    /// released read is late still hold that one read, which the call counts above check.
    static func firstAnswer(of probe: OutboxProbe) async -> OutboxProbe.Outcome {
        var outcome = await probe.read(within: .seconds(10))
        for _ in 0..<5 {
            guard case .noAnswer = outcome else { break }
            outcome = await probe.read(within: .seconds(10))
        }
        return outcome
    }

    @Test func readinessSaysWhyInAKindOrADurationNeverTheStoresMessage() {
        let now = Date()
        let stuck = OutboxCounts(pending: 2, failed: 0, oldestDueAt: now.addingTimeInterval(-301))
        #expect(FormServer.readiness(of: .counts(stuck), now: now) == .unready(reason:
            "a webhook delivery has been due for 301 s without an attempt (the bound is 300 s): is a deliverer running (formctl serve --webhook or formctl deliver)?"))
        let due = OutboxCounts(pending: 2, failed: 5, oldestDueAt: now.addingTimeInterval(-299))
        #expect(FormServer.readiness(of: .counts(due), now: now) == .ready)
        #expect(FormServer.readiness(of: .counts(OutboxCounts(pending: 0, failed: 0, oldestDueAt: nil)), now: now) == .ready)
        #expect(FormServer.readiness(of: .failed(Self.storageError(.io)), now: now) == .unready(reason: "the store failed a read (io)"))
        #expect(FormServer.readiness(of: .noAnswer(since: .milliseconds(2500)), now: now)
            == .unready(reason: "the store has not answered a read for 2 s (the bound is 2 s)"))
    }

    @Test func aClosedStoreIsUnready() async throws {
        let scratch = try TemporaryDirectory()
        let database = scratch.path("forms.sqlite")
        let engine = try FormEngine(databasePath: database)
        let forms = try await ServedForms.load(directory: RepositoryFiles.path("forms"), engine: engine)
        let server = FormServer(engine: engine, forms: forms, token: nil) { _ in }
        // A generous bound, for a loaded machine.
        guard case .counts = await server.outboxProbe.read(within: .seconds(30)) else { Issue.record("the open store did not answer"); return }
        await engine.close()
        #expect(await server.readiness().status == .serviceUnavailable)
        guard case .failed(let error) = await server.outboxProbe.read(within: .seconds(30)) else { Issue.record("the closed store answered"); return }
        guard case .unready(let reason) = FormServer.readiness(of: .failed(error), now: Date()) else { Issue.record("ready"); return }
        #expect(reason.hasPrefix("the store failed a read") && !reason.contains(database), "\(reason)")
    }

    @Test func aFullStoreIs507AndCountedAsFullWithoutThePath() {
        let full = engineRefusal(Self.storageError(.full))
        #expect(full.status.code == 507 && full.storeError == .full)
        #expect(!full.message.contains("/secret") && full.message.contains("full"), "\(full.message)")
        let busy = engineRefusal(Self.storageError(.busy))
        #expect(busy.status == .serviceUnavailable && busy.storeError == .busy)
        // Other failures are not store pressure: they are 500 and not counted as busy or full.
        let corrupt = engineRefusal(Self.storageError(.corrupt))
        #expect(corrupt.status == .internalServerError && corrupt.storeError == .corrupt)

        let metrics = ServerMetrics()
        metrics.storeError(.full)
        metrics.storeError(.full)
        metrics.storeError(.corrupt)
        let text = metrics.exposition()
        #expect(text.contains(#"formctl_store_errors_total{kind="full"} 2"#), "\(text)")
        #expect(text.contains(#"formctl_store_errors_total{kind="busy"} 0"#), "\(text)")
        #expect(!text.contains("corrupt"), "\(text)")
    }

    /// A route's metrics are made once and kept: requests after the first add to the same
    /// counter and histogram, also when another status of the route shares the histogram.
    @Test func repeatedRequestsAddUpInTheKeptMetrics() {
        let metrics = ServerMetrics()
        for _ in 0..<3 { metrics.request(route: "/forms/{name}/submissions", status: 201, duration: .milliseconds(2)) }
        metrics.request(route: "/forms/{name}/submissions", status: 422, duration: .milliseconds(1))
        let text = metrics.exposition()
        #expect(text.contains(#"formctl_http_requests_total{route="/forms/{name}/submissions",status="201"} 3"#), "\(text)")
        #expect(text.contains(#"formctl_http_requests_total{route="/forms/{name}/submissions",status="422"} 1"#), "\(text)")
        #expect(text.contains(#"formctl_http_request_duration_seconds_count{route="/forms/{name}/submissions"} 4"#), "\(text)")
    }

    /// Several servers in one process (tests, a service) must not share counts, nor trip over
    /// one another's registration as the process-wide `MetricsSystem` would.
    @Test func eachServerCountsInARegistryOfItsOwn() {
        let first = ServerMetrics()
        let second = ServerMetrics()
        first.request(route: "/forms/{name}", status: 200, duration: .milliseconds(3))
        first.request(route: nil, status: 404, duration: .milliseconds(1))
        #expect(first.exposition().contains(#"formctl_http_requests_total{route="/forms/{name}",status="200"} 1"#), "\(first.exposition())")
        #expect(first.exposition().contains(#"formctl_http_requests_total{route="unmatched",status="404"} 1"#), "\(first.exposition())")
        #expect(!second.exposition().contains("formctl_http_requests_total"), "\(second.exposition())")
    }
}
