import FormCore
#if canImport(Glibc)
import Glibc
#endif

/// Many answers objects stored against one form, as `formctl import` does: each validated
/// exactly as a submit validates answers (no action handler runs: an import records answers
/// given elsewhere, it does not repeat their side effects), on every core, with the outcomes
/// reported in the order the lines came; valid ones stored in batches, one transaction each,
/// the form's version registered once.
///
/// Not thread-safe: one caller feeds it lines and calls `finish()`.
public final class SubmissionImporter {
    /// How an import batches, validates and bounds its lines.
    public struct Options: Sendable {
        /// Rows per transaction. A commit costs a WAL write; at 1,000 rows the commits took a
        /// third of an import's time, at 10,000 under a tenth.
        public var batchSize: Int
        /// Store nothing unless every line is valid (one transaction for the whole import).
        public var allOrNothing: Bool
        /// Threads validating lines; the processors online by default.
        public var workers: Int
        /// How long one line may take to fill and validate; a line past it is refused with a
        /// `timeLimit` error, so it cannot hold up the lines after it (nil: no limit).
        public var lineTimeLimit: Duration?
        /// The directory `{"file": "relative/path"}` values in lines are read from
        /// (`AttachmentDirectory`); nil refuses lines that name files. A line with files is
        /// stored by itself, through a submit that stages them, after the lines before it are
        /// committed (so rows keep the lines' order); lines without keep the batches. An
        /// all-or-nothing import refuses lines with files, which cannot join its one
        /// transaction.
        public var filesDirectory: String?
        /// The languages of the people who gave the answers, best first: lines are validated,
        /// and refused with messages, in the first one the form has (its default otherwise),
        /// and that language is recorded with every row.
        public var languages: LanguagePreferences

        /// Options with a batch at least 1 and a worker at least 1; by default 10,000 rows a
        /// transaction, a worker per processor, 5 seconds a line, no files, the form's default
        /// language.
        public init(batchSize: Int = 10_000, allOrNothing: Bool = false, workers: Int? = nil,
                    lineTimeLimit: Duration? = .seconds(5), filesDirectory: String? = nil, languages: LanguagePreferences = .none) {
            self.languages = languages
            self.filesDirectory = filesDirectory
            self.batchSize = max(1, batchSize)
            self.allOrNothing = allOrNothing
            self.lineTimeLimit = lineTimeLimit
            self.workers = max(1, workers ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        }
    }

    let options: Options
    private let engine: FormEngine
    private let form: LoadedForm
    private let validation: ImportValidation
    private let writer: ImportBatchWriter
    private let onRefused: (Int, [FieldError]) -> Void
    /// The language lines are validated in and rows recorded with (`Options.languages`).
    public let language: LanguageTag
    /// Lines refused so far.
    public private(set) var refused = 0
    /// Lines given so far.
    public private(set) var lines = 0
    /// Lines validated so far, for a progress display on another thread.
    public var progress: ImportProgress { validation.progress }

    init(engine: FormEngine, form: LoadedForm, options: Options, onRefused: @escaping (Int, [FieldError]) -> Void)
        async throws(FormEngineError)
    {
        self.options = options
        self.onRefused = onRefused
        self.engine = engine
        self.form = form
        language = form.language(for: options.languages)
        validation = ImportValidation(form: try form.compiled(for: nil, language: language), workers: options.workers,
                                      lineTimeLimit: options.lineTimeLimit, resolvesFiles: options.filesDirectory != nil)
        writer = ImportBatchWriter(
            storage: engine.storage, formName: form.name, versionID: try await engine.versionID(of: form),
            batchSize: options.allOrNothing ? Int.max : options.batchSize, language: language.description)
    }

    /// Rows committed so far.
    public var stored: Int { writer.stored + storedWithFiles }
    /// Rows of lines with files stored so far, each by its own submit.
    private var storedWithFiles = 0

    /// Queues one line: an answers object as JSON bytes, numbered as the caller counts lines.
    /// Lines are validated a chunk at a time; refusals reach `onRefused` in line order. Throws
    /// when storing failed (the batches committed before stay).
    public func add(_ line: UnsafeBufferPointer<UInt8>, number: Int) async throws(FormEngineError) {
        lines += 1
        if let outcomes = await validation.add(line, number: number) { try await deliver(outcomes) }
    }

    /// Refuses line `number` without validating it (the caller could not read it, such as a
    /// line too long to hold), after the lines queued before it, so refusals stay in line order
    /// and `allOrNothing` counts it.
    public func refuse(number: Int, _ errors: [FieldError]) async throws(FormEngineError) {
        lines += 1
        try await deliver(await validation.drain())
        refused += 1
        onRefused(number, errors)
    }

    /// Validates and stores what is left. With `allOrNothing`, stores nothing if any line was
    /// refused. Waits until every batch is written.
    public func finish() async throws(FormEngineError) {
        try await deliver(await validation.drain())
        if options.allOrNothing && refused > 0 {
            await writer.discard()
            return
        }
        try await writer.finish()
    }

    /// Waits for the batches already handed to the writer (after a failure, before reporting).
    public func settle() async { try? await writer.settle() }

    private func deliver(_ outcomes: [(line: Int, outcome: ImportValidation.Outcome)]) async throws(FormEngineError) {
        for (number, outcome) in outcomes {
            switch outcome {
            case .store(let json): try await writer.add(json)
            case .refuse(let errors):
                refused += 1
                onRefused(number, errors)
            case .storeWithFiles(let answers):
                try await storeWithFiles(answers, number: number)
            }
        }
    }

    /// Stores a line naming files through a submit of its own (no action handler runs, as for
    /// every line), once the rows before it are committed. Its refusal is the line's.
    /// Its messages are in the import's language, as the validating workers' are.
    private func storeWithFiles(_ answers: FormValue, number: Int) async throws(FormEngineError) {
        try await form.speaking(language) { () async throws(FormEngineError) in try await storingWithFiles(answers, number: number) }
    }

    private func storingWithFiles(_ answers: FormValue, number: Int) async throws(FormEngineError) {
        guard !options.allOrNothing, let directory = options.filesDirectory else {
            refused += 1
            onRefused(number, [FieldError(path: "", rule: "file", message: LibraryMessages.text(.importWithFilesAllOrNothing))])
            return
        }
        try await writer.finish()
        do {
            let (rest, uploads) = try AttachmentDirectory(root: directory).uploads(in: answers, for: form)
            var request = SubmissionRequest(answers: rest, runsActions: false)
            request.attachments = uploads
            request.languages = options.languages
            _ = try await engine.submit(request, to: form)
            storedWithFiles += 1
        } catch {
            guard case .invalid(let errors) = error else { throw error }
            refused += 1
            onRefused(number, errors)
        }
    }
}

extension FormEngine {
    /// An importer of answers into `form`; `onRefused` hears of each refused line (its number
    /// and every error) in line order. Actions need no routing: an import runs no handler.
    public func makeImporter(
        for form: LoadedForm, options: SubmissionImporter.Options = .init(),
        onRefused: @escaping (_ line: Int, _ errors: [FieldError]) -> Void
    ) async throws(FormEngineError) -> SubmissionImporter {
        try await SubmissionImporter(engine: self, form: form, options: options, onRefused: onRefused)
    }
}
