import Dispatch
import FormStore
import Synchronization

/// Collects valid lines and stores them in batches: one `BEGIN IMMEDIATE` transaction each,
/// inserting the rows through one prepared statement against the form's version (registered
/// once, before the first batch). A failed batch stores none of its rows; earlier batches stay
/// committed, and nothing after it is attempted.
///
/// Full batches are written on a background queue while the next lines are validated, at most
/// two batches in flight, so memory stays flat and SQLite's work overlaps validation.
final class ImportBatchWriter: Sendable {
    let store: SubmissionStore
    let formName: String
    let versionID: Int64
    let batchSize: Int
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "formctl.import.writer")
    private let inFlight = DispatchSemaphore(value: 2)

    private struct State {
        var pending: [String] = []
        var stored = 0
        var failure: FormEngineError?
    }

    init(store: SubmissionStore, formName: String, versionID: Int64, batchSize: Int) {
        self.store = store
        self.formName = formName
        self.versionID = versionID
        self.batchSize = batchSize
    }

    /// Rows committed so far.
    var stored: Int { state.withLock { $0.stored } }

    func add(_ valuesJSON: String) throws(FormEngineError) {
        let full = try state.withLock { state throws(FormEngineError) -> [String]? in
            if let failure = state.failure { throw failure }
            state.pending.append(valuesJSON)
            guard state.pending.count >= batchSize else { return nil }
            defer { state.pending = [] }
            return state.pending
        }
        guard let full else { return }
        inFlight.wait()
        queue.async { [self] in
            defer { inFlight.signal() }
            if state.withLock({ $0.failure != nil }) { return }
            do throws(FormEngineError) { try flush([full[...]]) } catch { state.withLock { $0.failure = error } }
        }
    }

    /// Waits for the batches in flight, then stores what is pending as one transaction of
    /// `chunkSize`-row statements, so that all-or-nothing (which holds every line back) is
    /// still one transaction.
    func finish(chunkSize: Int) throws(FormEngineError) {
        settle()
        let pending = try state.withLock { state throws(FormEngineError) -> [String] in
            if let failure = state.failure { throw failure }
            defer { state.pending = [] }
            return state.pending
        }
        guard !pending.isEmpty else { return }
        let chunks = stride(from: 0, to: pending.count, by: chunkSize).map {
            pending[$0..<min($0 + chunkSize, pending.count)]
        }
        try flush(chunks)
    }

    /// Drops what is pending (nothing is to be stored).
    func discard() {
        settle()
        state.withLock { $0.pending = [] }
    }

    /// Waits until every batch handed to the background queue is written (or refused).
    func settle() { queue.sync {} }

    private func flush(_ chunks: [ArraySlice<String>]) throws(FormEngineError) {
        let count = chunks.reduce(0) { $0 + $1.count }
        do {
            try store.write { transaction in
                for chunk in chunks {
                    _ = try transaction.saveFinalBatch(formVersionID: versionID, valuesJSON: Array(chunk))
                }
            }
        } catch {
            throw .storage(
                "storing \(count) submissions in \(store.path) failed, none of them was stored "
                    + "(\(stored) stored before stay): \(error)")
        }
        state.withLock { $0.stored += count }
    }
}
