import Foundation
import FormCore
import FormEngine
import FormStore
import TestSupport
import Testing

/// `FormEngine.payload(of:)`, the body a webhook carries: the submission as the listing gives
/// it at the event's revision, a draft as it is now, a tombstone with `deleted_at`, only the
/// event's own fields after a purge, never a secure field, files as their references.
@Suite("Event payloads")
struct EventPayloadTests {
    static func events(_ engine: FormEngine, _ count: Int) async throws -> [SubmissionEvent] {
        try await EventTests.first(count, of: engine.events(after: 0))
    }

    @Test func aFinalSubmissionEditedSinceShowsEachEventsRevision() async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(.sqlite)
        _ = scratch
        let (_, ann) = try await EditHistoryTests.submitAnn(engine)
        let edited = try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": "Ann Lee"], reason: "typo", actor: "desk"))
        _ = try await engine.review(id: ann.id, state: .approved, comment: "ok")
        let events = try await Self.events(engine, 3)
        #expect(events.map(\.type) == [.created, .updated, .reviewed])

        let created = try await engine.payload(of: events[0])
        #expect(created["type"] == "submission.created")
        #expect(created["timestamp"]?.stringValue == Timestamp.format(events[0].occurredAt))
        let first = try #require(created["data"])
        #expect(first["revision"] == 1 && first["data"]?["name"] == "Ann" && first["id"] == .int(Int(ann.id)) && first["uuid"] == .string(ann.uuid))
        let revisionOne = try #require(try await engine.history(id: ann.id)?.revisions.first)
        #expect(first["data"] == ann.values && first["updated_at"] == .string(Timestamp.format(revisionOne.at)))

        // The later revisions are the submission as the listing gives it now.
        let now = try #require(try await engine.submission(id: ann.id))
        for event in events[1...] {
            let payload = try await engine.payload(of: event)
            #expect(payload["type"] == .string(event.type.rawValue))
            #expect(payload["data"] == now.jsonValue, "\(payload.jsonString())")
        }
        #expect(now.revision == 2 && now.values["name"] == "Ann Lee" && edited.revision == 2)
        #expect(now.jsonValue["review"] == ["state": "approved", "comment": "ok"])
        await engine.close()
    }

    @Test func aDraftShowsItsCurrentValuesAndADeletedOneItsTombstone() async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(.sqlite)
        _ = scratch
        let form = try engine.loadForm(definition: try FormDefinition(json: EditHistoryTests.party), name: "party")
        let draft = try await engine.submit(SubmissionRequest(answers: ["name": "Dee"], status: .draft), to: form)
        _ = try await engine.submit(SubmissionRequest(answers: ["name": "Dee Two"], draftID: draft.id, status: .draft), to: form)
        let saves = try await Self.events(engine, 2)
        #expect(saves.map(\.type) == [.draftSaved, .draftSaved])
        for event in saves {
            let data = try #require(try await engine.payload(of: event)["data"])
            #expect(data["status"] == "draft" && data["data"]?["name"] == "Dee Two" && data["deleted_at"] == nil)
        }

        #expect(try await engine.delete(id: draft.id, actor: "admin", reason: "spam"))
        let deletion = try #require(try await engine.history(id: draft.id)?.submission.deletion)
        let deleted = try #require(try await EventTests.first(1, of: engine.events(after: saves[1].sequence)).first)
        #expect(deleted.type == .deleted)
        let data = try #require(try await engine.payload(of: deleted)["data"])
        #expect(data["deleted_at"] == .string(Timestamp.format(deletion.at)) && data["data"]?["name"] == "Dee Two", "\(data.jsonString())")
        #expect(data["id"] == .int(Int(draft.id)) && data["uuid"] == .string(draft.uuid))
        await engine.close()
    }

    @Test func afterAPurgeOrAnotherSubmissionUnderTheIdOnlyTheEventsOwnFieldsAreLeft() async throws {
        let (engine, scratch) = try await EditHistoryTests.engine(.sqlite)
        _ = scratch
        let (form, ann) = try await EditHistoryTests.submitAnn(engine)
        _ = try await engine.edit(id: ann.id, SubmissionEdit(answers: ["name": "Ann Lee"]))
        #expect(try await engine.delete(id: ann.id))
        #expect(try await engine.purge() == 1)
        let events = try await Self.events(engine, 3)
        #expect(events.map(\.type) == [.created, .updated, .deleted], "a purge writes no event")
        for event in events {
            let payload = try await engine.payload(of: event)
            #expect(payload["data"] == [
                "id": .int(Int(ann.id)), "uuid": .string(ann.uuid), "form": "party", "revision": .int(event.revision), "purged": true,
            ], "\(payload.jsonString())")
            #expect(payload["type"] == .string(event.type.rawValue))
        }

        // An event of another UUID under a live submission's id is not that submission's.
        let bob = try await engine.submit(SubmissionRequest(answers: ["name": "Bob", "pin": "9999"]), to: form)
        let foreign = SubmissionEvent(sequence: 99, id: "evt_" + String(repeating: "0", count: 32), type: .created, submissionID: bob.id,
                                      submissionUUID: ann.uuid, formName: "party", revision: 1, occurredAt: Date())
        let data = try #require(try await engine.payload(of: foreign)["data"])
        #expect(data["purged"] == true && data["data"] == nil && data["uuid"] == .string(ann.uuid))
        await engine.close()
    }

    @Test func noSecureFieldIsInAnyPayload() async throws {
        let test = try TestEngine()
        let form = try test.load("signup")
        let password = "correct horse battery"
        let stored = try await test.engine.submit(SubmissionRequest(answers: [
            "name": "Ann Lee", "email": "ann@example.com", "password": .string(password), "passwordConfirmation": .string(password),
            "plan": "pro",
        ]), to: form)
        _ = try await test.engine.edit(id: stored.id, SubmissionEdit(answers: ["name": "Ann Leigh"]))
        for event in try await Self.events(test.engine, 2) {
            let body = try await test.engine.payload(of: event).jsonString()
            #expect(body.contains("Ann") && body.contains("ann@example.com"), "\(body)")
            #expect(!body.contains("password") && !body.contains(password) && !body.contains("passwordConfirmation"), "\(body)")
        }
        await test.engine.close()
    }

    @Test func filesAreTheirReferences() async throws {
        let (engine, form, scratch) = try await AttachmentSubmitTests.engine(.sqlite)
        _ = scratch
        let pdf = SampleFiles.pdf(size: 2_000)
        var request = SubmissionRequest(answers: ["title": "Terminals"])
        request.attachments = [.bytes(pdf, keyPath: "slides", name: "talk.pdf")]
        let talk = try await engine.submit(request, to: form)
        let event = try #require(try await Self.events(engine, 1).first)
        let slides = try #require(try await engine.payload(of: event)["data"]?["data"]?["slides"])
        #expect(slides == talk.values["slides"], "\(slides.jsonString())")
        let file = try #require(try await engine.files(ofSubmission: talk.id).first)
        #expect(slides["sha256"] == .string(file.sha256) && slides["name"] == "talk.pdf" && slides["size"] == .int(pdf.count))
        #expect(!(try await engine.payload(of: event).jsonString().contains(String(decoding: pdf.prefix(5), as: UTF8.self))))
        await engine.close()
    }
}
