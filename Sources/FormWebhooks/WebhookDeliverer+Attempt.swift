import AsyncHTTPClient
import FormEngine
import Foundation
import NIOCore

/// One attempt: post the event's body, signed, and record what came of it.
extension WebhookDeliverer {
    /// What is read of a receiver's answer at most: its body does not matter, only its status,
    /// but reading a little lets the connection serve the next attempt.
    static let answerBytes = 64 * 1024

    /// What came of an attempt, and the store's error if its outcome could not be recorded (the
    /// claim then expires and the event is attempted again).
    struct Attempted: Sendable {
        let report: WebhookAttemptReport
        /// What was recorded (or failed to be).
        let recordOutcome: DeliveryOutcome
        let recordFailure: FormEngineError?
    }

    /// Posts `claimed` to `subscription`, records the outcome with the retry policy and counts
    /// it; nil when the task was cancelled mid-way (nothing is recorded: the claim expires and
    /// the event is attempted again).
    func attempt(_ claimed: ClaimedDelivery, to subscription: WebhookSubscription) async -> Attempted? {
        let started = ContinuousClock.now
        let answer: Answer
        do throws(FormEngineError) {
            var body: [UInt8] = []
            JSONWriter.write(try await engine.payload(of: claimed.event), style: .compact, into: &body)
            do {
                answer = try await post(claimed.event, body: body, to: subscription)
            } catch {
                guard !Task.isCancelled else { return nil }
                answer = .failed(status: nil, error: Self.failureText(error))
            }
        } catch {
            guard !Task.isCancelled else { return nil }
            answer = .failed(status: nil, error: "the body could not be made: \(error)")
        }
        guard !(Task.isCancelled && answer.isCutOff) else { return nil }

        let now = Date()
        let result: WebhookAttemptReport.Result
        let outcome: DeliveryOutcome
        var disableFailure: FormEngineError?
        switch answer {
        case .accepted:
            result = .delivered
            outcome = .delivered
        case .gone:
            result = .gone
            // The event stays pending (due at once if the subscription is enabled again);
            // the subscription is disabled before the outcome is recorded, so that no other
            // loop claims it again meanwhile.
            outcome = .retry(at: now, status: 410, error: "HTTP 410 Gone: the subscription is disabled")
            let reason = "the receiver answered 410 Gone to \(claimed.event.id) at \(Timestamp.format(now))"
            if case .failure(let error) = await shielded({ [engine] () async throws(FormEngineError) in
                try await engine.disableSubscription(named: subscription.name, reason: reason)
            }) {
                disableFailure = error
            }
        case .failed(let status, let error), .cutOff(let status, let error):
            var random = SystemRandomNumberGenerator()
            if let delay = options.retry.delay(afterAttempt: claimed.attempt, using: &random) {
                result = .retry
                outcome = .retry(at: now.addingTimeInterval(delay.seconds), status: status, error: error)
            } else {
                result = .failed
                outcome = .exhausted(status: status, error: error)
            }
        }
        let recorded = await shielded { [engine, owner] () async throws(FormEngineError) in
            try await engine.recordDelivery(claimed, owner: owner, outcome: outcome)
        }
        let report = WebhookAttemptReport(subscription: subscription.name, eventID: claimed.event.id,
                                          eventType: claimed.event.type, attempt: claimed.attempt, result: result,
                                          status: answer.status, error: answer.error, duration: ContinuousClock.now - started)
        metrics.record(report, event: claimed.event, at: now)
        onAttempt?(report)
        if case .failure(let error) = recorded { return Attempted(report: report, recordOutcome: outcome, recordFailure: error) }
        return Attempted(report: report, recordOutcome: outcome, recordFailure: disableFailure)
    }

    /// What a receiver made of a post.
    enum Answer {
        /// 2xx.
        case accepted
        /// 410 Gone.
        case gone
        /// Any other status, or no answer.
        case failed(status: Int?, error: String)
        /// The attempt's time ran out (or its task was cancelled) before an answer.
        case cutOff(status: Int?, error: String)

        var status: Int? {
            switch self {
            case .accepted: nil
            case .gone: 410
            case .failed(let status, _), .cutOff(let status, _): status
            }
        }

        var error: String? {
            switch self {
            case .accepted: nil
            case .gone: "HTTP 410 Gone"
            case .failed(_, let error), .cutOff(_, let error): error
            }
        }

        var isCutOff: Bool {
            if case .cutOff = self { return true }
            return false
        }
    }

    /// Posts the event's body with the Standard Webhooks headers, within the attempt's time.
    func post(_ event: SubmissionEvent, body: [UInt8], to subscription: WebhookSubscription) async throws -> Answer {
        let timestamp = Int(Date().timeIntervalSince1970)
        // The credentials go in a header of their own: AsyncHTTPClient sends none from the URL.
        var request = HTTPClientRequest(url: subscription.name)
        if let credentials = subscription.credentials { request.setBasicAuth(username: credentials.user, password: credentials.password) }
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "user-agent", value: options.userAgent)
        request.headers.add(name: "webhook-id", value: event.id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(name: "webhook-signature", value: subscription.secret.signature(id: event.id, timestamp: timestamp, body: body))
        request.body = .bytes(body)

        let deadline = NIODeadline.now() + .nanoseconds(Int64(options.timeout.seconds * 1e9))
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, deadline: deadline)
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            return .cutOff(status: nil, error: "timed out after \(Self.seconds(options.timeout)) s")
        } catch let error as HTTPClientError where error == .cancelled {
            return .cutOff(status: nil, error: "cancelled")
        }
        let status = Int(response.status.code)
        await Self.drain(response.body, until: deadline)
        switch status {
        case 200..<300: return .accepted
        case 410: return .gone
        default: return .failed(status: status, error: "HTTP \(status)")
        }
    }

    /// Reads at most `answerBytes` of a body, by `deadline`.
    static func drain(_ body: HTTPClientResponse.Body, until deadline: NIODeadline) async {
        let remaining = Duration.nanoseconds(max(0, (deadline - NIODeadline.now()).nanoseconds))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var received = 0
                do {
                    for try await chunk in body {
                        received += chunk.readableBytes
                        if received >= answerBytes { return }
                    }
                } catch {}
            }
            group.addTask { try? await Task.sleep(for: remaining) }
            await group.next()
            group.cancelAll()
        }
    }

    /// A timeout as a person writes it: `10`, `0.5`.
    static func seconds(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// Runs `work` to its end even when the calling task is cancelled: an outcome the receiver
    /// gave is recorded though the deliverer is stopping (else the event would be posted again).
    func shielded<T: Sendable>(_ work: @escaping @Sendable () async throws(FormEngineError) -> T) async -> Result<T, FormEngineError> {
        await Task { () async -> Result<T, FormEngineError> in
            do throws(FormEngineError) { return .success(try await work()) } catch { return .failure(error) }
        }.value
    }
}
