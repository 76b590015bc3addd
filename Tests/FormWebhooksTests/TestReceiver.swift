import Foundation
import Hummingbird
import Logging
import Synchronization

/// A webhook receiver on 127.0.0.1 (a small Hummingbird application): it records every request
/// it is sent, answers as `answer` says for each, and counts the requests in flight at once.
final class TestReceiver: Sendable {
    /// One request as received.
    struct Received: Sendable {
        let headers: [String: String]
        let body: [UInt8]
        /// This request's place among the requests with its webhook-id (1 for the first).
        let attempt: Int
        /// What it was answered.
        var status = 0

        var webhookID: String { headers["webhook-id"] ?? "" }
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
    }

    /// What to answer a request: its status, after how long.
    typealias Answer = @Sendable (Received) -> (status: Int, delay: Duration)

    private struct State {
        var received: [Received] = []
        var inFlight = 0
        var mostInFlight = 0
        var server: Task<Void, any Error>?
    }

    private let state = Mutex(State())
    private let answer: Answer

    init(answer: @escaping Answer = { _ in (200, .zero) }) {
        self.answer = answer
    }

    /// Every request so far, in the order they arrived (`status` is 0 until answered).
    var received: [Received] { state.withLock { $0.received } }
    /// The requests answered 2xx.
    var accepted: [Received] { received.filter { (200..<300).contains($0.status) } }
    /// The most requests in flight at once so far.
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }

    /// Listens on `port` of 127.0.0.1 (a free one when 0) and returns the port.
    func start(port: Int = 0) async throws -> Int {
        let router = Router()
        router.post("/hook") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let (received, index) = self.state.withLock { state in
                state.inFlight += 1
                state.mostInFlight = max(state.mostInFlight, state.inFlight)
                let id = headers["webhook-id"]
                let received = Received(headers: headers, body: Array(body.readableBytesView),
                                        attempt: state.received.filter { $0.webhookID == id }.count + 1)
                state.received.append(received)
                return (received, state.received.count - 1)
            }
            let (status, delay) = self.answer(received)
            defer { self.state.withLock { $0.inFlight -= 1 } }
            try await Task.sleep(for: delay)
            self.state.withLock { $0.received[index].status = status }
            return Response(status: .init(code: status))
        }
        var logger = Logger(label: "test-receiver")
        logger.logLevel = .critical
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
                              onServerRunning: { channel in listening.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let server = Task { try await app.run() }
        state.withLock { $0.server = server }
        var next = ports.makeAsyncIterator()
        guard let bound = await next.next(), bound > 0 else { throw ReceiverDidNotStart() }
        return bound
    }

    /// Stops listening and returns once the port is free.
    func stop() async {
        let server = state.withLock { state in
            defer { state.server = nil }
            return state.server
        }
        server?.cancel()
        _ = await server?.result
    }

    struct ReceiverDidNotStart: Error {}
}
