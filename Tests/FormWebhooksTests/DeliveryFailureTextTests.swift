import AsyncHTTPClient
import FormEngine
@testable import FormWebhooks
import Glibc
import NIOCore
import NIOHTTP1
import Testing

/// What `formctl outbox` shows as an attempt's LAST ERROR when no answer came: the receiver's
/// side in words, not SwiftNIO's type names.
@Suite struct DeliveryFailureTextTests {
    @Test func aReceiverThatIsDownIsSaidToRefuseTheConnection() async throws {
        let fixture = try await DeliveryFixture()
        let receiver = TestReceiver()
        let port = try await receiver.start()
        await receiver.stop()
        let deliverer = WebhookDeliverer(engine: fixture.engine, subscriptions: [try hook(port: port, secret: .generate())],
                                         options: quickOptions(firstRetry: .seconds(60)))
        _ = try await deliverer.deliverDue()
        try await fixture.submit("Ann")
        #expect(try await deliverer.deliverDue().retrying == 1)
        let entry = try #require(try await fixture.engine.outbox(OutboxQuery()).first)
        #expect(entry.lastError == "connection refused: nothing listens at that address", "\(entry)")
        await deliverer.shutdown()
        await fixture.engine.close()
    }

    @Test func answersThatAreNotHTTPOrCutShortAreSaidSo() {
        #expect(WebhookDeliverer.failureText(HTTPClientError.remoteConnectionClosed) == "the receiver closed the connection without answering")
        #expect(WebhookDeliverer.failureText(HTTPParserError.invalidConstant).hasPrefix("the receiver's answer is not HTTP"))
        #expect(WebhookDeliverer.failureText(IOError(errnoCode: ECONNRESET, reason: "read")) == "the receiver reset the connection")
    }
}
