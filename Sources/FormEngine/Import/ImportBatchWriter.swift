import FormStore
import Synchronization

/// Collects valid lines and stores them in batches: one transaction each, against the form's
/// version (registered once, before the first batch). A failed batch stores none of its rows;
/// earlier batches stay committed, and nothing after it is attempted.
///
/// Full batches are written by a task while the next lines are validated, each task waiting
/// for the one before (so batches commit in order and a failure stops the rest), at most two
/// batches in flight, so memory stays flat and the store's work overlaps validation. The
/// storage writes on its own thread (SQLite) or over the network (PostgreSQL): no thread is
/// blocked while a batch waits.
///
/// Not thread-safe: one caller adds lines and finishes.
final class ImportBatchWriter {
    let storage: any SubmissionStorage
    let formName: String
    let versionID: Int64
    let batchSize: Int
    /// The language recorded with every row (a BCP 47 tag).
    let language: String
    private var pending: [String] = []
    private var inFlight: [Task<Void, any Error>] = []
    /// Rows committed so far; written by the batch tasks.
    private let committed = CommittedRows()

    private final class CommittedRows: Sendable {
        private let count = Mutex(0)
        func add(_ rows: Int) { count.withLock { $0 += rows } }
        var value: Int { count.withLock { $0 } }
    }

    init(storage: any SubmissionStorage, formName: String, versionID: Int64, batchSize: Int, language: String) {
        self.language = language
        self.storage = storage
        self.formName = formName
        self.versionID = versionID
        self.batchSize = batchSize
        pending.reserveCapacity(min(batchSize, 100_000))
    }

    /// Rows committed so far.
    var stored: Int { committed.value }

    func add(_ valuesJSON: String) async throws(FormEngineError) {
        pending.append(valuesJSON)
        guard pending.count >= batchSize else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        if inFlight.count >= 2 { try await wait(for: inFlight.removeFirst()) }
        let previous = inFlight.last
        let storage = self.storage, versionID = self.versionID, committed = self.committed, language = self.language
        inFlight.append(Task {
            try await previous?.value
            let count = try await storage.saveFinalBatch(formVersionID: versionID, valuesJSON: batch, language: language)
            committed.add(count)
        })
    }

    /// Waits for the batches in flight, then stores what is pending as one transaction (with
    /// all-or-nothing, which holds every line back, that is the whole import).
    func finish() async throws(FormEngineError) {
        try await settle()
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        do {
            let count = try await storage.saveFinalBatch(formVersionID: versionID, valuesJSON: batch, language: language)
            committed.add(count)
        } catch {
            throw failure(error, rows: batch.count)
        }
    }

    /// Drops what is pending (nothing is to be stored).
    func discard() async {
        try? await settle()
        pending = []
    }

    /// Waits until every batch handed to a task is written, throwing the first failure.
    func settle() async throws(FormEngineError) {
        while !inFlight.isEmpty { try await wait(for: inFlight.removeFirst()) }
    }

    private func wait(for task: Task<Void, any Error>) async throws(FormEngineError) {
        do { try await task.value } catch {
            // Later batches wait for this one and fail with the same error; let them end.
            for other in inFlight { _ = await other.result }
            inFlight.removeAll()
            throw failure(error, rows: batchSize)
        }
    }

    private func failure(_ error: any Error, rows: Int) -> FormEngineError {
        let storageError = error as? StorageError
            ?? StorageError(kind: .other, backend: storage.backend, message: String(describing: error), database: storage.database)
        return .storage(StorageError(
            kind: storageError.kind, backend: storageError.backend, code: storageError.code,
            message: "storing \(rows) submissions failed, none of them was stored (\(stored) stored before stay): "
                + storageError.message,
            operation: storageError.operation, database: storageError.database))
    }
}
