import ArgumentParser
import Glibc
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
            A file field's value in a line is {"file": "relative/path"} (a list of them for a \
            field of several files), read from --files DIR (default: the input file's directory; \
            reading standard input, the working directory); a path outside DIR, a symbolic link \
            or anything but a regular file refuses the line, naming the field.
            On a terminal, standard error shows a progress bar, redrawn ten times a second: the \
            lines validated of the file's non-blank lines, lines per second and the time left \
            (reading a pipe: the lines and the rate). Into a file or a pipe it draws nothing.
            Lines are validated in --lang, else the language of LC_ALL, LC_MESSAGES or LANG, \
            when the form has it (else in its own): their messages are in it, and each stored \
            row records it.
            A line longer than --max-line-bytes (default 1 MiB, as serve's --max-body) is \
            refused alone, by number, without being held in memory; the lines around it are \
            validated and stored as usual.
            Exit codes: 0 every line stored, 1 some lines refused (or the definition is invalid), \
            2 usage, 3 the file or the database failed (batches committed before the failure stay), \
            130 interrupted: on SIGINT or SIGTERM the import stops reading, stores the lines it has \
            read, says how many were committed and after which line it stopped.
            """
    )

    @Argument(help: "The definition file.", completion: .file(extensions: ["json"]))
    var form: String

    @Argument(help: "NDJSON answers, one object per line; - reads standard input.", completion: .file())
    var file: String

    @Option(help: ArgumentHelp(FormInputs.dataHelp))
    var data: String?

    @Flag(help: "Store nothing if any line is invalid.")
    var allOrNothing = false

    // 10,000 rows a transaction: a commit costs a WAL write; at 1,000 rows the commits took a
    // third of an import's time, at 10,000 under a tenth (about 2 MB of values held at once).
    @Option(help: "Lines stored per transaction.")
    var batchSize = 10_000

    @Option(help: ArgumentHelp("Seconds one line may take to validate; a slower line is refused (0: no limit).", valueName: "seconds"))
    var lineTimeLimit: Double = 5

    // One line is one answers object, as one request body is to serve (--max-body, 1 MiB).
    @Option(help: ArgumentHelp("Bytes one line may hold (its newline not counted); a longer line is refused without being read into memory.", valueName: "bytes"))
    var maxLineBytes = 1 << 20

    @Option(help: ArgumentHelp("Where {\"file\": \"relative/path\"} values in the lines are read from (default: the input file's directory, the working directory for -); no file outside DIR is read.", valueName: "DIR"))
    var files: String?

    @OptionGroup var language: LanguageOptions

    @OptionGroup var includes: IncludeOptions

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if batchSize < 1 { throw ValidationError("--batch-size must be at least 1") }
        if maxLineBytes < 1 { throw ValidationError("--max-line-bytes must be at least 1") }
        if let files, !LocalPath.isDirectory(files) { throw ValidationError("--files \(files): not a directory") }
        if !(lineTimeLimit >= 0) || lineTimeLimit > 86_400 { throw ValidationError("--line-time-limit must be from 0 to 86400 seconds") }
    }

    func run() async throws {
        let engine = try await database.openEngine()
        let (dataFile, boundData) = try FormInputs.boundData(for: form, given: data)
        let loaded = try FormInputs.loadForm(form, engine: engine, data: boundData ?? .emptyObject, dataFile: dataFile, includes: includes, printWarnings: true)
        // Without data, answers for the fields data would build are refused: each says why.
        let missingData = dataFile == nil ? FormInputs.missingDataSources(of: loaded) : [], formPath = form
        let reader = try LineReader(path: file)
        let report = ImportReport()
        let importer: SubmissionImporter
        var options = SubmissionImporter.Options(
            batchSize: batchSize, allOrNothing: allOrNothing, lineTimeLimit: lineTimeLimit > 0 ? .milliseconds(Int64(lineTimeLimit * 1000)) : nil)
        options.filesDirectory = files ?? (file == "-" ? "." : LocalPath.directory(of: file))
        options.languages = language.preferences
        do {
            importer = try await engine.makeImporter(for: loaded, options: options) { line, errors in
                // A standard error that cannot be written to has nobody to tell.
                try? report.refuse(line: line, errors.map { FormInputs.explainingMissingData($0, sources: missingData, form: formPath) })
            }
        } catch {
            throw CommandFailure("formctl: \(error)", exitCode: .storage)
        }
        // Lines are counted (a read of the file) only for a bar someone sees.
        let showsProgress = Terminal.isTTY(STDERR_FILENO)
        let validated = importer.progress
        report.start(ProgressBar(totalLines: showsProgress ? reader.countLines() : nil, enabled: showsProgress) { validated.validatedLines })
        let interruption = ImportInterruption()
        var lineNumber = 0
        do {
            do {
                try await reader.forEachLine(maxLineBytes: maxLineBytes, interruption: interruption) { line in
                    try interruption.checkpoint()
                    lineNumber += 1
                    switch line {
                    case .bytes(let bytes):
                        guard !Self.isBlank(bytes) else { return }
                        report.lines += 1
                        try await importer.add(bytes, number: lineNumber)
                    case .tooLong:
                        report.lines += 1
                        try await importer.refuse(number: lineNumber, [
                            FieldError(path: "", rule: "size", message: "longer than --max-line-bytes (\(maxLineBytes) bytes); not read")
                        ])
                    }
                }
            } catch is ImportInterruption.Stop {
                // The lines read so far are the batch in progress: stored below, then exit 130.
            }
            try await importer.finish()
        } catch {
            await importer.settle()
            try? report.summary(stored: importer.stored, note: "stopped")
            if let failure = error as? CommandFailure { throw failure }
            throw CommandFailure("formctl: \(error)", exitCode: .storage)
        }
        if let signal = interruption.received {
            let nothing = allOrNothing ? "; --all-or-nothing: nothing stored" : ""
            try report.summary(stored: importer.stored, note: "interrupted by \(Self.name(of: signal)) after line \(lineNumber)\(nothing)")
            throw CommandFailure.silent(.interrupted)
        }
        try report.summary(stored: importer.stored, note: allOrNothing && report.refused > 0 ? "--all-or-nothing: nothing stored" : nil)
        if report.refused > 0 { throw CommandFailure.silent(.invalid) }
    }

    static func name(of signal: Int32) -> String { signal == SIGTERM ? "SIGTERM" : "SIGINT" }

    /// Spaces, tabs and a CR only.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy(LineReader.isBlankByte)
    }
}
