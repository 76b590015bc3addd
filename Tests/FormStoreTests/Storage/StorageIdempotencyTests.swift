import Foundation
import Testing
@testable import FormStore
import Secrets

/// Answers kept under an idempotency key, through `SubmissionStorage`, on both backends: the
/// record is written in the transaction of the submission it answers, so of two writes with one
/// key only the first stores anything, and expired records are pruned as new ones are written.
@Suite struct StorageIdempotencyTests {
    static func keyed(_ key: String, fingerprint: String = "f", expiresIn seconds: TimeInterval = 3_600) -> IdempotencyWrite {
        IdempotencyWrite(key: key, fingerprint: fingerprint, expiresAt: Date().addingTimeInterval(seconds)) { stored in
            IdempotentResponse(status: 201, contentType: "application/json", body: #"{"id":\#(stored.id)}"#)
        }
    }

    static func keptRows(_ database: StoreUnderTest) throws -> Int {
        Int(try database.sql("SELECT count(*) FROM idempotency_keys").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test(arguments: Backend.allCases) func aKeyIsKeptWithItsSubmissionAndStoresOnce(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        // A new row, registering its version, under a key.
        let first = try await store.save(SubmissionWrite(version: StorageWriteTests.definition("signup", "{}"), status: .final,
                                                         valuesJSON: #"{"a":1}"#, idempotency: Self.keyed("k1", fingerprint: "fp1")))
        let kept = try #require(try await store.idempotencyRecord(key: "k1"))
        #expect(kept.fingerprint == "fp1" && kept.submissionID == first.id)
        #expect(kept.response == IdempotentResponse(status: 201, contentType: "application/json", body: #"{"id":\#(first.id)}"#))
        #expect(try await store.idempotencyRecord(key: "k2") == nil)

        // The same key again (another process that lost the race): nothing stored.
        let again = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(first.formVersionID), status: .final, valuesJSON: #"{"a":2}"#,
                                                 idempotency: Self.keyed("k1")))
        }
        #expect(again?.kind == .constraint)
        #expect(try await store.count(SubmissionQuery()) == 1)
        #expect(try await store.idempotencyRecord(key: "k1") == kept)

        // A draft update under a key already kept is rolled back with it: the draft is unchanged.
        let draft = try await store.save(SubmissionWrite(version: .id(first.formVersionID), status: .draft, valuesJSON: #"{"d":1}"#,
                                                         idempotency: Self.keyed("k2")))
        let update = await #expect(throws: StorageError.self) {
            try await store.save(SubmissionWrite(version: .id(first.formVersionID), status: .final, valuesJSON: #"{"d":2}"#,
                                                 draftID: draft.id, idempotency: Self.keyed("k2")))
        }
        #expect(update?.kind == .constraint)
        #expect(try await store.submission(id: draft.id)?.valuesJSON == #"{"d":1}"#)
        #expect(try await store.submission(id: draft.id)?.status == .draft)
        let finalized = try await store.save(SubmissionWrite(version: .id(first.formVersionID), status: .final, valuesJSON: #"{"d":3}"#,
                                                             draftID: draft.id, idempotency: Self.keyed("k3")))
        #expect(try await store.idempotencyRecord(key: "k3")?.submissionID == finalized.id)
        #expect(try Self.keptRows(database) == 3)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func expiredKeysAnswerNothingAndArePrunedByLaterWrites(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await database.open()
        let version = try await store.register(formName: "f", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        for key in ["old1", "old2", "old3"] {
            _ = try await store.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: "{}",
                                                     idempotency: Self.keyed(key, expiresIn: -60)))
        }
        // Each write pruned the expired one before it.
        #expect(try Self.keptRows(database) == 1)
        #expect(try await store.idempotencyRecord(key: "old3") == nil, "an expired key answers nothing")
        // An expired key may be used again.
        let reused = try await store.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"n":1}"#,
                                                          idempotency: Self.keyed("old3")))
        #expect(try await store.idempotencyRecord(key: "old3")?.submissionID == reused.id)
        #expect(try Self.keptRows(database) == 1)
        #expect(try await store.count(SubmissionQuery()) == 4, "pruning a key never deletes its submission")

        // A backlog of 150 expired rows: one write prunes at most `pruneLimit` of them.
        let backlog = backend == .sqlite
            ? """
              WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150)
              INSERT INTO idempotency_keys SELECT 'expired-' || i, 'f', \(reused.id), 201, 't', 'b',
              '2000-01-01T00:00:00.000Z', '2000-01-02T00:00:00.000Z' FROM n
              """
            : """
              INSERT INTO idempotency_keys SELECT 'expired-' || i, 'f', \(reused.id), 201, 't', 'b',
              '2000-01-01T00:00:00Z', '2000-01-02T00:00:00Z' FROM generate_series(1, 150) AS i
              """
        _ = try database.sql(backlog)
        _ = try await store.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: "{}", idempotency: Self.keyed("new")))
        #expect(IdempotencyWrite.pruneLimit == 100)
        #expect(try Self.keptRows(database) == 150 - 100 + 2)
        await store.close()
    }
}
