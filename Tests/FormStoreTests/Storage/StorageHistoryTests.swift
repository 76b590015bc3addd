import Foundation
import Testing
@testable import FormStore
import Secrets

/// A final submission's history through `SubmissionStorage`, the same on SQLite and on
/// PostgreSQL: edits keep every earlier revision, reviews are kept with their comments, a
/// deletion leaves a tombstone until a purge, and no edit is ever lost to another.
@Suite struct StorageHistoryTests {
    static let form = StorageWriteTests.definition("survey", #"{"root":{}}"#)

    static func edit(_ row: StoredSubmission, _ values: String, from revision: Int? = nil, actor: String? = "ann",
                     reason: String? = nil) -> SubmissionEditWrite {
        SubmissionEditWrite(submissionID: row.id, expectedRevision: revision ?? row.revision, formVersionID: row.formVersionID,
                            valuesJSON: values, actor: actor, reason: reason)
    }

    static func kind(of body: () async throws -> Void) async -> StorageError.Kind? {
        do { try await body() } catch let error as StorageError { return error.kind } catch { return .other }
        return nil
    }

    @Test(arguments: Backend.allCases) func anEditKeepsTheRevisionBefore(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: #"{"email":"a@exmaple.com"}"#,
                                                         actor: "web"))
        #expect(first.revision == 1 && first.revisionActor == "web" && first.reviewState == .received)
        let second = try await store.edit(Self.edit(first, #"{"email":"a@example.com"}"#, reason: "typo in the domain"))
        #expect(second.revision == 2)
        #expect(second.valuesJSON == #"{"email":"a@example.com"}"#)
        #expect(second.revisionActor == "ann" && second.revisionReason == "typo in the domain")
        #expect(second.uuid == first.uuid && second.createdAt == first.createdAt)
        let history = try #require(try await store.history(submissionID: first.id))
        #expect(history.revisions.map(\.revision) == [1, 2])
        #expect(history.revisions[0].valuesJSON == first.valuesJSON)
        #expect(history.revisions[0].actor == "web" && history.revisions[0].reason == nil)
        #expect(history.revisions[0].at == first.updatedAt)
        #expect(history.revisions[1].valuesJSON == second.valuesJSON && history.revisions[1].reason == "typo in the domain")
        #expect(history.submission == second)
        #expect(try await store.history(submissionID: 9_999) == nil)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func anEditFromAnOldRevisionChangesNothing(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1"))
        let second = try await store.edit(Self.edit(first, "2"))
        do {
            _ = try await store.edit(Self.edit(first, "3", from: 1))
            Issue.record("an edit from revision 1 was stored over revision 2")
        } catch {
            #expect(error.kind == .conflict)
            #expect(error.message.contains("revision 2"), "names the current revision: \(error.message)")
        }
        #expect(try await store.submission(id: first.id) == second)
        #expect(try await store.history(submissionID: first.id)?.revisions.count == 2)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func concurrentEditsFromOneRevisionStoreExactlyOne(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "0"))
        let outcomes = await withTaskGroup(of: Result<StoredSubmission, StorageError>.self) { group in
            for value in 1...8 {
                group.addTask {
                    do throws(StorageError) { return .success(try await store.edit(Self.edit(first, "\(value)"))) } catch { return .failure(error) }
                }
            }
            var all: [Result<StoredSubmission, StorageError>] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        let stored = outcomes.compactMap { try? $0.get() }
        #expect(stored.count == 1, "exactly one edit from revision 1 wins")
        #expect(outcomes.allSatisfy { outcome in
            if case .failure(let error) = outcome { return error.kind == .conflict }
            return true
        })
        let now = try #require(try await store.submission(id: first.id))
        #expect(now.revision == 2 && now.valuesJSON == stored.first?.valuesJSON)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func onlyLiveFinalSubmissionsOfTheSameFormAreEdited(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let draft = try await store.save(SubmissionWrite(version: Self.form, status: .draft, valuesJSON: "1"))
        #expect(await Self.kind { _ = try await store.edit(Self.edit(draft, "2")) } == .conflict)
        #expect(await Self.kind { _ = try await store.review(SubmissionReviewWrite(submissionID: draft.id, state: .approved)) } == .conflict)
        let final = try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .final, valuesJSON: "1"))
        let other = try await store.register(formName: "other", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        var moved = Self.edit(final, "2")
        moved.formVersionID = other.id
        #expect(await Self.kind { _ = try await store.edit(moved) } == .conflict, "a version of another form")
        #expect(try await store.delete(id: final.id, actor: nil, reason: nil))
        #expect(await Self.kind { _ = try await store.edit(Self.edit(final, "2")) } == .notFound)
        #expect(await Self.kind { _ = try await store.review(SubmissionReviewWrite(submissionID: final.id, state: .approved)) } == .notFound)
        #expect(await Self.kind { _ = try await store.edit(Self.edit(final, "2", from: 1).with(id: 9_999)) } == .notFound)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func anEditMovesToAnotherVersionOfItsForm(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1"))
        let v2 = try await store.register(formName: "survey", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        var moved = Self.edit(first, "2")
        moved.formVersionID = v2.id
        let edited = try await store.edit(moved)
        #expect(edited.version == 2 && edited.formVersionID == v2.id)
        let history = try #require(try await store.history(submissionID: first.id))
        #expect(history.revisions.map(\.version) == [1, 2])
        await store.close()
    }

    @Test(arguments: Backend.allCases) func reviewsRoundTripAndFilter(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let one = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1"))
        let two = try await store.save(SubmissionWrite(version: .id(one.formVersionID), status: .final, valuesJSON: "2"))
        let flagged = try await store.review(SubmissionReviewWrite(submissionID: one.id, state: .hasIssues, comment: "count looks wrong",
                                                                    actor: "rev"))
        #expect(flagged.reviewState == .hasIssues && flagged.reviewComment == "count looks wrong")
        _ = try await store.edit(Self.edit(flagged, "11", reason: "fixed the count"))
        let approved = try await store.review(SubmissionReviewWrite(submissionID: one.id, state: .approved, actor: "rev"))
        #expect(approved.reviewState == .approved && approved.reviewComment == nil && approved.revision == 2)
        let history = try #require(try await store.history(submissionID: one.id))
        #expect(history.reviews.map(\.state) == [.hasIssues, .approved])
        #expect(history.reviews.map(\.revision) == [1, 2])
        #expect(history.reviews[0].comment == "count looks wrong" && history.reviews[0].actor == "rev")
        #expect(try await store.page(SubmissionQuery(reviewState: .approved)).submissions.map(\.id) == [one.id])
        #expect(try await store.page(SubmissionQuery(reviewState: .received)).submissions.map(\.id) == [two.id])
        #expect(try await store.count(SubmissionQuery(formName: "survey", reviewState: .rejected)) == 0)
        var exported: [Int64] = []
        for try await row in store.export(SubmissionQuery(reviewState: .approved)) { exported.append(row.id) }
        #expect(exported == [one.id])
        await store.close()
    }

    @Test(arguments: Backend.allCases) func purgeRemovesTombstonesForGoodAndNothingElse(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let old = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1"))
        _ = try await store.edit(Self.edit(old, "2"))
        _ = try await store.review(SubmissionReviewWrite(submissionID: old.id, state: .rejected))
        let recent = try await store.save(SubmissionWrite(version: .id(old.formVersionID), status: .final, valuesJSON: "3"))
        let kept = try await store.save(SubmissionWrite(version: .id(old.formVersionID), status: .final, valuesJSON: "4"))
        #expect(try await store.delete(id: old.id, actor: "ann", reason: "duplicate"))
        try await Task.sleep(for: .milliseconds(20))
        let between = Date()
        try await Task.sleep(for: .milliseconds(20))
        #expect(try await store.delete(id: recent.id, actor: nil, reason: nil))
        var exported: [Int64] = []
        for try await row in store.export(SubmissionQuery()) { exported.append(row.id) }
        #expect(exported == [kept.id], "exports skip tombstones")
        let tombstone = try #require(try await store.history(submissionID: old.id))
        #expect(tombstone.submission.deletion?.reason == "duplicate" && tombstone.revisions.count == 2)
        #expect(try await store.purge(deletedBefore: between) == 1)
        #expect(try await store.history(submissionID: old.id) == nil)
        #expect(try await store.submission(id: recent.id)?.deletion != nil)
        #expect(try await store.purge(deletedBefore: nil) == 1)
        #expect(try await store.purge(deletedBefore: nil) == 0)
        #expect(try await store.submission(id: kept.id)?.deletion == nil)
        let left = try database.sql("SELECT count(*) FROM submission_revisions; SELECT count(*) FROM submission_reviews")
        #expect(left == "0\n0\n", "no revision or review outlives its submission")
        await store.close()
    }

    @Test(arguments: Backend.allCases) func aDeletedDraftIsNeitherResumedNorFinalized(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let draft = try await store.save(SubmissionWrite(version: Self.form, status: .draft, valuesJSON: "1"))
        #expect(try await store.delete(id: draft.id, actor: nil, reason: nil))
        for status in SubmissionStatus.allCases {
            let write = SubmissionWrite(version: .id(draft.formVersionID), status: status, valuesJSON: "2", draftID: draft.id)
            #expect(await Self.kind { _ = try await store.save(write) } == .notFound)
        }
        #expect(try await store.submission(id: draft.id)?.valuesJSON == "1")
        await store.close()
    }
}

extension SubmissionEditWrite {
    func with(id: Int64) -> SubmissionEditWrite {
        var copy = self
        copy.submissionID = id
        return copy
    }
}
