import Foundation
import Testing
@testable import FormStore

/// A save that finds SQLite's writer idle runs on the caller's thread, sparing the hop to the
/// writer's thread and back; the write-ahead log is still checkpointed, on the writer's
/// thread, as SQLite's automatic checkpoint would.
@Suite struct StorageSaveHereTests {
    static let form = StorageWriteTests.definition("here", #"{"root":{}}"#)

    @Test func saveAfterSaveOnAnIdleStoreIsNeverQueuedForTheWriter() async throws {
        let database = try StoreUnderTest(.sqlite)
        let store = try SQLiteStorage(path: database.location)
        for n in 0..<20 {
            let stored = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: #"{"n":\#(n)}"#))
            // What the caller was told is what a reader finds.
            #expect(try await store.submission(id: stored.id)?.valuesJSON == #"{"n":\#(n)}"#)
        }
        #expect(store.pendingSaves.taken == 0, "no save went through the writer's queue")
        #expect(try await store.count(SubmissionQuery(formName: "here")) == 20)
        #expect(try await store.lastEventSequence() == 20)
        await store.close()
    }

    /// Writing a file's bytes would hold the caller's thread: a save with files is always
    /// the writer's, and stores them as any save does.
    @Test func aSaveWithFilesGoesToTheWriter() async throws {
        let database = try StoreUnderTest(.sqlite)
        let store = try SQLiteStorage(path: database.location)
        let file = TestFile(size: 300_000)
        let stored = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "{}",
                                                          attachments: [file.write("slides", name: "deck.pdf")]))
        #expect(store.pendingSaves.taken == 1)
        #expect(try await store.attachments(submissionID: stored.id, revision: nil).map(\.sha256) == [file.sha256])
        await store.close()
    }

    /// Without the checkpoints left to the writer's thread the log would only grow: 2,000 rows
    /// of 8 KB are about 4,500 pages, and checkpointed every 1,000 pages it stays near 1,000.
    @Test func theLogIsCheckpointedWhileSavesCommitOnTheCallersThread() async throws {
        let database = try StoreUnderTest(.sqlite)
        let store = try SQLiteStorage(path: database.location)
        let filler = String(repeating: "abcdefgh", count: 1_000)
        var largest = 0
        for n in 0..<2_000 {
            _ = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: #"{"n":\#(n),"text":"\#(filler)"}"#))
            let size = (try? FileManager.default.attributesOfItem(atPath: database.location + "-wal")[.size] as? Int) ?? 0
            largest = max(largest, size)
        }
        #expect(largest > 1_000 * 4_096, "the log reached a checkpoint's size")
        #expect(largest < 2_000 * 4_096, "the log was checkpointed and started again: \(largest) bytes")
        #expect(try await store.count(SubmissionQuery(formName: "here")) == 2_000)
        await store.close()
    }
}
