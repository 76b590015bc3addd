import ArgumentParser
import FormCore
import FormEngine

/// `formctl import`: NDJSON answers, one submission per line, validated as `fill` validates
/// them and stored in batches (one transaction and one prepared statement per batch).
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import answers from NDJSON (one JSON object per line), validating each line as fill does.",
        discussion: """
            Each line is an answers object keyed by element key, as `fill --answers` takes. Blank lines \
            are skipped (and still counted for line numbers). Invalid lines are reported on standard \
            error as `line N: KEY: message` and not stored; valid ones are stored as final submissions \
            in transactions of --batch-size lines. Secure and hidden fields are never stored. Action \
            handlers do not run: import records answers given elsewhere, it does not re-submit them, so \
            a form's actions need no routing here.
            Exit codes: 0 every line stored, 1 some lines refused (or the definition is invalid), \
            2 usage, 3 the file or the database failed (batches committed before the failure stay).
            """
    )

    @Argument(help: "The definition file.", completion: .file(extensions: ["json"]))
    var form: String

    @Argument(help: "NDJSON answers, one object per line; - reads standard input.", completion: .file())
    var file: String

    @Option(help: "Data to bind the form to (JSON).")
    var data: String?

    @Flag(help: "Store nothing if any line is invalid.")
    var allOrNothing = false

    // 10,000 rows a transaction: a commit costs a WAL write; at 1,000 rows the commits took a
    // third of an import's time, at 10,000 under a tenth (about 2 MB of values held at once).
    @Option(help: "Lines stored per transaction.")
    var batchSize = 10_000

    @OptionGroup var includes: IncludeOptions

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if batchSize < 1 { throw ValidationError("--batch-size must be at least 1") }
    }

    func run() async throws {
        let engine = try await database.openEngine()
        let boundData = try data.map { try FormInputs.loadJSON($0, what: "data") } ?? .emptyObject
        let loaded = try FormInputs.loadForm(form, engine: engine, data: boundData, includes: includes, printWarnings: true)
        let reader = try LineReader(path: file)
        let report = ImportReport(progress: ProgressBar(total: reader.fileSize))
        let importer: SubmissionImporter
        do {
            importer = try await engine.makeImporter(
                for: loaded, options: .init(batchSize: batchSize, allOrNothing: allOrNothing)
            ) { line, errors in
                // A standard error that cannot be written to has nobody to tell.
                try? report.refuse(line: line, errors.map { $0.path.isEmpty ? $0.message : $0.description })
            }
        } catch {
            throw CommandFailure("formctl: \(error)", exitCode: .storage)
        }
        do {
            var lineNumber = 0
            try await reader.forEachLine { line in
                lineNumber += 1
                guard !Self.isBlank(line) else { return }
                report.lines += 1
                try await importer.add(line, number: lineNumber)
                report.progress.update(done: reader.bytesRead, lines: report.lines)
            }
            try await importer.finish()
        } catch {
            await importer.settle()
            try? report.summary(stored: importer.stored, note: "stopped")
            if let failure = error as? CommandFailure { throw failure }
            throw CommandFailure("formctl: \(error)", exitCode: .storage)
        }
        try report.summary(stored: importer.stored, note: allOrNothing && report.refused > 0 ? "--all-or-nothing: nothing stored" : nil)
        if report.refused > 0 { throw CommandFailure.silent(.invalid) }
    }

    /// Spaces, tabs and a CR only.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
