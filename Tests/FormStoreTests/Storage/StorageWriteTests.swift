import Foundation
import Testing
@testable import FormStore
import Secrets

/// Writing through `SubmissionStorage`, the same tests on SQLite and on PostgreSQL: a service
/// moving from one to the other sees the same behaviour.
@Suite struct StorageWriteTests {
    static func definition(_ form: String, _ json: String) -> SubmissionWrite.Version {
        .definition(formName: form, definitionJSON: json, contentHash: SHA256.hex(of: json))
    }

    @Test(arguments: Backend.allCases) func versionsAreFoundByContentAmongAllVersions(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let v1 = try await store.register(formName: "signup", definitionJSON: #"{"a":1}"#, contentHash: SHA256.hex(of: #"{"a":1}"#))
        #expect(v1.version == 1 && v1.formName == "signup")
        let v2 = try await store.register(formName: "signup", definitionJSON: #"{"a":2}"#, contentHash: SHA256.hex(of: #"{"a":2}"#))
        #expect(v2.version == 2 && v2.id != v1.id)
        // Going back to the first definition finds its version, not a third one.
        #expect(try await store.register(formName: "signup", definitionJSON: #"{"a":1}"#, contentHash: SHA256.hex(of: #"{"a":1}"#)) == v1)
        #expect(try await store.register(formName: "login", definitionJSON: #"{"a":1}"#, contentHash: SHA256.hex(of: #"{"a":1}"#)).version == 1)
        #expect(try await store.latestVersion(formName: "signup") == v2)
        #expect(try await store.latestVersion(formName: "nope") == nil)
        #expect(try await store.formVersion(id: v1.id) == v1)
        #expect(try await store.formVersion(id: 9_999) == nil)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func draftsUpdateFinalizeAndRefuseWhatTheyMustNot(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let draft = try await store.save(SubmissionWrite(version: Self.definition("survey", "{}"), status: .draft, valuesJSON: #"{"q":1}"#))
        #expect(draft.status == .draft && draft.formName == "survey" && draft.version == 1)
        #expect(try await store.submission(id: draft.id) == draft)
        #expect(UUID(uuidString: draft.uuid) != nil)

        let updated = try await store.save(SubmissionWrite(version: .id(draft.formVersionID), status: .draft,
                                                           valuesJSON: #"{"q":2}"#, draftID: draft.id))
        #expect(updated.id == draft.id && updated.uuid == draft.uuid && updated.createdAt == draft.createdAt)
        #expect(updated.valuesJSON == #"{"q":2}"# && updated.updatedAt >= draft.updatedAt)

        // Finalized against the form's next version: the row moves to it.
        let final = try await store.save(SubmissionWrite(version: Self.definition("survey", #"{"v":2}"#), status: .final,
                                                         valuesJSON: #"{"q":3}"#, draftID: draft.id))
        #expect(final.status == .final && final.version == 2 && final.formVersionID != draft.formVersionID)
        #expect(try await store.submission(id: draft.id) == final)

        let changeFinal = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(final.formVersionID), status: .draft, valuesJSON: "{}", draftID: draft.id))
        }
        #expect(changeFinal?.kind == .conflict && changeFinal?.backend == backend.storageBackend)
        let missing = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(final.formVersionID), status: .final, valuesJSON: "{}", draftID: 777))
        }
        #expect(missing?.kind == .notFound)
        let other = try await store.save(SubmissionWrite(version: Self.definition("other", "{}"), status: .draft, valuesJSON: "{}"))
        let wrongForm = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(final.formVersionID), status: .final, valuesJSON: "{}", draftID: other.id))
        }
        #expect(wrongForm?.kind == .conflict && wrongForm?.message.contains("other") == true)
        #expect(try await store.submission(id: other.id)?.status == .draft, "a refused write changes nothing")
        await store.close()
    }

    @Test(arguments: Backend.allCases) func batchesStoreEveryRowExactlyAsGiven(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let version = try await store.register(formName: "f", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        // Escapes a bulk path could mangle (COPY's text format uses backslash, tab and newline).
        let tricky = #"{"t":"tab\tnew\nline \\ back\\\\slash \\N \"q\" ✓ 𝄞"}"#
        let rows = [tricky] + (1...999).map { #"{"n":\#($0)}"# }
        #expect(try await store.saveFinalBatch(formVersionID: version.id, valuesJSON: rows) == 1_000)
        #expect(try await store.saveFinalBatch(formVersionID: version.id, valuesJSON: []) == 0)
        var stored: [StoredSubmission] = []
        for try await row in store.export(SubmissionQuery(formName: "f")) { stored.append(row) }
        #expect(stored.map(\.valuesJSON) == rows)
        #expect(Set(stored.map(\.uuid)).count == 1_000)
        #expect(stored.allSatisfy { $0.status == .final && $0.formVersionID == version.id && $0.version == 1 })

        let unknown = await #expect(throws: StorageError.self) {
            try await store.saveFinalBatch(formVersionID: 42_424, valuesJSON: ["{}", "{}"])
        }
        #expect(unknown?.kind == .notFound)
        let single = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(42_424), status: .final, valuesJSON: "{}"))
        }
        #expect(single?.kind == .notFound)
        #expect(try await store.count(SubmissionQuery()) == 1_000)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func deleteLeavesOnlyThatSubmissionAsATombstone(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let one = try await store.save(SubmissionWrite(version: Self.definition("d", "{}"), status: .final, valuesJSON: "1"))
        let two = try await store.save(SubmissionWrite(version: .id(one.formVersionID), status: .draft, valuesJSON: "2"))
        #expect(try await store.delete(id: one.id, actor: "ann", reason: "test row"))
        #expect(try await !store.delete(id: one.id, actor: "ann", reason: nil), "deleted already")
        let tombstone = try await store.submission(id: one.id)
        #expect(tombstone?.deletion?.actor == "ann")
        #expect(tombstone?.deletion?.reason == "test row")
        #expect(tombstone?.valuesJSON == "1")
        #expect(try await store.page(SubmissionQuery()).submissions == [two])
        #expect(try await store.count(SubmissionQuery()) == 1)
        #expect(try await store.page(SubmissionQuery().with(tombstones: .included)).submissions.map(\.id) == [one.id, two.id])
        #expect(try await store.page(SubmissionQuery().with(tombstones: .only)).submissions.map(\.id) == [one.id])
        #expect(try await store.count(SubmissionQuery().with(tombstones: .only)) == 1)
        #expect(try await store.forms().first?.finalCount == 0)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func eightTasksWritingAtOnceLoseNothing(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for n in 0..<100 {
                        _ = try await store.save(SubmissionWrite(version: Self.definition("load", "{}"), status: .final,
                                                                 valuesJSON: #"{"task":\#(task),"n":\#(n)}"#))
                    }
                }
            }
            try await group.waitForAll()
        }
        var seen = Set<String>()
        for try await row in store.export(SubmissionQuery(formName: "load")) { seen.insert(row.valuesJSON) }
        #expect(seen.count == 800)
        #expect(try await store.forms() == [FormSummary(name: "load", versions: 1, latestVersion: 1, finalCount: 800, draftCount: 0)])
        await store.close()
    }

    @Test(arguments: Backend.allCases) func aClosedStoreRefusesCalls(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        await store.close()
        let error = await #expect(throws: StorageError.self) { try await store.count(SubmissionQuery()) }
        #expect(error?.message.contains("closed") == true)
    }
}

extension Backend {
    var storageBackend: StorageError.Backend { self == .sqlite ? .sqlite : .postgres }
}
