import Foundation
import Testing
@testable import FormStore

/// The rows of a database that an older formctl (f42e323) filled, once today's store has
/// migrated it, on SQLite and on PostgreSQL: each starts its history as revision 1, received,
/// and is then edited, reviewed, deleted, purged or resumed like a row stored today.
@Suite struct OldDatabaseHistoryTests {
    @Test(arguments: Backend.allCases) func oldRowsStartTheirHistoryAsRevisionOneReceived(_ backend: Backend) async throws {
        let old = try OldDatabase(backend)
        let rows = try old.rows()
        let store = try await old.open()
        for row in rows {
            let stored = try #require(try await store.submission(id: row.id))
            #expect(stored.revision == 1 && stored.reviewState == .received, "\(row)")
            #expect(stored.revisionActor == nil && stored.revisionReason == nil && stored.reviewComment == nil, "\(row)")
            #expect(stored.deletion == nil, "\(row)")
            let history = try #require(try await store.history(submissionID: row.id))
            #expect(history.submission == stored && history.reviews.isEmpty)
            #expect(history.revisions == [SubmissionRevision(
                revision: 1, formVersionID: row.formVersionID, version: row.version, valuesJSON: row.valuesJSON,
                at: stored.updatedAt, actor: nil, reason: nil)], "\(row)")
            #expect(try await store.resumeTokenHash(submissionID: row.id) == nil, "no old row had a resume token")
        }
        let finals = rows.filter { $0.status == "final" }.count
        #expect(try await store.count(SubmissionQuery(status: .final, reviewState: .received)) == finals)
        #expect(try await store.count(SubmissionQuery().with(tombstones: .included)) == rows.count)
        #expect(try await store.accessTokens().isEmpty)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func anOldSubmissionIsEditedReviewedAndDeletedOnTheRecord(_ backend: Backend) async throws {
        let old = try OldDatabase(backend)
        let rows = try old.rows()
        let versions = try old.versions()
        let store = try await old.open()
        // The first final of version 1 of signup, moved to the latest version by its edit.
        let first = try #require(rows.first { $0.form == "signup" && $0.version == 1 && $0.status == "final" })
        let latest = try #require(versions.filter { $0.form == "signup" }.max { $0.version < $1.version })
        let values = first.valuesJSON.replacingOccurrences(of: "\"newsletter\":true", with: "\"newsletter\":false")
        #expect(values != first.valuesJSON, "the edit changes something")
        let edited = try await store.edit(SubmissionEditWrite(
            submissionID: first.id, expectedRevision: 1, formVersionID: latest.id, valuesJSON: values, actor: "ann",
            reason: "unsubscribed by phone"))
        #expect(edited.revision == 2 && edited.valuesJSON == values && edited.version == latest.version)
        #expect(edited.uuid == first.uuid && edited.createdAtText == first.createdAt && edited.updatedAtText > first.updatedAt)
        let history = try #require(try await store.history(submissionID: first.id))
        #expect(history.revisions.count == 2)
        let before = try #require(history.revisions.first)
        #expect(before.revision == 1 && before.valuesJSON == first.valuesJSON && before.formVersionID == first.formVersionID)
        #expect(before.version == first.version && Timestamp.format(before.at) == first.updatedAt && before.actor == nil)
        #expect(history.revisions.last?.reason == "unsubscribed by phone" && history.revisions.last?.actor == "ann")
        let stale = await #expect(throws: StorageError.self) {
            try await store.edit(SubmissionEditWrite(submissionID: first.id, expectedRevision: 1, formVersionID: first.formVersionID,
                                                     valuesJSON: first.valuesJSON))
        }
        #expect(stale?.kind == .conflict)

        // An old draft is no submission to edit or review.
        let draft = try #require(rows.first { $0.status == "draft" })
        let notFinal = await #expect(throws: StorageError.self) {
            try await store.edit(SubmissionEditWrite(submissionID: draft.id, expectedRevision: 1, formVersionID: draft.formVersionID,
                                                     valuesJSON: "{}"))
        }
        #expect(notFinal?.kind == .conflict)

        let registrations = rows.filter { $0.form == "registration" && $0.status == "final" }
        #expect(registrations.count >= 2)
        let reviewed = try await store.review(SubmissionReviewWrite(submissionID: registrations[0].id, state: .approved,
                                                                    comment: "paid ✓", actor: "desk"))
        #expect(reviewed.reviewState == .approved && reviewed.reviewComment == "paid ✓" && reviewed.revision == 1)
        #expect(reviewed.valuesJSON == registrations[0].valuesJSON && reviewed.updatedAtText == registrations[0].updatedAt)

        let gone = registrations[1]
        #expect(try await store.delete(id: gone.id, actor: "desk", reason: "duplicate"))
        let tombstone = try #require(try await store.history(submissionID: gone.id))
        #expect(tombstone.submission.deletion?.reason == "duplicate" && tombstone.revisions.map(\.valuesJSON) == [gone.valuesJSON])
        #expect(try await store.purge(deletedBefore: nil) == 1)
        #expect(try await store.submission(id: gone.id) == nil)

        // Every other old row is still as it was.
        let touched: Set<Int64> = [first.id, gone.id]
        for row in rows where !touched.contains(row.id) {
            #expect(try await store.submission(id: row.id).map(OldDatabase.Row.init) == row)
        }
        await store.close()
    }

    @Test(arguments: Backend.allCases) func oldDraftsAreResumedAndFinalized(_ backend: Backend) async throws {
        let old = try OldDatabase(backend)
        let rows = try old.rows()
        let store = try await old.open()
        let drafts = rows.filter { $0.status == "draft" }
        #expect(drafts.count >= 2 && Set(drafts.map(\.version)).count >= 2, "drafts of more than one version")
        // Made on the command line, they have no resume token: one given does not open them.
        let withToken = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(drafts[0].formVersionID), status: .draft, valuesJSON: "{}",
                                                 draftID: drafts[0].id, resumeTokenHash: String(repeating: "0", count: 64)))
        }
        #expect(withToken?.kind == .notFound)

        let kept = try await store.save(SubmissionWrite(version: .id(drafts[0].formVersionID), status: .draft,
                                                        valuesJSON: #"{"name":"Still a draft"}"#, draftID: drafts[0].id))
        #expect(kept.id == drafts[0].id && kept.uuid == drafts[0].uuid && kept.status == .draft)
        #expect(kept.createdAtText == drafts[0].createdAt && kept.valuesJSON == #"{"name":"Still a draft"}"#)
        for draft in drafts.dropFirst() {
            let values = draft.valuesJSON
            let final = try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .final, valuesJSON: values,
                                                             draftID: draft.id, actor: "web"))
            #expect(final.id == draft.id && final.uuid == draft.uuid && final.status == .final && final.version == draft.version)
            #expect(final.createdAtText == draft.createdAt && final.valuesJSON == values && final.revision == 1)
            #expect(try await store.history(submissionID: draft.id)?.revisions.map(\.actor) == ["web"])
        }
        #expect(try await store.count(status: .draft) == 1)
        await store.close()
    }
}
