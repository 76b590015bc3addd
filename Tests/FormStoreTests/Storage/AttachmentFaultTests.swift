import Foundation
import Testing
@testable import FormStore

/// A writer process killed while a file's pieces are being stored, on both backends: nothing of
/// that submission is left (no row, no content, no piece), what was committed before is whole,
/// and the store goes on taking files.
@Suite struct AttachmentFaultTests {
    @Test(arguments: Backend.allCases) func aWriterKilledMidFileLeavesNoOrphan(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let child = try FaultWriter.Child(["attach", database.location])
        #expect(child.waitFor(line: "committed"))
        #expect(child.waitFor(line: "in-flight"))
        child.kill()
        #expect(child.process.terminationReason == .uncaughtSignal)

        let store = try await database.open()
        if backend == .sqlite { #expect(try database.sql("PRAGMA integrity_check") == "ok\n") }
        let rows = try await store.page(SubmissionQuery()).submissions
        #expect(rows.map(\.valuesJSON) == [#"{"file":"small"}"#])
        #expect(try StorageAttachmentTests.stored(database) == [1, 1, 1], "contents, pieces and file rows of the committed one only")
        let small = try #require(try await store.attachments(submissionID: rows[0].id, revision: nil).first)
        #expect(try await store.storedBytes(sha256: small.sha256).count == 1_000)
        // The killed writer's lock or transaction died with it.
        let file = TestFile(size: 2 * AttachmentChunk.size + 1)
        let after = try await store.save(SubmissionWrite(version: .id(rows[0].formVersionID), status: .final, valuesJSON: "{}",
                                                         attachments: [file.write("after")]))
        #expect(try await store.storedBytes(sha256: file.sha256) == file.bytes)
        #expect(try await store.attachments(submissionID: after.id, revision: nil).count == 1)
        await store.close()
    }
}
