import Crypto
import Foundation
import FormEngine
import FormWebhooks
import Synchronization
import TestSupport
import Testing

/// An engine on a fresh SQLite file with a one-field form, and what keeps its directory.
struct DeliveryFixture {
    let engine: FormEngine
    let form: LoadedForm
    let scratch: TemporaryDirectory

    init() async throws {
        let scratch = try TemporaryDirectory(prefix: "webhooks")
        try await self.init(engine: try await FormEngine(database: scratch.path("outbox.sqlite")), scratch: scratch)
    }

    init(engine: FormEngine, scratch: TemporaryDirectory) async throws {
        self.engine = engine
        self.scratch = scratch
        let definition = try FormDefinition(json: #"""
            {"sections": [{"elements": [{"type": "entry", "key": "name"},
                                        {"type": "entry", "key": "pin", "secureTextEntry": true}]}]}
            """#)
        form = try engine.loadForm(definition: definition, name: "guests")
    }

    /// A final submission of `name`, with a pin (a secure field: stored nowhere, sent to no one).
    @discardableResult
    func submit(_ name: String) async throws -> Submission {
        try await engine.submit(SubmissionRequest(answers: ["name": .string(name), "pin": .string(Self.pin)]), to: form)
    }

    static let pin = "pin-4321"

    /// The outbox's events so far, oldest first.
    func events() async throws -> [SubmissionEvent] {
        try await engine.storage.events(after: 0, limit: 10_000)
    }
}

/// A subscription to `port`'s `/hook` on 127.0.0.1.
func hook(port: Int, secret: WebhookSecret, events: Set<SubmissionEventType>? = nil) throws -> WebhookSubscription {
    try WebhookSubscription(url: "http://127.0.0.1:\(port)/hook", secret: secret, eventTypes: events)
}

/// Short waits for tests: the first retry after `firstRetry`, growing by half each time, no
/// jitter, so that a test takes a second or two, not the real schedule's minutes. The attempt's
/// timeout stays long (60 s): in a loaded `swift test` on two cores an answer the receiver gave
/// at once can reach the deliverer more than 10 s later (CI saw 11.6 s), and a timed-out
/// accepted attempt is sent again (at least once, as designed), which tests counting requests
/// would read as a fault.
func quickOptions(firstRetry: Duration = .milliseconds(200), maximumAttempts: Int = 12, timeout: Duration = .seconds(60),
                  concurrency: Int = 4) -> WebhookDeliveryOptions {
    WebhookDeliveryOptions(timeout: timeout, concurrency: concurrency,
                           retry: WebhookRetryPolicy(firstRetry: firstRetry, factor: 1.5, maximumInterval: .seconds(1),
                                                     maximumAttempts: maximumAttempts, jitter: 0),
                           pollInterval: .milliseconds(200))
}

/// Waits until `condition` holds, looking every 20 ms, for at most `limit`; records an issue
/// (with `comment`) and throws when it never does. The default is generous: `swift test` runs
/// every suite at once on two cores, with child processes, which can hold a task up for seconds,
/// and one attempt the load delays past its answer waits out `quickOptions`' 60 s timeout before
/// its retry, so the limit is that timeout and room for the retries after it. The condition is
/// looked at once more after the limit: a wait held up past it by the load still sees what
/// happened meanwhile.
func eventually(within limit: Duration = .seconds(180), _ comment: @autoclosure () -> String = "",
                sourceLocation: Testing.SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool) async throws {
    let end = ContinuousClock.now + limit
    while ContinuousClock.now < end {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    if try await condition() { return }
    Issue.record("not within \(limit): \(comment())", sourceLocation: sourceLocation)
    throw ConditionNotMet()
}

/// What `eventually` throws once it has recorded its issue, so that a test stops there instead
/// of reading results that never came.
struct ConditionNotMet: Error {}

/// Runs `deliverer.run()` in a task for the duration of `body`, then cancels it, waits for it
/// to end (within 10 s) and shuts the deliverer down.
func whileRunning<T>(_ deliverer: WebhookDeliverer, _ body: () async throws -> T) async throws -> T {
    let running = Task { try await deliverer.run() }
    do {
        let value = try await body()
        try await stop(running)
        await deliverer.shutdown()
        return value
    } catch {
        running.cancel()
        _ = await running.result
        await deliverer.shutdown()
        throw error
    }
}

/// Cancels a running deliverer and checks that it ends promptly, without an error.
func stop(_ running: Task<Void, any Error>, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
    let started = ContinuousClock.now
    running.cancel()
    try await running.value
    #expect(ContinuousClock.now - started < .seconds(30), "run() ended long after it was cancelled", sourceLocation: sourceLocation)
}

/// Whether `received` carries a valid Standard Webhooks signature by `secret`, computed here
/// with swift-crypto from the headers and body, apart from `WebhookSecret.signature`.
func signatureIsValid(_ received: TestReceiver.Received, secret: WebhookSecret) -> Bool {
    guard let id = received.headers["webhook-id"], let timestamp = received.headers["webhook-timestamp"],
          let header = received.headers["webhook-signature"], header.hasPrefix("v1,"),
          let key = Data(base64Encoded: String(secret.text.dropFirst("whsec_".count)))
    else { return false }
    let mac = HMAC<SHA256>.authenticationCode(for: Data("\(id).\(timestamp).".utf8) + Data(received.body), using: SymmetricKey(data: key))
    return Data(mac).base64EncodedString() == header.dropFirst(3)
}

/// The attempts a deliverer reported, in order.
final class AttemptLog: Sendable {
    private let reports = Mutex<[WebhookAttemptReport]>([])

    var all: [WebhookAttemptReport] { reports.withLock { $0 } }

    var hook: @Sendable (WebhookAttemptReport) -> Void {
        { report in self.reports.withLock { $0.append(report) } }
    }
}

extension DeliveryFixture {
    /// Waits until a running deliverer has made its subscriptions: they take the events written
    /// after that.
    func subscribed(_ count: Int = 1) async throws {
        try await eventually("subscriptions") { try await engine.subscriptions().count >= count }
    }
}
