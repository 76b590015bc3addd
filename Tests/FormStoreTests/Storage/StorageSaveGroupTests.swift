import Foundation
import Testing
@testable import FormStore
@testable import FormStorePostgres
import Secrets

/// Saves that wait for the store together share one transaction, on both backends: each caller
/// gets its own row or its own error, one failing leaves the others stored, the group commits
/// once, and a key's answer kept by one member is there for the member that lost the key.
@Suite struct StorageSaveGroupTests {
    /// Saves waiting on `store`, and how they have been grouped.
    static func pending(_ store: any SubmissionStorage) throws -> PendingSaves {
        if let store = store as? SQLiteStorage { return store.pendingSaves }
        return try #require((store as? PostgresStorage)?.pendingSaves)
    }

    /// A store on `database` that saves in one job at a time (PostgreSQL's pool of two
    /// connections gives saves one), so that every save waiting joins the same group.
    static func open(_ database: StoreUnderTest) async throws -> any SubmissionStorage {
        guard database.backend == .postgres else {
            // The test holds the table while the saves queue behind it, up to its 20 s deadline;
            // on a loaded machine that outlasted the default 5 s busy wait and the first save
            // failed as locked before the others had queued.
            return try SQLiteStorage(path: database.location, busyTimeout: .seconds(60))
        }
        return try await PostgresStorage(address: PostgresAddress(database.location), maximumConnections: 2)
    }

    /// A save's result, and the answer kept under its idempotency key read as soon as it was
    /// told (nil without a key).
    typealias Outcome = (result: Result<StoredSubmission, StorageError>, keptAnswer: IdempotencyRecord?)

    /// Runs `saves` while another connection holds the submissions table: `first` waits for it
    /// alone, and `saves` (all of them, once `pending` says so) wait for that one, so that they
    /// are stored as one group when the lock is let go. Returns each save's outcome.
    static func savedTogether(_ saves: [SubmissionWrite], in database: StoreUnderTest, store: any SubmissionStorage,
                              first: SubmissionWrite) async throws -> [Outcome]
    {
        let pending = try pending(store)
        let lock = try await TableLock(database)
        let takenBefore = pending.taken
        let firstSave = Task { try await store.save(first) }
        let deadline = ContinuousClock.now + .seconds(20)
        while pending.taken == takenBefore && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        let tasks = saves.map { write in
            Task { () async -> Outcome in
                let result: Result<StoredSubmission, StorageError>
                do throws(StorageError) { result = .success(try await store.save(write)) } catch { result = .failure(error) }
                guard let key = write.idempotency?.key else { return (result, nil) }
                return (result, try? await store.idempotencyRecord(key: key))
            }
        }
        while pending.waiting < saves.count && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(pending.waiting == saves.count, "every save waits behind the first")
        try await lock.release()
        _ = try await firstSave.value
        var outcomes: [Outcome] = []
        for task in tasks { outcomes.append(await task.value) }
        return outcomes
    }

    @Test(arguments: Backend.allCases) func savesWaitingTogetherShareOneCommitAndEachGetsItsOwnRow(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await Self.open(database)
        let version = try await store.register(formName: "f", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        // A lone save waits for nobody: it is never grouped.
        _ = try await store.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"alone":1}"#))
        #expect(try Self.pending(store).counts == PendingSaves.Counts())

        let writes = (0..<16).map { n in
            SubmissionWrite(version: .id(version.id), status: n % 4 == 3 ? .draft : .final, valuesJSON: #"{"n":\#(n)}"#,
                            actor: "caller \(n)", language: n % 2 == 0 ? "en" : "fr")
        }
        let results = try await Self.savedTogether(writes, in: database, store: store,
                                                  first: SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: "{}"))
            .map(\.result)
        #expect(try Self.pending(store).counts == PendingSaves.Counts(groups: 1, groupedSaves: 16))
        var ids: Set<Int64> = []
        for (write, result) in zip(writes, results) {
            let stored = try result.get()
            #expect(stored.valuesJSON == write.valuesJSON && stored.status == write.status && stored.revisionActor == write.actor)
            #expect(stored.language == write.language)
            // What the caller was told is what was stored under that id.
            let read = try #require(try await store.submission(id: stored.id))
            #expect(read.valuesJSON == write.valuesJSON && read.uuid == stored.uuid && read.status == write.status)
            ids.insert(stored.id)
        }
        #expect(ids.count == 16)
        #expect(try await store.count(SubmissionQuery()) == 18)
        // Each row of the group has its own outbox event, as a save alone has.
        #expect(try await store.events(after: 0, limit: 100).count == 18)
        await store.close()
    }

    @Test(arguments: Backend.allCases) func oneFailingSaveOfAGroupLeavesTheOthersStored(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await Self.open(database)
        let version = try await store.register(formName: "f", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        let kept = try await store.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"kept":1}"#,
                                                        idempotency: StorageIdempotencyTests.keyed("taken")))
        let draft = try await store.save(SubmissionWrite(version: .id(version.id), status: .draft, valuesJSON: #"{"d":1}"#))
        let writes = [
            SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"n":0}"#),
            // A draft that does not exist.
            SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"n":1}"#, draftID: 999_999),
            // A new version registered in the group, and its row.
            SubmissionWrite(version: StorageWriteTests.definition("g", #"{"v":2}"#), status: .final, valuesJSON: #"{"n":2}"#),
            // A key already kept: its row is rolled back with the failed INSERT of the key.
            SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"n":3}"#,
                            idempotency: StorageIdempotencyTests.keyed("taken")),
            // The draft finalized, with a key of its own.
            SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"d":2}"#, draftID: draft.id,
                            idempotency: StorageIdempotencyTests.keyed("fresh")),
            SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"n":5}"#),
        ]
        let results = try await Self.savedTogether(writes, in: database, store: store,
                                                  first: SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: "{}"))
            .map(\.result)
        #expect(try Self.pending(store).counts == PendingSaves.Counts(groups: 1, groupedSaves: 6))
        guard case .failure(let missing) = results[1], case .failure(let taken) = results[3] else {
            Issue.record("the draft that does not exist and the key already kept must fail: \(results)")
            return
        }
        #expect(missing.kind == .notFound, "\(missing)")
        #expect(taken.kind == .constraint, "\(taken)")
        #expect(try results[0].get().valuesJSON == #"{"n":0}"#)
        #expect(try results[2].get().formName == "g")
        #expect(try results[5].get().valuesJSON == #"{"n":5}"#)
        let finalized = try results[4].get()
        #expect(finalized.id == draft.id && finalized.status == .final)
        #expect(try await store.idempotencyRecord(key: "fresh")?.submissionID == draft.id)
        #expect(try await store.idempotencyRecord(key: "taken")?.submissionID == kept.id)
        #expect(try await store.latestVersion(formName: "g")?.version == 1)
        // The first save, the kept one, the draft and the four that succeeded.
        let stored = try await store.page(SubmissionQuery(limit: 100)).submissions.map(\.valuesJSON)
        #expect(Set(stored) == [#"{"kept":1}"#, #"{"d":2}"#, "{}", #"{"n":0}"#, #"{"n":2}"#, #"{"n":5}"#])
        await store.close()
    }

    @Test(arguments: Backend.allCases) func aKeyKeptByOneSaveOfAGroupAnswersTheOtherOnce(_ backend: Backend) async throws {
        let database = try StoreUnderTest(backend)
        let store = try await Self.open(database)
        let version = try await store.register(formName: "f", definitionJSON: "{}", contentHash: SHA256.hex(of: "{}"))
        // Two saves under one key in one group, as two processes retrying one request would
        // send them: the first keeps its answer, the second stores nothing, and by the time it
        // is told so, the first's answer is there to read (what a server answers it with).
        let writes = [
            SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"try":1}"#,
                            idempotency: StorageIdempotencyTests.keyed("retry", fingerprint: "same")),
            SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"other":1}"#),
            SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"try":2}"#,
                            idempotency: StorageIdempotencyTests.keyed("retry", fingerprint: "same")),
        ]
        let outcomes = try await Self.savedTogether(writes, in: database, store: store,
                                                   first: SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: "{}"))
        #expect(try outcomes[1].result.get().valuesJSON == #"{"other":1}"#)
        // Which of the two came first in the group is the order they arrived in.
        let keyed = [outcomes[0], outcomes[2]]
        let winners = keyed.compactMap { try? $0.result.get() }
        let losers = keyed.compactMap { outcome -> (StorageError, IdempotencyRecord?)? in
            guard case .failure(let error) = outcome.result else { return nil }
            return (error, outcome.keptAnswer)
        }
        try #require(winners.count == 1 && losers.count == 1, "\(outcomes)")
        #expect(losers[0].0.kind == .constraint, "\(losers[0].0)")
        let answer = try #require(losers[0].1, "the winner's answer is kept by the time the loser is told")
        #expect(answer.submissionID == winners[0].id && answer.fingerprint == "same")
        #expect(answer.response.body == #"{"id":\#(winners[0].id)}"#)
        let pending = try Self.pending(store)
        #expect(pending.counts == PendingSaves.Counts(groups: 1, groupedSaves: 3))
        #expect(try await store.count(SubmissionQuery()) == 3)
        await store.close()
    }
}

/// Another connection holding the submissions table until `release()`: SQLite's write lock
/// (`BEGIN IMMEDIATE`), or PostgreSQL's `LOCK TABLE ... IN EXCLUSIVE MODE`, which inserts wait for.
final class TableLock: Sendable {
    private let released: CancellationFlag
    private let holder: Task<Void, any Error>

    init(_ database: StoreUnderTest) async throws {
        let released = CancellationFlag()
        self.released = released
        switch database.backend {
        case .sqlite:
            let location = database.location
            let locked = CancellationFlag()
            holder = Task.detached {
                let connection = try Connection(path: location, switchingToWAL: false)
                try connection.run("BEGIN IMMEDIATE", operation: "holding the write lock")
                locked.set()
                while !released.isSet { try await Task.sleep(for: .milliseconds(5)) }
                try connection.run("COMMIT", operation: "letting the write lock go")
            }
            while !locked.isSet { try await Task.sleep(for: .milliseconds(5)) }
        case .postgres:
            let storage = try await PostgresStorage(url: database.location)
            let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
            holder = Task {
                defer { continuation.finish() }
                try await storage.call("holding the submissions table") { connection in
                    try await connection.transaction(logger: storage.logger) { connection in
                        try await connection.run("LOCK TABLE submissions IN EXCLUSIVE MODE", logger: storage.logger)
                        continuation.yield()
                        while !released.isSet { try await Task.sleep(for: .milliseconds(5)) }
                    }
                }
                await storage.close()
            }
            for await _ in stream { break }
        }
    }

    func release() async throws {
        released.set()
        try await holder.value
    }
}
