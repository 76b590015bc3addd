import Foundation
import FormEngine
import Testing

/// Reviews and deletions through the engine, on an SQLite file and on PostgreSQL: a review's
/// state and comment round trip into the row, its history and every export; a deleted
/// submission is gone from listings and exports, kept in its history, and gone after purge.
@Suite("Reviews and deletions, through the engine")
struct ReviewAndDeletionTests {
    typealias Backend = EditHistoryTests.Backend

    @Test(arguments: EditHistoryTests.backends)
    func reviewStateAndCommentRoundTrip(backend: Backend) async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(backend)
        _ = scratch
        let (_, ann) = try await EditHistoryTests.submitAnn(engine)
        let flagged = try await engine.review(id: ann.id, state: .hasIssues, comment: "guest 2 bounces", actor: "reviewer")
        #expect(flagged.reviewState == .hasIssues && flagged.reviewComment == "guest 2 bounces")
        _ = try await engine.edit(id: ann.id, SubmissionEdit(overrides: [FieldOverride(key: "guests.2.email", text: "bo@example.com")]))
        _ = try await engine.review(id: ann.id, state: .approved, actor: "reviewer")
        let shown = try #require(try await engine.show(id: ann.id))
        #expect(shown.objectValue?["review"] == ["state": "approved"] && shown.objectValue?["revision"] == 2)
        let history = try #require(try await engine.history(id: ann.id))
        #expect(history.reviews.map(\.state) == [.hasIssues, .approved] && history.reviews.map(\.revision) == [1, 2])
        #expect(history.reviews.map(\.comment) == ["guest 2 bounces", nil] && history.reviews.allSatisfy { $0.actor == "reviewer" })
        let approved = try await engine.submissions(SubmissionQuery(reviewState: .approved))
        #expect(approved.submissions.map(\.id) == [ann.id])
        #expect(try await engine.submissions(SubmissionQuery(reviewState: .rejected)).submissions.isEmpty)
        // Every export says it, and filters by it.
        let csv = ExportTests.Collected(), ndjson = ExportTests.Collected()
        try await engine.export(SubmissionQuery(formName: "party", reviewState: .approved), as: .csv, to: csv)
        try await engine.export(SubmissionQuery(formName: "party", reviewState: .hasIssues), as: .ndjson, to: ndjson)
        #expect(csv.records.count == 2 && csv.records[1].hasPrefix("\(ann.id),") && csv.records[1].contains(",2,approved,en,Ann,"), "\(csv.text)")
        #expect(ndjson.text.isEmpty)

        // A draft is neither edited nor reviewed.
        let form = try engine.loadForm(definition: try FormDefinition(json: EditHistoryTests.party), name: "party")
        let draft = try await engine.submit(SubmissionRequest(answers: ["name": "Draft"], status: .draft), to: form)
        for attempt in [false, true] {
            let error = await #expect(throws: FormEngineError.self) {
                if attempt { _ = try await engine.review(id: draft.id, state: .approved) } else { _ = try await engine.edit(id: draft.id, SubmissionEdit()) }
            }
            guard case .notEditable(let id, let reason)? = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(id == draft.id && reason.contains("draft"), "\(reason)")
        }
        await engine.close()
    }

    @Test(arguments: EditHistoryTests.backends)
    func aDeletedSubmissionIsGoneFromListingsAndExportsKeptInHistoryAndGoneAfterPurge(backend: Backend) async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(backend)
        _ = scratch
        let (form, ann) = try await EditHistoryTests.submitAnn(engine)
        let bob = try await engine.submit(SubmissionRequest(answers: ["name": "Bob", "pin": "9999"]), to: form)
        let draft = try await engine.submit(SubmissionRequest(answers: ["name": "Draft"], status: .draft), to: form)
        #expect(try await engine.delete(id: ann.id, actor: "admin", reason: "duplicate"))
        #expect(try await engine.delete(id: ann.id) == false, "deleted already")
        #expect(try await engine.delete(id: draft.id))

        #expect(try await engine.submission(id: ann.id) == nil)
        #expect(try await engine.show(id: ann.id) == nil)
        #expect(try await engine.submission(uuid: ann.uuid) == nil)
        let listed = try await engine.submissions(SubmissionQuery().with(tombstones: .included))
        #expect(listed.submissions.map(\.id) == [bob.id])
        let sink = ExportTests.Collected()
        try await engine.export(SubmissionQuery(formName: "party").with(tombstones: .included), as: .ndjson, to: sink)
        #expect(sink.text.split(separator: "\n").count == 1 && !sink.text.contains("Ann"), "\(sink.text)")
        // Gone for editing, reviewing and resuming too.
        await #expect(throws: FormEngineError.self) { try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": "Back"])) }
        await #expect(throws: FormEngineError.self) { try await engine.review(id: ann.id, state: .approved) }
        let resumed = await #expect(throws: FormEngineError.self) { try await engine.resumeDraft(id: draft.id, form: form) }
        guard case .draftNotFound? = resumed else { Issue.record("\(String(describing: resumed))"); return }

        let history = try #require(try await engine.history(id: ann.id))
        let deletion = try #require(history.submission.deletion)
        #expect(deletion.actor == "admin" && deletion.reason == "duplicate")
        #expect(try history.jsonValue()["deleted"]?["reason"] == "duplicate")
        #expect(try history.values(ofRevision: 1)["name"] == "Ann")

        #expect(try await engine.purge(deletedBefore: Date(timeIntervalSinceNow: -3600)) == 0, "deleted just now")
        #expect(try await engine.purge() == 2)
        #expect(try await engine.history(id: ann.id) == nil)
        #expect(try await engine.history(id: draft.id) == nil)
        #expect(try await engine.history(id: bob.id)?.submission.id == bob.id)
        await engine.close()
    }
}
