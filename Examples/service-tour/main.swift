// After the write: a submission's life through FormEngine alone. Answers from the service's
// own type, read back into it, queried, shown, exported as CSV, a live session whose observer
// hears a field appear, a delete, and the events they wrote. Run it with
// `swift run service-tour` from this directory.
import FormEngine
import Foundation

/// What the service keeps of a sign-up (the passwords are checked at submit, never stored).
struct Signup: Codable {
    struct Guest: Codable { var email: String }
    var name: String
    var email: String
    var plan: String
    var guests: [Guest]?
}

/// The answers as the service sends them, secrets included.
struct SignupAnswers: Encodable {
    var name, email, password, passwordConfirmation, plan: String
    var guests: [Signup.Guest]
}

/// An export's bytes to standard output, in order with what `print` writes.
struct StandardOutput: ExportSink {
    mutating func write(_ bytes: [UInt8]) async throws { print(String(decoding: bytes, as: UTF8.self), terminator: "") }
}

do {
    let engine = try await FormEngine(database: "service-tour.sqlite")
    let form = try engine.loadForm(path: "forms/signup.json")
    // Where the store's events stand before the tour changes anything (a service keeps the
    // sequence of the last event it handled, and resumes after it).
    let start = try await engine.lastEventSequence()

    // Answers in from an Encodable, the stored values out into a Decodable.
    let answers = SignupAnswers(name: "Ann Lee", email: "ann@example.com", password: "correct horse",
                                passwordConfirmation: "correct horse", plan: "pro", guests: [.init(email: "bo@example.com")])
    let stored = try await engine.submit(form, answers: answers)
    let signup = try stored.decode(Signup.self)
    print("stored \(stored.id): \(signup.name), \(signup.guests?.count ?? 0) guest(s)")

    // Read: a page of a query, one submission as `formctl show` prints it, counts per form.
    let page = try await engine.submissions(SubmissionQuery(formName: "signup", status: .final, limit: 20))
    print("\(page.submissions.count) on the first page, more: \(page.next != nil)")
    if let shown = try await engine.show(id: stored.id) { print(shown.jsonString()) }
    for summary in try await engine.forms() { print("\(summary.name): \(summary.finalCount) final, \(summary.draftCount) drafts") }

    // Export: CSV (columns across versions, formulas neutralised) streamed to any sink.
    try await engine.export(SubmissionQuery(formName: "signup"), as: .csv, to: StandardOutput())

    // A live session for a UI: choosing the Team plan shows Company and makes it required.
    let session = try engine.makeSession(for: form)
    let token = session.observe("company") { change in
        for field in change.fields { print("observed \(field)") }
    }
    try session.set("team", forKey: "plan")
    session.removeObserver(token)

    // Delete: the row is gone, and a second delete finds nothing.
    let deleted = try await engine.delete(id: stored.id)
    print("deleted: \(deleted)")

    // Events: each change above, in order, from the store's outbox. The iteration waits for
    // more (woken by writes, or looking again every second) until its task is cancelled; the
    // tour stops at the delete. `payload(of:)` is the body a webhook carries.
    for try await event in engine.events(after: start) {
        print("event \(event.sequence): \(event.type.rawValue), submission \(event.submissionID) revision \(event.revision)")
        if event.type == .deleted {
            print(try await engine.payload(of: event).jsonString())
            break
        }
    }
    await engine.close()
} catch FormEngineError.invalid(let errors) {
    print("invalid:", errors.map { "\($0.path): \($0.message)" })
} catch {
    print("failed:", error)
}
