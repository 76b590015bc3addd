import Foundation
import StoreFixtures
import TestSupport
import Testing
@testable import FormStore
import Secrets

@Suite struct SubmissionStoreTests {
    let directory: TemporaryDirectory
    let store: SubmissionStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try SubmissionStore(path: directory.path("store.sqlite"))
    }

    @Test func registerIsIdempotentAndVersionsChanges() throws {
        let v1 = try store.register(formName: "signup", definitionJSON: #"{"a":1}"#)
        #expect(v1.version == 1 && v1.formName == "signup")
        #expect(v1.contentHash == SHA256.hex(of: #"{"a":1}"#))
        #expect(try store.register(formName: "signup", definitionJSON: #"{"a":1}"#) == v1)
        let v2 = try store.register(formName: "signup", definitionJSON: #"{"a":2}"#)
        #expect(v2.version == 2 && v2.id != v1.id)
        // Back to the first definition: its version again, found by content hash among all
        // versions, so alternating definitions do not mint a version per switch.
        let again = try store.register(formName: "signup", definitionJSON: #"{"a":1}"#)
        #expect(again == v1)
        #expect(try store.register(formName: "signup", definitionJSON: #"{"a":2}"#) == v2)
        let v3 = try store.register(formName: "signup", definitionJSON: #"{"a":3}"#)
        #expect(v3.version == 3)
        #expect(try store.register(formName: "login", definitionJSON: #"{"a":1}"#).version == 1)
        #expect(try store.latestVersion(formName: "signup") == v3)
        #expect(try store.latestVersion(formName: "nope") == nil)
        #expect(try store.formVersion(id: v2.id) == v2)
        #expect(try store.formVersion(id: 9999) == nil)
    }

    @Test func draftsUpdateAndFinalize() throws {
        let version = try store.register(formName: "survey", definitionJSON: "{}")
        let draft = try store.saveDraft(formVersionID: version.id, valuesJSON: #"{"q":1}"#)
        #expect(draft.status == .draft && draft.formName == "survey" && draft.version == 1)
        #expect(try store.submission(id: draft.id) == draft)

        let updated = try store.updateDraft(id: draft.id, valuesJSON: #"{"q":2}"#)
        #expect(updated.valuesJSON == #"{"q":2}"# && updated.status == .draft)
        #expect(updated.uuid == draft.uuid && updated.createdAt == draft.createdAt)
        #expect(updated.updatedAt >= draft.updatedAt)

        let final = try store.finalize(id: draft.id, valuesJSON: #"{"q":3}"#)
        #expect(final.status == .final && final.valuesJSON == #"{"q":3}"#)
        #expect(try store.submission(id: draft.id) == final)

        // A final submission is the record of what was submitted: no more changes.
        #expect(throws: StoreError.notADraft(id: draft.id)) { try store.updateDraft(id: draft.id, valuesJSON: "{}") }
        #expect(throws: StoreError.notADraft(id: draft.id)) { try store.finalize(id: draft.id, valuesJSON: "{}") }
        #expect(try store.submission(id: draft.id)?.valuesJSON == #"{"q":3}"#)
        #expect(throws: StoreError.submissionNotFound(id: 777)) { try store.updateDraft(id: 777, valuesJSON: "{}") }
    }

    @Test func saveFinalAndBatch() throws {
        let version = try store.register(formName: "f", definitionJSON: "{}")
        let single = try store.saveFinal(formVersionID: version.id, valuesJSON: #"{"n":0}"#)
        #expect(single.status == .final)
        #expect(UUID(uuidString: single.uuid) != nil)
        #expect(abs(single.createdAt.timeIntervalSinceNow) < 5)
        let ids = try store.saveFinalBatch(formVersionID: version.id, valuesJSON: (1...500).map { #"{"n":\#($0)}"# })
        #expect(ids.count == 500 && ids == ids.sorted() && ids.first.map { $0 > single.id } == true)
        let stored = try store.submissions(formName: "f", status: .final)
        #expect(stored.map(\.valuesJSON) == (0...500).map { #"{"n":\#($0)}"# })
        #expect(Set(stored.map(\.uuid)).count == 501)
        #expect(try store.saveFinalBatch(formVersionID: version.id, valuesJSON: []) == [])
    }

    @Test func unknownFormVersionIsRefusedAndNothingIsStored() throws {
        #expect(throws: StoreError.unknownFormVersion(id: 42)) { try store.saveFinal(formVersionID: 42, valuesJSON: "{}") }
        #expect(throws: StoreError.unknownFormVersion(id: 42)) { try store.saveFinalBatch(formVersionID: 42, valuesJSON: ["{}"]) }
        #expect(try store.count() == 0)
    }

    @Test func listsCountsAndPagesByFormAndStatus() throws {
        let a = try store.register(formName: "a", definitionJSON: "{}")
        let a2 = try store.register(formName: "a", definitionJSON: "{\"v\":2}")
        let b = try store.register(formName: "b", definitionJSON: "{}")
        _ = try store.saveFinal(formVersionID: a.id, valuesJSON: "1")
        _ = try store.saveDraft(formVersionID: a2.id, valuesJSON: "2")
        _ = try store.saveFinal(formVersionID: b.id, valuesJSON: "3")
        _ = try store.saveFinal(formVersionID: a2.id, valuesJSON: "4")
        #expect(try store.submissions().map(\.valuesJSON) == ["1", "2", "3", "4"])
        #expect(try store.submissions(formName: "a").map(\.valuesJSON) == ["1", "2", "4"])
        #expect(try store.submissions(formName: "a").map(\.version) == [1, 2, 2])
        #expect(try store.submissions(status: .final).map(\.valuesJSON) == ["1", "3", "4"])
        #expect(try store.submissions(formName: "a", status: .final).map(\.valuesJSON) == ["1", "4"])
        let first = try store.page(SubmissionQuery(limit: 2))
        #expect(first.submissions.map(\.valuesJSON) == ["1", "2"])
        #expect(try store.page(SubmissionQuery(limit: 2, after: first.next)).submissions.map(\.valuesJSON) == ["3", "4"])
        #expect(try store.submissions(formName: "zzz").isEmpty)
        #expect(try store.count() == 4)
        #expect(try store.count(formName: "a") == 3)
        #expect(try store.count(formName: "a", status: .draft) == 1)
        #expect(try store.count(status: .final) == 3)
        let forms = try store.forms()
        #expect(forms == [FormSummary(name: "a", versions: 2, latestVersion: 2, finalCount: 2, draftCount: 1),
                          FormSummary(name: "b", versions: 1, latestVersion: 1, finalCount: 1, draftCount: 0)])
    }

    @Test func deleteLeavesOnlyThatSubmissionAsATombstone() throws {
        let v = try store.register(formName: "d", definitionJSON: "{}")
        let one = try store.saveFinal(formVersionID: v.id, valuesJSON: "1")
        let two = try store.saveDraft(formVersionID: v.id, valuesJSON: "2")
        #expect(try store.delete(id: one.id))
        #expect(try !store.delete(id: one.id))
        #expect(try store.submission(id: one.id)?.deletion != nil)
        #expect(try store.submission(id: one.id)?.valuesJSON == "1")
        #expect(try store.submissions() == [two])
        #expect(try store.forms().first?.finalCount == 0)
    }

    @Test func writeBlocksCommitTogetherOrNotAtAll() throws {
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try store.write { tx in
                let v = try tx.register(formName: "w", definitionJSON: "{}")
                _ = try tx.saveFinal(formVersionID: v.id, valuesJSON: "lost")
                throw Refused()
            }
        }
        #expect(try store.forms().isEmpty && store.count() == 0)
        // The rolled-back version id is reused by the next register; the cache must not hand
        // out the old (rolled-back) form for it.
        let kept = try store.write { tx in
            let v = try tx.register(formName: "other", definitionJSON: "{}")
            let saved = try tx.saveFinal(formVersionID: v.id, valuesJSON: "kept")
            // Nested write: a savepoint whose failure the caller chooses to ignore.
            _ = try? tx.write { inner in
                _ = try inner.saveFinal(formVersionID: v.id, valuesJSON: "inner")
                throw Refused()
            }
            return saved
        }
        #expect(kept.formName == "other")
        #expect(try store.submissions().map(\.valuesJSON) == ["kept"])
    }

    @Test func anotherThreadWaitsForTheWriteBlockToEnd() throws {
        let store = self.store
        let seenFromOutside = LockedCount()
        try store.write { tx in
            let v = try tx.register(formName: "t", definitionJSON: "{}")
            _ = try tx.saveFinal(formVersionID: v.id, valuesJSON: "1")
            let outside = Thread { seenFromOutside.set((try? store.count()) ?? -1) }
            outside.start()
            usleep(200_000)
            // The other thread's call has not run inside the open transaction.
            #expect(seenFromOutside.value == nil)
            _ = try tx.saveFinal(formVersionID: v.id, valuesJSON: "2")
        }
        for _ in 0..<200 where seenFromOutside.value == nil { usleep(10_000) }
        #expect(seenFromOutside.value == 2, "the other thread saw the committed write, whole")
    }

    @Test func exportStreamsFilteredRowsInIdOrder() throws {
        let v = try store.register(formName: "e", definitionJSON: "{}")
        let other = try store.register(formName: "x", definitionJSON: "{}")
        _ = try store.saveFinalBatch(formVersionID: v.id, valuesJSON: (0..<1000).map { #"{"i":\#($0)}"# })
        _ = try store.saveDraft(formVersionID: v.id, valuesJSON: "draft")
        _ = try store.saveFinal(formVersionID: other.id, valuesJSON: "other")
        var seen: [String] = []
        var viaBytes = 0
        try store.exportSubmissions(formName: "e", status: .final, since: nil) { row in
            seen.append(row.valuesJSON)
            #expect(row.formName == "e" && row.status == .final && row.version == 1)
            viaBytes += row.withUTF8(.valuesJSON) { $0.count }
        }
        #expect(seen == (0..<1000).map { #"{"i":\#($0)}"# })
        #expect(viaBytes == seen.reduce(0) { $0 + $1.utf8.count })

        var decoded: [StoredSubmission] = []
        try store.exportSubmissions { row in decoded.append(try row.submission()) }
        #expect(decoded == (try store.submissions()))
    }

    @Test func exportSinceComparesCreationTimes() throws {
        let v = try store.register(formName: "s", definitionJSON: "{}")
        let old = try store.saveFinal(formVersionID: v.id, valuesJSON: "old")
        // Backdate one row so the filter has something to exclude.
        try store.locked.withLock {
            try $0.connection.run("UPDATE submissions SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?",
                                  [.integer(old.id)], operation: "backdate")
        }
        let new = try store.saveFinal(formVersionID: v.id, valuesJSON: "new")
        var seen: [String] = []
        try store.exportSubmissions(since: Date(timeIntervalSince1970: 1_600_000_000)) { seen.append($0.valuesJSON) }
        #expect(seen == ["new"])
        seen = []
        try store.exportSubmissions(since: new.createdAt) { seen.append($0.createdAtText) }
        #expect(seen == [Timestamp.format(new.createdAt)])
    }

    @Test func storeCallsFromInsideAnExportDoNotDeadlock() throws {
        let v = try store.register(formName: "r", definitionJSON: "{}")
        _ = try store.saveFinalBatch(formVersionID: v.id, valuesJSON: ["1", "2", "3"])
        var pairs: [(Int64, Int)] = []
        try store.exportSubmissions { row in
            pairs.append((row.id, try store.count()))
            // Same SQL as the outer loop: served by a private statement, outer loop unharmed.
            try store.exportSubmissions(formName: nil, status: nil, since: nil) { _ in }
        }
        #expect(pairs.map(\.0) == [1, 2, 3] && pairs.map(\.1) == [3, 3, 3])
    }

    @Test func manyTasksShareOneStore() async throws {
        let v = try store.register(formName: "t", definitionJSON: "{}")
        let store = self.store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for i in 0..<50 { _ = try store.saveFinal(formVersionID: v.id, valuesJSON: "\(task)-\(i)") }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.count(formName: "t") == 400)
    }
}

/// A value one thread sets and another reads.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int?
    var value: Int? { lock.withLock { stored } }
    func set(_ value: Int) { lock.withLock { stored = value } }
}
