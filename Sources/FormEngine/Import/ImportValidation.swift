import Dispatch
import FormCore

/// Validates import lines on every core: lines are copied into a chunk, the chunk is split
/// between the workers, and the outcomes are handed on in line order, so that messages and
/// stored rows keep the file's order.
///
/// Validation is nearly all of an import's work and lines are independent (each fills the
/// shared compiled form on its own), so this scales with cores; storing stays on one thread.
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

    private let form: CompiledForm
    private let lineTimeLimit: Duration?
    /// Whether lines may name files (`SubmissionImporter.Options.filesDirectory`).
    private let resolvesFiles: Bool
    /// Whether the form has file fields, whose values must be checked for references.
    private let hasFileFields: Bool
    private let workers: Int
    private let chunkSize: Int
    let progress = ImportProgress()
    /// Lines validated as one unit of work.
    static let blockSize = 64
    /// The chunk's bytes end to end, with each line's line number and range.
    private var bytes: [UInt8] = []
    private var lines: [(number: Int, range: Range<Int>)] = []

    init(form: CompiledForm, workers: Int, lineTimeLimit: Duration? = nil, resolvesFiles: Bool = false, chunkSize: Int = 4096) {
        self.form = form
        self.resolvesFiles = resolvesFiles
        hasFileFields = form.hasFileFields
        self.lineTimeLimit = lineTimeLimit
        self.workers = max(1, workers)
        self.chunkSize = chunkSize
        bytes.reserveCapacity(chunkSize * 256)
        lines.reserveCapacity(chunkSize)
    }

    /// Queues a line; when the chunk is full, validates it and returns each line's outcome in
    /// order.
    func add(_ line: UnsafeBufferPointer<UInt8>, number: Int) -> [(line: Int, outcome: Outcome)]? {
        let start = bytes.count
        bytes.append(contentsOf: line)
        lines.append((number, start..<bytes.count))
        return lines.count >= chunkSize ? drain() : nil
    }

    /// Validates whatever is queued.
    func drain() -> [(line: Int, outcome: Outcome)] {
        guard !lines.isEmpty else { return [] }
        let count = lines.count
        var outcomes = [Outcome?](repeating: nil, count: count)
        let ranges = lines.map(\.range)
        // Small blocks rather than one share per worker: a worker slowed down (the batch writer
        // shares the cores) leaves its blocks to the others instead of holding up the chunk.
        let blocks = workers == 1 ? 1 : (count + Self.blockSize - 1) / Self.blockSize
        bytes.withUnsafeBufferPointer { all in
            outcomes.withUnsafeMutableBufferPointer { results in
                let job = Job(
                    form: form, timeLimit: lineTimeLimit, resolvesFiles: resolvesFiles, hasFileFields: hasFileFields, lines: all,
                    ranges: ranges, results: results, blockSize: workers == 1 ? count : Self.blockSize, progress: progress)
                DispatchQueue.concurrentPerform(iterations: blocks) { job.run(block: $0) }
            }
        }
        var delivered: [(line: Int, outcome: Outcome)] = []
        delivered.reserveCapacity(count)
        for index in 0..<count {
            guard let outcome = outcomes[index] else { continue }
            delivered.append((lines[index].number, outcome))
        }
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
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

    /// One chunk's work, shared by the workers of `concurrentPerform`.
    ///
    /// `@unchecked Sendable` is sound because: `concurrentPerform` returns only when every block
    /// is done, so the buffers outlive all use; block b writes only the result slots of its own
    /// lines; the line bytes and ranges are only read, and the compiled form is immutable and
    /// Sendable.
    private struct Job: @unchecked Sendable {
        let form: CompiledForm
        let timeLimit: Duration?
        let resolvesFiles: Bool
        let hasFileFields: Bool
        let lines: UnsafeBufferPointer<UInt8>
        let ranges: [Range<Int>]
        let results: UnsafeMutableBufferPointer<Outcome?>
        let blockSize: Int
        let progress: ImportProgress

        func run(block: Int) {
            // A worker thread sees no task-local language: each block speaks the form's.
            form.speaking {
                for index in (block * blockSize)..<min(ranges.count, (block + 1) * blockSize) {
                    results[index] = ImportValidation.outcome(
                        of: UnsafeBufferPointer(rebasing: lines[ranges[index]]), in: form, timeLimit: timeLimit, resolvesFiles: resolvesFiles,
                        hasFileFields: hasFileFields)
                    progress.add(1)
                }
            }
        }
    }
}
