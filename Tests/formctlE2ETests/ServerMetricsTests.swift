import FormEngine
@testable import FormServer
import Testing

/// What the metrics record beside what the end-to-end tests see: a full store (which a test
/// cannot make of a real disk), and each server counting in a registry of its own.
struct ServerMetricsTests {
    static func storageError(_ kind: StorageError.Kind) -> FormEngineError {
        .storage(StorageError(kind: kind, backend: .sqlite, message: "disk I/O on /secret/path/db.sqlite", database: "/secret/path/db.sqlite"))
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
