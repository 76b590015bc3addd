import Foundation
import Testing
@testable import FormStore
import Secrets

/// Every write path writes exactly one event in its own transaction, with the submission's
/// revision after the change; a write that fails writes none; sequences are never reused.
@Suite struct OutboxEventTests {
    static let form = StorageWriteTests.definition("survey", #"{"root":{}}"#)

    /// The events written since `after`, as (type, submission, revision).
    static func written(_ store: any SubmissionStorage, after: Int64) async throws -> [SubmissionEvent] {
        try await store.events(after: after, limit: 10_000)
    }

    @Test(arguments: OutboxBackends.all) func everyWritePathWritesOneEventWithItsRevision(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        #expect(try await store.lastEventSequence() == 0)
        let before = Date().addingTimeInterval(-1)
        let final = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1"))
        let draft = try await store.save(SubmissionWrite(version: .id(final.formVersionID), status: .draft, valuesJSON: "2",
                                                         resumeTokenHash: "h"))
        _ = try await store.save(SubmissionWrite(version: .id(final.formVersionID), status: .draft, valuesJSON: "3", draftID: draft.id))
        _ = try await store.save(SubmissionWrite(version: .id(final.formVersionID), status: .final, valuesJSON: "4", draftID: draft.id))
        let edited = try await store.edit(StorageHistoryTests.edit(final, "5"))
        _ = try await store.review(SubmissionReviewWrite(submissionID: final.id, state: .approved, comment: "ok"))
        // The same review again is a change too: one more event.
        _ = try await store.review(SubmissionReviewWrite(submissionID: final.id, state: .approved, comment: "ok"))
        #expect(try await store.delete(id: final.id, actor: "ann", reason: nil))
        let events = try await Self.written(store, after: 0)
        let expected: [(SubmissionEventType, Int64, Int)] = [
            (.created, final.id, 1), (.draftSaved, draft.id, 1), (.draftSaved, draft.id, 1), (.finalized, draft.id, 1),
            (.updated, final.id, 2), (.reviewed, final.id, 2), (.reviewed, final.id, 2), (.deleted, final.id, 2),
        ]
        #expect(events.map(\.type) == expected.map(\.0))
        #expect(events.map(\.submissionID) == expected.map(\.1))
        #expect(events.map(\.revision) == expected.map(\.2) && edited.revision == 2)
        #expect(events.map(\.sequence) == events.map(\.sequence).sorted() && Set(events.map(\.sequence)).count == events.count)
        #expect(events.allSatisfy { $0.formName == "survey" && $0.occurredAt >= before && $0.occurredAt <= Date().addingTimeInterval(1) })
        #expect(events.filter { $0.submissionID == final.id }.allSatisfy { $0.submissionUUID == final.uuid })
        #expect(events.allSatisfy { $0.id.hasPrefix("evt_") && $0.id.count == 36 && $0.id.dropFirst(4).allSatisfy(\.isHexDigit)
            && $0.id == $0.id.lowercased() })
        #expect(Set(events.map(\.id)).count == events.count)
        #expect(events.first?.occurredAt == final.createdAt, "to the millisecond, as the row's own timestamp")
        #expect(try await store.lastEventSequence() == events.last?.sequence)
        #expect(try await store.events(after: events[2].sequence, limit: 2).map(\.sequence) == events[3...4].map(\.sequence))

        // A deleted row changes no more; a purge writes nothing.
        #expect(try await !store.delete(id: final.id, actor: nil, reason: nil))
        #expect(try await store.purge(deletedBefore: nil) == 1)
        #expect(try await Self.written(store, after: 0) == events)
        await store.close()
    }

    @Test(arguments: OutboxBackends.all) func aBatchImportWritesOneEventPerRow(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let version = try await store.register(formName: "bulk", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        #expect(try await store.saveFinalBatch(formVersionID: version.id, valuesJSON: (0..<250).map { #"{"n":\#($0)}"# }) == 250)
        let events = try await Self.written(store, after: 0)
        let rows = try await store.page(SubmissionQuery(formName: "bulk", limit: 500)).submissions
        #expect(events.count == 250 && events.allSatisfy { $0.type == .created && $0.revision == 1 && $0.formName == "bulk" })
        #expect(Set(events.map(\.submissionUUID)) == Set(rows.map(\.uuid)) && Set(events.map(\.submissionID)) == Set(rows.map(\.id)))
        await store.close()
    }

    /// A write that fails after its row was written rolls its event back with it; one refused
    /// before any row changes writes none.
    @Test(arguments: OutboxBackends.all) func aFailedWriteWritesNoEvent(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1",
                                                         idempotency: StorageIdempotencyTests.keyed("k")))
        let last = try await store.lastEventSequence()
        // The row is inserted (and its trigger runs), then the key's row conflicts: all of it goes.
        let again = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(first.formVersionID), status: .final, valuesJSON: "2",
                                                 idempotency: StorageIdempotencyTests.keyed("k")))
        }
        #expect(again?.kind == .constraint)
        let edit = await #expect(throws: StorageError.self) {
            var write = StorageHistoryTests.edit(first, "3")
            write.idempotency = StorageIdempotencyTests.keyed("k")
            return try await store.edit(write)
        }
        #expect(edit?.kind == .constraint)
        #expect(try await store.submission(id: first.id)?.revision == 1)
        // Refused before a row changes: a stale revision, a final row saved as a draft, a
        // review of a draft, a deletion of what is not there.
        _ = try? await store.edit(StorageHistoryTests.edit(first, "4", from: 7))
        _ = try? await store.save(SubmissionWrite(version: .id(first.formVersionID), status: .draft, valuesJSON: "5", draftID: first.id))
        let draft = try await store.save(SubmissionWrite(version: .id(first.formVersionID), status: .draft, valuesJSON: "6"))
        _ = try? await store.review(SubmissionReviewWrite(submissionID: draft.id, state: .approved))
        #expect(try await !store.delete(id: 9_999, actor: nil, reason: nil))
        let events = try await Self.written(store, after: last)
        #expect(events.map(\.type) == [.draftSaved] && events.map(\.submissionID) == [draft.id])
        await store.close()
    }

    /// SQLite gives a purged row's id to the next row; the event sequence goes on past it, and
    /// each event keeps the UUID of the submission it was about.
    @Test(arguments: OutboxBackends.all) func sequencesAreNotReusedAfterAPurge(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1"))
        #expect(try await store.delete(id: first.id, actor: nil, reason: nil))
        #expect(try await store.purge(deletedBefore: nil) == 1)
        let highest = try await store.lastEventSequence()
        // Removing the events themselves (an operator's clean-up) must not make a sequence come back.
        try database.sql("DELETE FROM outbox_events")
        let next = try await store.save(SubmissionWrite(version: .id(first.formVersionID), status: .final, valuesJSON: "2"))
        let events = try await Self.written(store, after: 0)
        #expect(events.count == 1 && events[0].sequence > highest)
        #expect(events[0].submissionUUID == next.uuid && events[0].submissionUUID != first.uuid)
        await store.close()
    }
}

/// The backends the outbox tests run on.
enum OutboxBackends {
    static let all: [Backend] = Backend.allCases
}

/// Events commit in sequence order, so a reader that follows the sequence while others write
/// (as `engine.events` and every claim do) never steps past an event that commits later.
@Suite struct OutboxEventOrderTests {
    @Test(arguments: OutboxBackends.all) func aReaderFollowingTheSequenceMissesNoEventOfConcurrentWriters(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let stores = [try await database.open(), try await database.open()]
        let version = try await stores[0].register(formName: "race", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        let reader = try await database.open()
        let writersDone = CancellationFlag()
        let followed = Task {
            var seen: [Int64] = []
            var cursor: Int64 = 0
            while !writersDone.isSet {
                let page = try await reader.events(after: cursor, limit: 1_000)
                seen += page.map(\.sequence)
                cursor = page.last?.sequence ?? cursor
            }
            // The writers are done: what is left is read once more.
            seen += try await reader.events(after: cursor, limit: 100_000).map(\.sequence)
            return seen
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<6 {
                group.addTask {
                    let store = stores[writer % 2]
                    for n in 0..<40 {
                        let row = try await store.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: "\(n)"))
                        if n % 4 == 0 { _ = try await store.edit(StorageHistoryTests.edit(row, "\(n + 1_000)")) }
                    }
                }
            }
            try await group.waitForAll()
        }
        writersDone.set()
        let seen = try await followed.value
        let all = try await reader.events(after: 0, limit: 100_000).map(\.sequence)
        #expect(all.count == 6 * 50)
        let missed = Set(all).subtracting(seen).sorted()
        #expect(missed.isEmpty, "stepped over \(missed.count) events: \(missed.prefix(10))")
        #expect(seen == all || !missed.isEmpty, "each event seen once, in order")
        for store in stores + [reader] { await store.close() }
    }
}
