import Foundation
import FormEngine
import PostgresTestServer
import TestSupport
import Testing

/// Edits through the engine, on an SQLite file and on PostgreSQL: an
/// edit keeps what the submission said before, a refused edit changes nothing, two edits at
/// once never lose one, and a secure field reaches no revision, difference or export.
@Suite("Edits with history, through the engine")
struct EditHistoryTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    static let backends: [Backend] = PostgresTestServer.unavailableReason == nil ? Backend.allCases : [.sqlite]

    static let party = """
        {"sections": [
          {"elements": [{"type": "entry", "key": "name", "required": true},
                        {"type": "entry", "key": "email", "validate": [{"rule": "email"}]},
                        {"type": "entry", "key": "pin", "secureTextEntry": true, "required": true, "minLength": 4}]},
          {"title": "Guests", "bind": "iterate:guests", "maximumItems": 3,
           "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email", "validate": [{"rule": "email"}]}}
        ]}
        """
    /// The same form with a field more: its version 2.
    static let partyWithCity = party.replacingOccurrences(
        of: #"{"type": "entry", "key": "name", "required": true},"#,
        with: #"{"type": "entry", "key": "name", "required": true}, {"type": "entry", "key": "city"},"#)

    /// An engine on a fresh database of `backend`, and what keeps it (a directory) alive.
    static func engine(_ backend: Backend) async throws -> (engine: FormEngine, scratch: TemporaryDirectory) {
        let scratch = try TemporaryDirectory(prefix: "engine-edit")
        switch backend {
        case .sqlite: return (try await FormEngine(database: scratch.path("edit.sqlite")), scratch)
        case .postgres: return (try await FormEngine(database: try PostgresTestServer.shared().createDatabase()), scratch)
        }
    }

    /// Ann with two guests, her pin given (and never stored).
    static func submitAnn(_ engine: FormEngine) async throws -> (form: LoadedForm, submission: Submission) {
        let form = try engine.loadForm(definition: try FormDefinition(json: party), name: "party")
        let ann = try await engine.submit(SubmissionRequest(answers: [
            "name": "Ann", "email": "ann@example.com", "pin": "1234",
            "guests": [["email": "g1@example.com"], ["email": "g2@example.com"]],
        ]), to: form)
        return (form, ann)
    }

    @Test(arguments: backends)
    func anEditKeepsTheOldValuesAndTheDifferenceShowsTheChange(backend: Backend) async throws {
        let (engine, scratch) = try await Self.engine(backend)
        _ = scratch
        let (_, ann) = try await Self.submitAnn(engine)
        #expect(ann.revision == 1 && ann.reviewState == .received)
        // The pin is required, but it was checked at submit and is not asked again.
        let edited = try await engine.edit(id: ann.id, SubmissionEdit(
            overrides: [FieldOverride(key: "guests.2.email", text: "bo@example.com")], reason: "typo", actor: "clerk"))
        #expect(edited.revision == 2 && edited.values["guests"] == [["email": "g1@example.com"], ["email": "bo@example.com"]])
        #expect(edited.values["pin"] == nil)
        let history = try #require(try await engine.history(id: ann.id))
        #expect(history.revisions.map(\.revision) == [1, 2])
        #expect(history.revisions.map(\.actor) == [nil, "clerk"] && history.revisions.map(\.reason) == [nil, "typo"])
        #expect(try history.values(ofRevision: 1)["guests"] == [["email": "g1@example.com"], ["email": "g2@example.com"]])
        #expect(try history.differences(from: 1, to: 2)
                == [FieldDifference(path: "guests.1.email", old: "g2@example.com", new: "bo@example.com")])
        #expect(try history.changes().map(\.revision.revision) == [2])
        #expect(history.revisions.allSatisfy { !$0.valuesJSON.contains("1234") && !$0.valuesJSON.contains("pin") })
        #expect(throws: RevisionError.self) { try history.differences(from: 1, to: 3) }
        // As one JSON object: each revision after the first with its changes.
        let json = try history.jsonValue()
        #expect(json["revision"] == 2 && json["review"] == ["state": "received"] && json["deleted"] == .null)
        #expect(json["revisions"]?[0]?["changes"] == nil && json["revisions"]?[0]?["actor"] == .null)
        #expect(json["revisions"]?[1]?["changes"] == [["path": "guests.1.email", "old": "g2@example.com", "new": "bo@example.com"]])
        #expect(json["revisions"]?[1]?["reason"] == "typo" && json["revisions"]?[1]?["data"] == edited.values)

        // A repeat given in the answers replaces the whole repeat; other fields keep their values.
        let fewer = try await engine.edit(id: ann.id, SubmissionEdit(answers: ["guests": [["email": "solo@example.com"]]]))
        #expect(fewer.revision == 3 && fewer.values == ["name": "Ann", "email": "ann@example.com", "guests": [["email": "solo@example.com"]]])
        // An edit that changes nothing stores no revision.
        let same = try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": "Ann"]))
        #expect(same.revision == 3 && same.updatedAt == fewer.updatedAt)
        #expect(try await engine.history(id: ann.id)?.revisions.count == 3)
        await engine.close()
    }

    @Test(arguments: backends)
    func anEditFailingValidationChangesNothing(backend: Backend) async throws {
        let (engine, scratch) = try await Self.engine(backend)
        _ = scratch
        let (_, ann) = try await Self.submitAnn(engine)
        // A secure field given in the edit is validated (and still not stored).
        let refused = await #expect(throws: FormEngineError.self) {
            try await engine.edit(id: ann.id, SubmissionEdit(answers: ["email": "not an email", "pin": "12"], actor: "clerk"))
        }
        guard case .invalid(let errors)? = refused else { Issue.record("not invalid: \(String(describing: refused))"); return }
        #expect(Set(errors.map(\.path)) == ["email", "pin"], "\(errors)")
        let after = try #require(try await engine.submission(id: ann.id))
        #expect(after == ann.withoutNotices)
        #expect(try await engine.history(id: ann.id)?.revisions.count == 1)
        await engine.close()
    }

    @Test(arguments: backends)
    func twoConcurrentEditsGiveOneSuccessAndOneConflictNeverALostUpdate(backend: Backend) async throws {
        let (engine, scratch) = try await Self.engine(backend)
        _ = scratch
        let (_, ann) = try await Self.submitAnn(engine)
        // Both read revision 1 and then write: the second must not overwrite the first.
        let outcomes = await withTaskGroup(of: Result<Submission, any Error>.self) { group in
            for name in ["Ann A", "Ann B"] {
                group.addTask {
                    do { return .success(try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": .string(name)], expectedRevision: 1))) } catch {
                        return .failure(error)
                    }
                }
            }
            var outcomes: [Result<Submission, any Error>] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let stored = outcomes.compactMap { try? $0.get() }
        let conflicts = outcomes.compactMap { outcome -> Int? in
            guard case .failure(let error) = outcome, case .editConflict(let id, let current)? = error as? FormEngineError, id == ann.id
            else { return nil }
            return current
        }
        #expect(stored.count == 1 && conflicts == [2], "\(outcomes)")
        let winner = try #require(stored.first)
        let history = try #require(try await engine.history(id: ann.id))
        #expect(history.revisions.count == 2 && history.submission.revision == 2)
        #expect(try history.values(ofRevision: 2)["name"] == winner.values["name"])
        #expect(try history.differences(from: 1, to: 2) == [FieldDifference(path: "name", old: "Ann", new: winner.values["name"])])
        // Without an expected revision, the revision read when the edit starts is the one expected.
        let later = try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": "Ann C"]))
        #expect(later.revision == 3)
        await #expect(throws: FormEngineError.self) {
            try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": "Stale"], expectedRevision: 2))
        }
        #expect(try await engine.submission(id: ann.id)?.values["name"] == "Ann C")
        await engine.close()
    }

    @Test(arguments: backends)
    func toTheLatestVersionMovesTheValuesAndTheSecureFieldReachesNothing(backend: Backend) async throws {
        let (engine, scratch) = try await Self.engine(backend)
        _ = scratch
        let (_, ann) = try await Self.submitAnn(engine)
        let latest = try engine.loadForm(definition: try FormDefinition(json: Self.partyWithCity), name: "party")
        let moved = try await engine.edit(id: ann.id, SubmissionEdit(answers: ["city": "Oslo", "pin": "5678"], form: latest))
        #expect(moved.version == 2 && moved.revision == 2 && moved.values["city"] == "Oslo" && moved.values["guests"]?.arrayValue?.count == 2)
        let history = try #require(try await engine.history(id: ann.id))
        #expect(history.revisions.map(\.version) == [1, 2])
        #expect(try history.differences(from: 1, to: 2) == [FieldDifference(path: "city", old: nil, new: "Oslo")])
        // The pin given with the edit was validated and dropped: in no revision, difference or export.
        for format: ExportFormat in [.json, .csv] {
            let sink = ExportTests.Collected()
            try await engine.export(SubmissionQuery(formName: "party"), as: format, to: sink)
            #expect(!sink.text.contains("5678") && !sink.text.contains("1234") && !sink.text.contains("pin"), "\(sink.text)")
        }
        #expect(history.revisions.allSatisfy { !$0.valuesJSON.contains("5678") && !$0.valuesJSON.contains("1234") })
        // Another form's definition is refused.
        let other = try engine.loadForm(definition: try FormDefinition(json: Self.party), name: "other")
        let refused = await #expect(throws: FormEngineError.self) {
            try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": "X"], form: other))
        }
        guard case .notEditable? = refused else { Issue.record("\(String(describing: refused))"); return }
        await engine.close()
    }

    @Test(arguments: backends)
    func aSessionEditsTheStoredValuesFromItsRevision(backend: Backend) async throws {
        let (engine, scratch) = try await Self.engine(backend)
        _ = scratch
        let (_, ann) = try await Self.submitAnn(engine)
        let (session, read) = try await engine.editSession(id: ann.id)
        #expect(read.revision == 1 && session.values["name"] == "Ann" && (session.values["pin"]?.stringValue ?? "").isEmpty)
        try session.set("Anne", forKey: "name")
        let edited = try await engine.edit(id: ann.id, session: session, reason: "spelling", actor: "ann", expectedRevision: read.revision)
        #expect(edited.revision == 2 && edited.values["name"] == "Anne")
        // The same session stored again from the revision it read is a conflict.
        let again = await #expect(throws: FormEngineError.self) {
            try await engine.edit(id: ann.id, session: session, reason: nil, actor: nil, expectedRevision: read.revision)
        }
        guard case .editConflict(_, let current)? = again else { Issue.record("\(String(describing: again))"); return }
        #expect(current == 2)
        let missing = await #expect(throws: FormEngineError.self) { try await engine.editSession(id: 999_999) }
        guard case .notEditable? = missing else { Issue.record("\(String(describing: missing))"); return }
        await engine.close()
    }

    /// An edit under an idempotency key keeps its answer in the edit's transaction, made from
    /// the new revision; an edit that changes nothing stores nothing, so keeps none.
    @Test(arguments: backends)
    func anIdempotentEditKeepsItsAnswerWithTheNewRevision(backend: Backend) async throws {
        let (engine, scratch) = try await Self.engine(backend)
        _ = scratch
        let (_, ann) = try await Self.submitAnn(engine)
        func keyed(_ key: String, _ answers: FormValue) -> SubmissionEdit {
            var edit = SubmissionEdit(answers: answers)
            edit.idempotency = SubmissionIdempotency(key: key, fingerprint: "f-\(key)", expiresAt: Date(timeIntervalSinceNow: 3600)) {
                IdempotentResponse(status: 200, contentType: "application/json", body: "revision \($0.revision) \($0.values["name"] ?? nil)")
            }
            return edit
        }
        _ = try await engine.edit(id: ann.id, keyed("k1", ["name": "Anne"]))
        let record = try #require(try await engine.idempotencyRecord(key: "k1"))
        #expect(record.submissionID == ann.id && record.response.body == #"revision 2 "Anne""#, "\(record.response.body)")
        _ = try await engine.edit(id: ann.id, keyed("k2", ["name": "Anne"]))
        #expect(try await engine.idempotencyRecord(key: "k2") == nil)
        await engine.close()
    }

    /// An edit runs no action handler, so a form whose button names one nobody registered (an
    /// imported submission's) is edited all the same.
    @Test func anEditNeedsNoActionHandler() async throws {
        let (engine, scratch) = try await Self.engine(.sqlite)
        _ = scratch
        let form = try engine.loadForm(definition: try FormDefinition(json: #"""
            {"sections": [{"elements": [{"type": "entry", "key": "name", "required": true},
                                        {"type": "button", "key": "send", "controllerAction": "sendToCRM"}]}]}
            """#), name: "crm")
        let imported = try await engine.submit(SubmissionRequest(answers: ["name": "Ann"], runsActions: false), to: form)
        #expect(try await engine.edit(id: imported.id, SubmissionEdit(answers: ["name": "Anne"])).values["name"] == "Anne")
        let (session, read) = try await engine.editSession(id: imported.id)
        try session.set("Annie", forKey: "name")
        let edited = try await engine.edit(id: imported.id, session: session, reason: nil, actor: nil, expectedRevision: read.revision)
        #expect(edited.revision == 3 && edited.values["name"] == "Annie")
        await engine.close()
    }
}

extension Submission {
    /// The submission as a read gives it: notices belong to the submit that reported them.
    var withoutNotices: Submission {
        var copy = self
        copy.notices = []
        return copy
    }
}
