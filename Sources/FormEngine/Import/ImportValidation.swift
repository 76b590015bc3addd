import FormCore
import Synchronization

/// Validates import lines on every core: lines are copied into a chunk, the chunk is split
/// between the workers, and the outcomes are handed on in line order, so that messages and
/// stored rows keep the file's order.
///
/// Validation is nearly all of an import's work and lines are independent (each is filled on
/// its own, by a worker with its own compilation of the form), so this scales with cores;
/// storing stays on one thread.
/// A full chunk is validated on the workers (`ImportWorkers`) while the caller reads the next
/// lines and hands the previous chunk's rows to the writer, so the workers never wait for
/// that reading and handing over.
final class ImportValidation {
    enum Outcome {
        /// The values JSON to store.
        case store(String)
        /// Every error of the line.
        case refuse([FieldError])
        /// Answers naming files to attach (`{"file": PATH}`): stored by themselves, through a
        /// submit that reads the files.
        case storeWithFiles(FormValue)
    }

    /// The form, compiled once for each worker (`CompiledForm.compiledAgain`).
    private let forms: [CompiledForm]
    private let lineTimeLimit: Duration?
    /// Whether lines may name files (`SubmissionImporter.Options.filesDirectory`).
    private let resolvesFiles: Bool
    /// Whether the form has file fields, whose values must be checked for references.
    private let hasFileFields: Bool
    private let chunkSize: Int
    /// Lines a block holds: all of a chunk's with one worker.
    private let blockSize: Int
    let progress = ImportProgress()
    /// Lines validated as one unit of work.
    static let blockSize = 64
    /// The chunk being filled with lines.
    private var filling: Chunk
    /// The chunk being validated in the background, if any (at most one: with two, the next
    /// would only wait for the workers).
    private var validating: Chunk?
    /// A validated chunk's buffers, kept for the next chunk so their capacity is reused.
    private var spare: Chunk?
    private let workers: ImportWorkers

    init(form: CompiledForm, workers: Int, lineTimeLimit: Duration? = nil, resolvesFiles: Bool = false, chunkSize: Int = 4096) {
        // A copy failing to compile is impossible (the form compiled once already); should it,
        // that worker shares the first.
        forms = [form] + (1..<max(1, workers)).map { _ in (try? form.compiledAgain()) ?? form }
        self.resolvesFiles = resolvesFiles
        hasFileFields = form.hasFileFields
        self.lineTimeLimit = lineTimeLimit
        self.workers = ImportWorkers(count: workers)
        self.chunkSize = max(1, chunkSize)
        blockSize = workers <= 1 ? self.chunkSize : Self.blockSize
        filling = Chunk(capacity: self.chunkSize)
    }

    /// Queues a line; when the chunk is full, starts validating it and returns the outcomes of
    /// the chunk before, in order (nil when there is none yet).
    func add(_ line: UnsafeBufferPointer<UInt8>, number: Int) async -> [(line: Int, outcome: Outcome)]? {
        filling.append(line, number: number)
        guard filling.lines.count >= chunkSize else { return nil }
        let previous = validating
        startFilling()
        guard let previous else { return nil }
        return await outcomes(of: previous)
    }

    /// Validates whatever is queued and returns every outcome not yet returned, in order.
    func drain() async -> [(line: Int, outcome: Outcome)] {
        var delivered: [(line: Int, outcome: Outcome)] = []
        if let previous = validating {
            validating = nil
            delivered = await outcomes(of: previous)
        }
        guard !filling.lines.isEmpty else { return delivered }
        delivered += await outcomes(of: startFilling())
        return delivered
    }

    /// Hands the chunk being filled to the workers (it is not touched here until it is done)
    /// and takes a fresh one to fill, the spare's buffers when there is one.
    @discardableResult
    private func startFilling() -> Chunk {
        let chunk = filling
        filling = spare ?? Chunk(capacity: chunkSize)
        spare = nil
        validating = chunk
        chunk.prepareOutcomes()
        let lines = Lines(forms: forms, timeLimit: lineTimeLimit, resolvesFiles: resolvesFiles, hasFileFields: hasFileFields,
                          chunk: chunk, blockSize: blockSize, progress: progress)
        // Small blocks rather than one share per worker: a worker slowed down (the batch
        // writer shares the cores) leaves its blocks to the others instead of holding up the chunk.
        let blocks = (chunk.lines.count + blockSize - 1) / blockSize
        workers.run(ImportWorkers.Job(count: blocks, body: { lines.validate(block: $0, worker: $1) }, completion: { chunk.done.signal() }))
        return chunk
    }

    /// Waits for `chunk`, takes its outcomes and keeps its buffers for a later chunk.
    private func outcomes(of chunk: Chunk) async -> [(line: Int, outcome: Outcome)] {
        await chunk.done.wait()
        var delivered: [(line: Int, outcome: Outcome)] = []
        delivered.reserveCapacity(chunk.lines.count)
        for index in chunk.lines.indices {
            guard let outcome = chunk.outcome(index) else { continue }
            delivered.append((chunk.lines[index].number, outcome))
        }
        chunk.reset()
        if validating === chunk { validating = nil }
        spare = chunk
        return delivered
    }

    /// One line's outcome: its JSON parsed, then filled and validated as a submit would. A
    /// line naming files goes to a submit of its own when files can be read, and is refused
    /// otherwise; a line holding a stored file's reference is refused (nothing sent it).
    /// `hasFileFields` false (the form has none) lets the values be written as JSON straight
    /// away, since they hold no reference to look for.
    static func outcome(of line: UnsafeBufferPointer<UInt8>, in form: CompiledForm, timeLimit: Duration? = nil,
                        resolvesFiles: Bool = false, hasFileFields: Bool = true) -> Outcome
    {
        let answers: FormValue
        do { answers = try JSONReader.parse(bytes: line, rejectingDuplicateKeys: true) } catch {
            return .refuse([FieldError(path: "", rule: "json", message: LibraryMessages.text(.malformedJSON, ["column": .int(error.column), "reason": .text(error.message)]))])
        }
        if answers.holdsFileAnswers {
            if resolvesFiles { return .storeWithFiles(answers) }
            do { try FormEngine.refuseUnresolvedFileAnswers(in: answers) } catch {
                if case .invalid(let errors) = error { return .refuse(errors) }
            }
        }
        let filled = form.fill(FormInput(answers: answers, timeLimit: timeLimit))
        if !filled.errors.isEmpty { return .refuse(filled.errors) }
        if !hasFileFields { return .store(filled.valuesToStoreJSON) }
        let values = filled.valuesToStore
        let references = values.fileReferences(in: form)
        if !references.isEmpty { return .refuse(references.map { FormEngine.unheldReference(at: $0.keyPath, $0.references[0]) }) }
        return .store(values.jsonString())
    }

    /// Lines to validate: their bytes end to end, each line's number and range, and a slot
    /// for each line's outcome.
    ///
    /// `@unchecked Sendable` is sound because: a chunk is touched by one side at a time. The
    /// importer fills it, hands it to the workers, and touches it again only after `done` is
    /// signalled, which the worker finishing its last block does. Meanwhile the workers only
    /// read the lines, and each writes only the outcome slots of its own block's lines.
    private final class Chunk: @unchecked Sendable {
        var bytes: [UInt8] = []
        var lines: [(number: Int, range: Range<Int>)] = []
        /// One slot a line, written by the workers without touching the others' (no array, whose
        /// copy-on-write check would be shared).
        private var outcomes = UnsafeMutableBufferPointer<Outcome?>(start: nil, count: 0)
        let done = Signal()

        init(capacity: Int) {
            bytes.reserveCapacity(capacity * 256)
            lines.reserveCapacity(capacity)
        }

        deinit { releaseOutcomes() }

        func append(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
            let start = bytes.count
            bytes.append(contentsOf: line)
            lines.append((number, start..<bytes.count))
        }

        /// An empty slot for each line, before the chunk goes to the workers.
        func prepareOutcomes() {
            releaseOutcomes()
            outcomes = .allocate(capacity: lines.count)
            outcomes.initialize(repeating: nil)
        }

        func setOutcome(_ outcome: Outcome, at index: Int) { outcomes[index] = outcome }

        func outcome(_ index: Int) -> Outcome? { outcomes[index] }

        func reset() {
            bytes.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
            releaseOutcomes()
            done.reset()
        }

        private func releaseOutcomes() {
            guard outcomes.baseAddress != nil else { return }
            outcomes.deinitialize()
            outcomes.deallocate()
            outcomes = .init(start: nil, count: 0)
        }
    }

    /// Signalled once when a chunk's validation is done; awaited without holding a thread.
    private final class Signal: Sendable {
        private enum State {
            case pending
            case waiting(CheckedContinuation<Void, Never>)
            case signalled
        }
        private let state = Mutex(State.pending)

        func signal() {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state = .signalled }
                if case .waiting(let continuation) = state { return continuation }
                return nil
            }
            waiter?.resume()
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let signalled = state.withLock { state -> Bool in
                    if case .signalled = state { return true }
                    state = .waiting(continuation)
                    return false
                }
                if signalled { continuation.resume() }
            }
        }

        /// Ready for another round; only once the last one was awaited.
        func reset() { state.withLock { $0 = .pending } }
    }

    /// What validating a chunk's lines needs, shared by the workers.
    ///
    /// `@unchecked Sendable` is sound for the reasons `Chunk` gives; the compiled form is
    /// immutable and Sendable.
    private struct Lines: @unchecked Sendable {
        let forms: [CompiledForm]
        let timeLimit: Duration?
        let resolvesFiles: Bool
        let hasFileFields: Bool
        let chunk: Chunk
        let blockSize: Int
        let progress: ImportProgress

        func validate(block: Int, worker: Int) {
            let form = forms[worker % forms.count]
            let end = min(chunk.lines.count, (block + 1) * blockSize)
            // A worker thread sees no task-local language: each block speaks the form's.
            form.speaking {
                chunk.bytes.withUnsafeBufferPointer { bytes in
                    for index in (block * blockSize)..<end {
                        let outcome = ImportValidation.outcome(
                            of: UnsafeBufferPointer(rebasing: bytes[chunk.lines[index].range]), in: form, timeLimit: timeLimit,
                            resolvesFiles: resolvesFiles, hasFileFields: hasFileFields)
                        chunk.setOutcome(outcome, at: index)
                        progress.add(1)
                    }
                }
            }
        }
    }
}
