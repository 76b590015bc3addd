@testable import FormServer
import Logging
import Synchronization
import Testing

/// What Hummingbird logs reaches the server's log at `critical` only, and a request's metadata
/// is neither kept nor written.
struct FrameworkLogHandlerTests {
    @Test func criticalLinesReachTheServersLogAndMetadataIsNotKept() {
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "test") { _ in FrameworkLogHandler { line in lines.withLock { $0.append(line) } } }
        logger[metadataKey: "hb.request.id"] = "42"
        logger.error("a request failed")
        logger.critical("cannot accept connections")
        #expect(logger[metadataKey: "hb.request.id"] == nil)
        #expect(lines.withLock { $0 } == ["formctl serve: critical: cannot accept connections"])
    }
}
