import ArgumentParser
import FormEngine

/// `formctl dump`: stored submissions as JSON, NDJSON or CSV, exported by the engine and
/// streamed in batches to standard output or files, so memory stays flat for any number of rows.
struct DumpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Export stored submissions as json, ndjson or csv.",
        discussion: """
            json: an array of \
            {"id","uuid","form","version","status","created_at","updated_at","revision","review","language","data"} \
            (review is {"state"}, with "comment" when the last review had one); ndjson: one such \
            object per line.
            --revisions (json, ndjson) writes every revision of each submission instead, oldest \
            first: {"id","uuid","form","revision","version","at","actor","reason","language","data"}.
            Deleted submissions are never dumped; --review STATE keeps the submissions in that \
            review state.
            csv (RFC 4180, CRLF line ends): the metadata columns _id, _uuid, _form, _version, _status, \
            _created_at, _updated_at, _revision, _review_state, _language (the language the \
            submission was given in, empty for rows stored before formctl recorded it), then a \
            column per value: the fields every dumped version's definition \
            declares (newest version first, in definition order), then any other stored key path \
            in the order the rows hold them, so iterateproperties values (tools.Xcode.score) and \
            fields only older versions had have columns too. Nested objects are walked key by \
            key; arrays (repeats, multiple choices) are one cell of compact JSON. A column name \
            is the value's key path, keys joined by '.'; a key that is empty, contains . " \\ or \
            a control character, or starts with _ = + - or @ is written as a JSON string \
            ("a.b", "@count", "", "_id"), so a value column never starts with _ and never \
            collides with a metadata column. csv needs --form unless the database holds one \
            form. Secure fields are never stored, so never exported.
            --repeats separate --output DIR writes DIR/submissions.csv and, per repeat (an \
            array of objects), DIR/submissions.<column name>.csv (bytes other than letters, \
            digits, . _ - written as %XX), one row per item: _submission_id (the submission's \
            _id), _index (the item's number from 1 among that repeat's items of the \
            submission), for a repeat inside a repeat _parent_index (the _index of its item in \
            the enclosing repeat's file), then the item's columns, as ODK Central exports.
            --since is inclusive and --until exclusive, so ranges that meet do not overlap; \
            --version N keeps submissions made against version N of the form.
            In csv, a text cell that starts with =, +, -, @, a tab or a CR (which a spreadsheet \
            would run as a formula) is written with a ' before it, as OWASP advises against CSV \
            injection; numbers stay numbers. --raw-csv writes every cell as stored.
            --files DIR writes each stored file as DIR/<uuid>/<key path>/<name>, and the \
            file field's value in the output becomes {"path","size","type","sha256"}, the path \
            relative to DIR; how many files were written is said on standard error.
            A stored row whose values are not a JSON object stops the dump with exit 3 naming \
            it: json and ndjson have written the rows before it to standard output, csv nothing, \
            and an --output FILE is left as it was.
            An unknown --form or --version (one no stored form has) is an error, exit 1, in every \
            format; a filter that matches no row of a known form gives an empty result, exit 0: \
            json [], ndjson nothing, csv the header.
            Exit codes: 0 done, 1 unknown form or version, 2 usage, 3 database or output file failure \
            or a damaged row.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, ndjson, csv }
    enum Status: String, ExpressibleByArgument, CaseIterable { case final, draft, all }
    enum Repeats: String, ExpressibleByArgument, CaseIterable { case inline, separate }

    @Option(help: "Only submissions of this form.")
    var form: String?

    @Option(help: "Output format.")
    var format: Format = .json

    @Option(help: "Which submissions: final, draft or all.")
    var status: Status = .final

    @Option(help: ArgumentHelp("Only submissions created at or after TIME: an ISO 8601 date (2026-05-17, midnight UTC) or date-time (2026-05-17T14:30:00Z; no offset means UTC).", valueName: "TIME"))
    var since: String?

    @Option(help: ArgumentHelp("Only submissions created before TIME (exclusive), written as for --since.", valueName: "TIME"))
    var until: String?

    @Option(help: ArgumentHelp("Only submissions made against version N of the form.", valueName: "N"))
    var version: Int?

    @Option(help: ArgumentHelp("Only submissions in this review state: received, hasIssues (has-issues), approved or rejected.", valueName: "STATE"))
    var review: ReviewStateArgument?

    @Flag(help: "json, ndjson: one record per revision of each submission (who made it, when, why), oldest first.")
    var revisions = false

    @Option(help: "csv: repeats inline (one cell of JSON) or separate (a file per repeat, needs --output DIR).")
    var repeats: Repeats = .inline

    @Option(help: ArgumentHelp("Write to FILE (via a new temporary file beside it, renamed when complete) instead of standard output; with --repeats separate, the directory to write the files in.", valueName: "FILE"))
    var output: String?

    @Option(help: ArgumentHelp("Write each stored file as DIR/<uuid>/<key path>/<name>; a file field's value becomes {\"path\", \"size\", \"type\", \"sha256\"}, its path relative to DIR. DIR is made if missing.", valueName: "DIR"))
    var files: String?

    @Flag(help: "csv: write cells exactly as stored, without the ' that keeps a spreadsheet from running =, +, -, @ cells as formulas.")
    var rawCsv = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        for (name, text) in [("--since", since), ("--until", until)] {
            if let text, SubmissionQuery.time(text) == nil {
                throw ValidationError("\(name) wants an ISO 8601 date (2026-05-17) or date-time (2026-05-17T14:30:00Z), not '\(text)'")
            }
        }
        if let from = since.flatMap(SubmissionQuery.time), let to = until.flatMap(SubmissionQuery.time), to <= from {
            throw ValidationError("--until (\(until ?? "")) must be after --since (\(since ?? ""))")
        }
        if let files, LocalPath.exists(files), !LocalPath.isDirectory(files) {
            throw ValidationError("--files \(files): exists and is not a directory")
        }
        if let version, version < 1 { throw ValidationError("--version counts from 1") }
        if revisions && format == .csv {
            throw ValidationError("--revisions is for --format json or ndjson: a csv row is one submission")
        }
        if repeats == .separate {
            guard format == .csv else { throw ValidationError("--repeats separate is for --format csv") }
            guard output != nil else { throw ValidationError("--repeats separate needs --output DIR: it writes a file per repeat") }
        }
    }

    func run() async throws {
        let engine = try await database.openEngine(readOnly: true)
        let statusFilter: SubmissionStatus? = status == .all ? nil : (status == .final ? .final : .draft)
        var query = SubmissionQuery(
            formName: form, version: version, status: statusFilter, createdFrom: since.flatMap(SubmissionQuery.time),
            createdBefore: until.flatMap(SubmissionQuery.time))
        query.reviewState = review?.state
        let exportFormat: ExportFormat = switch format {
        case .json: .json
        case .ndjson: .ndjson
        case .csv: .csv(CSVExportOptions(repeats: repeats == .separate ? .separate : .inline, neutralizesFormulas: !rawCsv))
        }
        var outputs: [WriteBehindOutput] = []
        let export: PreparedExport
        do {
            export = try await engine.prepareExport(query, as: exportFormat, records: revisions ? .revisions : .submissions,
                                                        files: files.map(ExportFiles.init(directory:)))
            if repeats == .separate, let directory = output {
                try Self.makeDirectory(directory)
                try await export.write { table in
                    let out = WriteBehindOutput(try OutputStream.file(directory + "/" + table.fileName))
                    outputs.append(out)
                    return out
                }
            } else {
                let out = WriteBehindOutput(try output.map { try OutputStream.file($0) } ?? .standardOutput())
                outputs.append(out)
                try await export.write(to: out)
            }
            for out in outputs { try await out.commit() }
        } catch let error as ExportError {
            // What went before a damaged row reaches standard output (a file is left as it was).
            for out in outputs { await out.flush() }
            throw Self.failure(error)
        } catch let error as ExportFileError {
            for out in outputs { await out.flush() }
            throw CommandFailure("formctl: \(error)", exitCode: .storage)
        }
        if let files {
            let count = export.filesWritten
            Terminal.printError("wrote \(count) file\(count == 1 ? "" : "s") under \(files)")
        }
    }

    /// An export's refusal as dump's message and exit code: 1 for an unknown form or version,
    /// 2 for a csv without the --form it needs, 3 for the store or a damaged row.
    static func failure(_ error: ExportError) -> CommandFailure {
        switch error {
        case .unknownForm, .unknownVersion:
            return CommandFailure("formctl: \(error)", exitCode: .invalid)
        case .formNeeded(let forms):
            return CommandFailure(
                "formctl: --format csv needs --form NAME, since its columns are a form's fields (forms: \(forms.joined(separator: ", ")))",
                exitCode: .usage)
        case .changedDuringExport(let id):
            return CommandFailure(
                "formctl: submission \(id) changed while it was being dumped (it holds a value the first pass over the rows did not see); run dump again",
                exitCode: .storage)
        case .revisionsNeedJSON:
            return CommandFailure("formctl: \(error)", exitCode: .usage)
        case .storage(let storage):
            return CommandFailure("formctl: dump failed reading \(storage.database): \(storage)", exitCode: .storage)
        case .damagedRow, .unreadableDefinition, .alreadyWritten:
            return CommandFailure("formctl: \(error)", exitCode: .storage)
        }
    }
}
