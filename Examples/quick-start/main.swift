import FormEngine

do {
    // One engine for the whole service: it is Sendable, so every request shares it.
    let engine = try FormEngine(databasePath: "quick-start.sqlite")
    // The form's button says `"controllerAction": "submit"`: your code runs before anything
    // is stored, with every value (secrets included), and may cancel.
    engine.registerAction("submit") { context in
        let email = context.session.value(forKey: "email")?.stringValue ?? ""
        return email.hasSuffix("@example.org") ? .cancel("sign-ups from example.org are closed") : .proceed
    }
    // Load each form once: it is compiled once and shared by every submission.
    let form = try engine.loadForm(path: "forms/signup.json")

    // A request's JSON body, as a service receives it.
    let body = #"""
        {"name": "Ann Lee", "email": "ann@example.com", "password": "correct horse",
         "passwordConfirmation": "correct horse", "plan": "pro", "guests": [{"email": "bo@example.com"}]}
        """#
    // The one call: answers in; the stored submission, or every error at once, out.
    let stored = try await engine.submit(SubmissionRequest(answers: try FormValue(json: body)), to: form)
    print("201 stored submission \(stored.id) (\(stored.uuid)) at version \(stored.version): \(stored.values)")
} catch FormEngineError.invalid(let errors) {
    print("422", errors.map { "\($0.path): \($0.message)" })
} catch FormEngineError.cancelled(_, let message) {
    print("409", message)
} catch {
    print("500", error)
}
