import Foundation
import Testing
@testable import FormStore

/// Files stored with submissions, through `SubmissionStorage`, on both backends: written in the
/// submission's transaction, read back byte for byte in pieces, the same bytes stored once, a
/// draft's files replaced, an edit's old revision keeping its own, and the bytes going at
/// `purge` once nothing refers to them. A write that fails stores nothing at all.
@Suite struct StorageAttachmentTests {
    static let form = StorageWriteTests.definition("talks", #"{"root":{}}"#)
    /// Three pieces, the last one short.
    static let slides = TestFile(size: 600 * 1024)
    static let photo = TestFile(size: 3_000, seed: 7)
    static let empty = TestFile([])

    /// How many rows `table` holds.
    static func rows(_ database: StoreUnderTest, _ table: String) throws -> Int {
        Int(try database.sql("SELECT count(*) FROM \(table)").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Contents, pieces and file rows, in that order.
    static func stored(_ database: StoreUnderTest) throws -> [Int] {
        try ["attachment_contents", "attachment_chunks", "submission_attachments"].map { try rows(database, $0) }
    }

    @Test(arguments: Backend.allCases) func filesReadBackByteForByte(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let row = try await store.save(SubmissionWrite(
            version: Self.form, status: .final, valuesJSON: "{}",
            attachments: [Self.slides.write("talk.slides", name: "deck.pdf", type: "application/pdf"),
                          Self.empty.write("notes", position: 1, name: "empty.txt", type: "text/plain"),
                          Self.photo.write("notes", name: "photo.png", type: "image/png")]))
        let files = try await store.attachments(submissionID: row.id, revision: nil)
        #expect(files == [
            StoredAttachment(submissionID: row.id, revision: 1, keyPath: "notes", position: 0, name: "photo.png", mediaType: "image/png",
                             size: 3_000, sha256: Self.photo.sha256),
            StoredAttachment(submissionID: row.id, revision: 1, keyPath: "notes", position: 1, name: "empty.txt", mediaType: "text/plain",
                             size: 0, sha256: Self.empty.sha256),
            StoredAttachment(submissionID: row.id, revision: 1, keyPath: "talk.slides", position: 0, name: "deck.pdf",
                             mediaType: "application/pdf", size: 600 * 1024, sha256: Self.slides.sha256),
        ])
        for (file, sent) in zip(files, [Self.photo, Self.empty, Self.slides]) {
            #expect(try await store.storedBytes(sha256: file.sha256) == sent.bytes)
        }
        #expect(try await store.attachmentChunk(sha256: Self.slides.sha256, index: 2)?.count == 600 * 1024 - 2 * AttachmentChunk.size)
        #expect(try await store.attachmentChunk(sha256: Self.slides.sha256, index: 3) == nil)
        #expect(try await store.attachmentChunk(sha256: Self.slides.sha256, index: -1) == nil)
        #expect(try await store.attachmentChunk(sha256: Self.empty.sha256, index: 0) == nil, "an empty file has no pieces")
        #expect(try await store.attachmentChunk(sha256: String(repeating: "0", count: 64), index: 0) == nil)
        #expect(try Self.stored(database) == [3, 4, 3])
        #expect(try await store.attachments(submissionID: row.id, revision: 2) == [])
        #expect(try await store.attachments(submissionID: 9_999, revision: nil) == [])
        await store.close()
    }

    @Test(arguments: Backend.allCases) func theSameBytesAreStoredOnce(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let one = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1",
                                                       attachments: [Self.slides.write("slides", name: "a.pdf")]))
        // Sent with its bytes again: they are not read, nor stored a second time.
        let unread = TestFile(Self.slides.bytes, failingAt: 0)
        let two = try await store.save(SubmissionWrite(version: .id(one.formVersionID), status: .final, valuesJSON: "2",
                                                       attachments: [unread.write("slides", name: "b.pdf")]))
        #expect(try Self.stored(database) == [1, 3, 2])
        #expect(try await store.attachments(submissionID: two.id, revision: nil).map(\.name) == ["b.pdf"])
        #expect(try await store.storedBytes(sha256: Self.slides.sha256) == Self.slides.bytes)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func aDraftUpdateReplacesItsFiles(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let draft = try await store.save(SubmissionWrite(version: Self.form, status: .draft, valuesJSON: "1",
                                                         attachments: [Self.slides.write("slides"), Self.photo.write("photo")]))
        #expect(try Self.stored(database) == [2, 4, 2])
        // The slides kept (no bytes sent), the photo replaced by an empty file.
        let updated = try await store.save(SubmissionWrite(
            version: .id(draft.formVersionID), status: .draft, valuesJSON: "2", draftID: draft.id,
            attachments: [Self.slides.write("slides", name: "renamed.pdf", withBytes: false), Self.empty.write("photo")]))
        #expect(try await store.attachments(submissionID: draft.id, revision: nil).map(\.sha256) == [Self.empty.sha256, Self.slides.sha256])
        #expect(try await store.attachments(submissionID: draft.id, revision: nil).map(\.name) == ["file.bin", "renamed.pdf"])
        #expect(try await store.attachmentChunk(sha256: Self.photo.sha256, index: 0) == nil, "the photo no one holds is gone")
        #expect(try Self.stored(database) == [2, 3, 2])
        // Finalizing with no files leaves none, and no bytes behind.
        let final = try await store.save(SubmissionWrite(version: .id(updated.formVersionID), status: .final, valuesJSON: "3",
                                                         draftID: draft.id))
        #expect(final.status == .final)
        #expect(try await store.attachments(submissionID: draft.id, revision: nil) == [])
        #expect(try Self.stored(database) == [0, 0, 0])
        await store.close()
    }

    @Test(arguments: Backend.allCases) func anEditKeepsTheOldRevisionsFiles(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let first = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1",
                                                         attachments: [Self.photo.write("photo", name: "old.png")]))
        let second = try await store.edit(SubmissionEditWrite(
            submissionID: first.id, expectedRevision: 1, formVersionID: first.formVersionID, valuesJSON: "2",
            attachments: [Self.slides.write("photo", name: "new.png"), Self.photo.write("extra", name: "old.png", withBytes: false)]))
        #expect(second.revision == 2)
        let now = try await store.attachments(submissionID: first.id, revision: nil)
        #expect(now.map(\.keyPath) == ["extra", "photo"] && now.allSatisfy { $0.revision == 2 })
        #expect(now.map(\.sha256) == [Self.photo.sha256, Self.slides.sha256])
        let before = try await store.attachments(submissionID: first.id, revision: 1)
        #expect(before.map(\.name) == ["old.png"] && before.map(\.sha256) == [Self.photo.sha256])
        #expect(try await store.storedBytes(sha256: Self.photo.sha256) == Self.photo.bytes)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func purgeRemovesFilesNoOneElseHolds(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let gone = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1",
                                                        attachments: [Self.slides.write("slides"), Self.photo.write("photo")]))
        let edited = try await store.edit(SubmissionEditWrite(submissionID: gone.id, expectedRevision: 1, formVersionID: gone.formVersionID,
                                                              valuesJSON: "2", attachments: [Self.empty.write("slides")]))
        let kept = try await store.save(SubmissionWrite(version: .id(gone.formVersionID), status: .final, valuesJSON: "3",
                                                        attachments: [Self.photo.write("photo", withBytes: false)]))
        #expect(try await store.delete(id: edited.id, actor: nil, reason: nil))
        // A tombstone keeps its files until it is purged.
        #expect(try await store.attachments(submissionID: gone.id, revision: 1).count == 2)
        #expect(try await store.storedBytes(sha256: Self.slides.sha256) == Self.slides.bytes)
        #expect(try await store.purge(deletedBefore: nil) == 1)
        #expect(try await store.attachments(submissionID: gone.id, revision: 1) == [])
        #expect(try await store.attachmentChunk(sha256: Self.slides.sha256, index: 0) == nil)
        #expect(try Self.rows(database, "attachment_contents WHERE sha256 = '\(Self.empty.sha256)'") == 0)
        // The photo another submission holds stays, whole.
        #expect(try Self.stored(database) == [1, 1, 1])
        #expect(try await store.attachments(submissionID: kept.id, revision: nil).map(\.sha256) == [Self.photo.sha256])
        #expect(try await store.storedBytes(sha256: Self.photo.sha256) == Self.photo.bytes)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func aFileWithoutBytesThatIsNotStoredStoresNothing(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let refused = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1",
                                                 attachments: [Self.photo.write("a"), Self.slides.write("b", withBytes: false)]))
        }
        #expect(refused?.kind == .invalidRequest && refused?.message.contains(Self.slides.sha256) == true, "\(String(describing: refused))")
        #expect(try await store.count(SubmissionQuery()) == 0)
        #expect(try Self.stored(database) == [0, 0, 0])
        // Nor does a draft update: the draft keeps its values and files.
        let draft = try await store.save(SubmissionWrite(version: Self.form, status: .draft, valuesJSON: "1",
                                                         attachments: [Self.photo.write("a")]))
        await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .final, valuesJSON: "2", draftID: draft.id,
                                                 attachments: [Self.slides.write("a", withBytes: false)]))
        }
        #expect(try await store.submission(id: draft.id)?.valuesJSON == "1")
        #expect(try await store.attachments(submissionID: draft.id, revision: nil).map(\.sha256) == [Self.photo.sha256])
        #expect(try Self.stored(database) == [1, 1, 1])
        await store.close()
    }

    @Test(arguments: Backend.allCases) func aWriteThatFailsMidFileLeavesNoPartOfIt(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        // The second piece cannot be read.
        let failing = TestFile(Self.slides.bytes, failingAt: AttachmentChunk.size + 1)
        await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1",
                                                 attachments: [Self.photo.write("a"), failing.write("b")]))
        }
        // Bytes that end before the size the write declares, or go on past it.
        var short = Self.photo.write("a")
        short.size += 1
        var long = Self.photo.write("a")
        long.size -= 1
        for write in [short, long] {
            let refused = await #expect(throws: StorageError.self) {
                try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1", attachments: [write]))
            }
            #expect(refused?.kind == .invalidRequest && refused?.message.contains("bytes") == true, "\(String(describing: refused))")
        }
        #expect(try await store.count(SubmissionQuery()) == 0)
        #expect(try Self.stored(database) == [0, 0, 0])
        // An edit that fails stores no revision and no file either.
        let row = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "1"))
        await #expect(throws: StorageError.self) {
            try await store.edit(SubmissionEditWrite(submissionID: row.id, expectedRevision: 1, formVersionID: row.formVersionID,
                                                     valuesJSON: "2", attachments: [Self.photo.write("a"), failing.write("b")]))
        }
        #expect(try await store.submission(id: row.id)?.revision == 1)
        #expect(try Self.stored(database) == [0, 0, 0])
        await store.close()
    }

    /// A purge that takes the last reference to some bytes, and a write of the same bytes at
    /// the same moment: both succeed, whichever goes first, and the file reads back whole.
    @Test(arguments: Backend.allCases) func aPurgeAndAWriteOfTheSameBytesAtOnceBothSucceed(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let file = TestFile(size: AttachmentChunk.size + 10, seed: 3)
        var holder = try await store.save(SubmissionWrite(version: Self.form, status: .final, valuesJSON: "0",
                                                          attachments: [file.write("f")]))
        for round in 1...20 {
            #expect(try await store.delete(id: holder.id, actor: nil, reason: nil))
            async let purged = store.purge(deletedBefore: nil)
            async let saved = store.save(SubmissionWrite(version: .id(holder.formVersionID), status: .final, valuesJSON: "\(round)",
                                                         attachments: [file.write("f")]))
            let (count, next) = try await (purged, saved)
            #expect(count == 1)
            #expect(try await store.attachments(submissionID: next.id, revision: nil).map(\.sha256) == [file.sha256])
            #expect(try await store.storedBytes(sha256: file.sha256) == file.bytes, "round \(round)")
            holder = next
        }
        #expect(try Self.stored(database) == [1, 2, 1])
        await store.close()
    }
}
