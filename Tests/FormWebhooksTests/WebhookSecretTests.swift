import FormWebhooks
import Testing

@Suite struct WebhookSecretTests {
    /// The Standard Webhooks reference libraries' own example: a receiver using any of them
    /// verifies what formctl signs.
    @Test func signsAsTheStandardWebhooksLibrariesDo() throws {
        let secret = try WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        let signature = secret.signature(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330,
                                         body: Array(#"{"test": 2432232314}"#.utf8))
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func aGeneratedSecretReadsBackAndDiffers() throws {
        let a = WebhookSecret.generate()
        let b = WebhookSecret.generate()
        #expect(a.text.hasPrefix("whsec_"))
        #expect(try WebhookSecret(a.text + "\n") == a)
        #expect(a != b)
        #expect("\(a)" == "whsec_…")
    }

    @Test func refusesWhatIsNotASecret() {
        #expect(throws: WebhookConfigurationError.self) { try WebhookSecret("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw") }
        #expect(throws: WebhookConfigurationError.self) { try WebhookSecret("whsec_not base64!") }
        #expect(throws: WebhookConfigurationError.self) { try WebhookSecret("whsec_c2hvcnQ=") }
    }
}
