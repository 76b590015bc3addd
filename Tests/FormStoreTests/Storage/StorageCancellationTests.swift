import Foundation
import Testing
@testable import FormStore
import Secrets

/// A write and its task's cancellation, on both backends: cancelled before it begins, it stores
/// nothing and says so (`cancelled`); what the caller then answers ("try again") is true.
@Suite struct StorageCancellationTests {
    @Test(arguments: Backend.allCases) func aWriteCancelledBeforeItBeginsStoresNothing(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let version = try await store.register(formName: "f", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        let write = SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"a":1}"#)
        let save = Task { () async throws(StorageError) -> StoredSubmission in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.save(write)
        }
        let saved = await #expect(throws: StorageError.self) { try await save.value }
        #expect(saved?.kind == .cancelled && saved?.isTransient == true, "\(String(describing: saved))")
        let batch = Task { () async throws(StorageError) -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.saveFinalBatch(formVersionID: version.id, valuesJSON: ["{}", "{}"])
        }
        let batched = await #expect(throws: StorageError.self) { try await batch.value }
        #expect(batched?.kind == .cancelled, "\(String(describing: batched))")
        #expect(try await store.count(SubmissionQuery()) == 0)
        // An uncancelled write goes on as before.
        #expect(try await store.save(write).valuesJSON == #"{"a":1}"#)
        await store.close()
    }
}
