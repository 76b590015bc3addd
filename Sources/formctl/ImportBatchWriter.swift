import FormEngine
import FormStore

/// Collects valid lines and stores them in batches: one `BEGIN IMMEDIATE` transaction each,
/// registering the form's definition (a no-op when it is the latest version) and inserting the
/// rows through one prepared statement. A failed batch stores none of its rows; earlier batches
/// stay committed.
final class ImportBatchWriter {
    let store: SubmissionStore
    let formName: String
    let definitionJSON: String
    let batchSize: Int
    private var pending: [String] = []
    private(set) var stored = 0

    init(store: SubmissionStore, form: LoadedForm, batchSize: Int) {
        self.store = store
        self.formName = form.name
        self.definitionJSON = form.definition.canonicalJSON
        self.batchSize = batchSize
    }

    func add(_ valuesJSON: String) throws {
        pending.append(valuesJSON)
        if pending.count >= batchSize { try flush([pending[...]]) }
    }

    /// Stores what is pending, as one transaction of `chunkSize`-row statements batches, so that
    /// `--all-or-nothing` (which holds every line back) is still one transaction.
    func finish(chunkSize: Int) throws {
        guard !pending.isEmpty else { return }
        let chunks = stride(from: 0, to: pending.count, by: chunkSize).map {
            pending[$0..<min($0 + chunkSize, pending.count)]
        }
        try flush(chunks)
    }

    private func flush(_ chunks: [ArraySlice<String>]) throws {
        let count = chunks.reduce(0) { $0 + $1.count }
        do {
            try store.write { transaction in
                let version = try transaction.register(formName: formName, definitionJSON: definitionJSON)
                for chunk in chunks {
                    _ = try transaction.saveFinalBatch(formVersionID: version.id, valuesJSON: Array(chunk))
                }
            }
        } catch {
            throw CommandFailure(
                "formctl: storing \(count) submissions in \(store.path) failed, none of them was stored "
                    + "(\(stored) stored before stay): \(error)",
                exitCode: .storage)
        }
        stored += count
        pending.removeAll(keepingCapacity: true)
    }
}
