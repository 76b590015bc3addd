import FormEngine
import Testing

/// `set` reads a value for its field as `import` reads an answer: what does not parse is
/// refused with the same message, naming the field, and nothing changes.
@Suite("Session set")
struct SessionSetTests {
    /// What a submit (`import`, `fill --answers`, serve) says of one answer.
    func submitMessage(_ key: String, _ answer: FormValue, harness: TestEngine, form: LoadedForm) async -> String? {
        do {
            _ = try await harness.engine.submit(SubmissionRequest(answers: [key: answer], status: .draft), to: form)
        } catch {
            if case .invalid(let errors) = error { return errors.first { $0.path == key }?.message }
        }
        return nil
    }

    @Test(arguments: [
        ("duration", "abc" as FormValue), ("duration", "0x10"), ("day", "2026-02-30"), ("day", 20260305),
        ("format", "keynote"), ("speaker", 12),
    ])
    func aValueThatDoesNotParseForItsFieldIsRefused(key: String, value: FormValue) async throws {
        let harness = try TestEngine()
        let form = try harness.form(ProposalForm.json, name: "proposal")
        let session = try harness.engine.makeSession(for: form)
        let before = session.values
        let message = try #require(await submitMessage(key, value, harness: harness, form: form))

        #expect(throws: SessionError(path: key, message: message)) { try session.set(value, forKey: key) }
        #expect(session.values == before, "a refused value changes nothing")
    }

    @Test func textForATypedFieldIsReadAsTyped() async throws {
        let harness = try TestEngine()
        let session = try harness.engine.makeSession(for: try harness.form(ProposalForm.json, name: "proposal"))
        try session.set("12", forKey: "duration")
        try session.set("2026-03-05T10:00:00+02:00", forKey: "day")
        try session.set("Workshop", forKey: "format")
        #expect(session.value(forKey: "duration") == 12)
        #expect(session.value(forKey: "day") == "2026-03-05")
        #expect(session.value(forKey: "format") == "workshop")
        #expect(session.fields.first { $0.key == "maxAttendees" }?.isHidden == false)
    }
}
