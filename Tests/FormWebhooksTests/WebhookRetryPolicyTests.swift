import FormWebhooks
import Testing

/// The documented schedule (README "Retries"): the first three attempts within 30 seconds of the
/// event, then four times longer each time up to 12 hours, 12 attempts in all.
@Suite struct WebhookRetryPolicyTests {
    @Test func theDefaultScheduleIsTheOneTheReadmeShows() {
        let policy = WebhookRetryPolicy()
        let waits = (1...11).map { policy.interval(afterAttempt: $0) }
        #expect(waits == [.seconds(5), .seconds(20), .seconds(80), .seconds(320), .seconds(1280), .seconds(5120),
                          .seconds(20480), .seconds(43200), .seconds(43200), .seconds(43200), .seconds(43200)])
        #expect(policy.interval(afterAttempt: 12) == nil, "the twelfth attempt is the last")
    }

    @Test func jitterStaysWithinItsShareAndTheFirstThreeAttemptsWithinThirtySeconds() {
        let policy = WebhookRetryPolicy()
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            guard let first = policy.delay(afterAttempt: 1, using: &random),
                  let second = policy.delay(afterAttempt: 2, using: &random)
            else { Issue.record("no delay before the third attempt"); return }
            #expect(first >= .milliseconds(4500) && first <= .milliseconds(5500))
            #expect(second >= .milliseconds(18000) && second <= .milliseconds(22000))
            #expect(first + second <= .seconds(30))
        }
        #expect(policy.delay(afterAttempt: 12, using: &random) == nil)
    }
}
