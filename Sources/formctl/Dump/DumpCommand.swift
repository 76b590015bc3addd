import ArgumentParser
import FormCore
import FormEngine
import FormStore
import Foundation

/// `formctl dump`: stored submissions as JSON, NDJSON or CSV, streamed row by row from SQLite
/// into a large output buffer, so memory stays flat for any number of rows.
struct DumpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Export stored submissions as json, ndjson or csv.",
        discussion: """
            json: an array of {"id","uuid","form","version","status","created_at","updated_at","data"}; \
            ndjson: one such object per line.
            csv (RFC 4180, CRLF line ends): the metadata columns _id, _uuid, _form, _version, _status, \
            _created_at, then a column per value: the fields every dumped version's definition \
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
            A stored row whose values are not a JSON object stops the dump with exit 3 naming \
            it: json and ndjson have written the rows before it to standard output, csv nothing, \
            and an --output FILE is left as it was.
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

    @Option(help: "csv: repeats inline (one cell of JSON) or separate (a file per repeat, needs --output DIR).")
    var repeats: Repeats = .inline

    @Option(help: ArgumentHelp("Write to FILE (via a new temporary file beside it, renamed when complete) instead of standard output; with --repeats separate, the directory to write the files in.", valueName: "FILE"))
    var output: String?

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
        if let version, version < 1 { throw ValidationError("--version counts from 1") }
        if repeats == .separate {
            guard format == .csv else { throw ValidationError("--repeats separate is for --format csv") }
            guard output != nil else { throw ValidationError("--repeats separate needs --output DIR: it writes a file per repeat") }
        }
    }

    func run() async throws {
        let store = try await database.openStore(readOnly: true)
        let formName = try await resolveForm(in: store)
        let statusFilter: SubmissionStatus? = status == .all ? nil : (status == .final ? .final : .draft)
        let query = SubmissionQuery(
            formName: formName, version: version, status: statusFilter, createdFrom: since.flatMap(SubmissionQuery.time),
            createdBefore: until.flatMap(SubmissionQuery.time))
        do {
            if format == .csv {
                try await dumpCSV(query, store: store)
            } else {
                let out = try output.map { try OutputStream.file($0) } ?? .standardOutput()
                let writer = DumpWriter(isArray: format == .json, out: out)
                try writer.begin()
                for try await row in store.export(query) {
                    try writer.write(row)
                }
                try writer.end()
                try out.commit()
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("formctl: dump failed reading \(store.database): \(error)", exitCode: .storage)
        }
    }

    /// The form to dump: `--form` (which must exist, as must its `--version`), or for csv the
    /// only form there is.
    func resolveForm(in store: any SubmissionStorage) async throws -> String? {
        let forms: [FormSummary]
        do { forms = try await store.forms() } catch {
            throw CommandFailure("formctl: cannot read \(store.database): \(error)", exitCode: .storage)
        }
        let chosen: FormSummary?
        if let form {
            guard let summary = forms.first(where: { $0.name == form }) else {
                let known = forms.isEmpty ? "the database holds no forms" : "forms: " + forms.map(\.name).joined(separator: ", ")
                throw CommandFailure("formctl: no form named '\(form)' in \(store.database) (\(known))", exitCode: .invalid)
            }
            chosen = summary
        } else if format == .csv {
            guard forms.count <= 1 else {
                throw CommandFailure(
                    "formctl: --format csv needs --form NAME, since its columns are a form's fields (forms: \(forms.map(\.name).joined(separator: ", ")))",
                    exitCode: .usage)
            }
            // With no forms, csv prints just its header.
            chosen = forms.first
        } else {
            // json and ndjson dump every form.
            chosen = nil
        }
        if let chosen, let version, version > chosen.latestVersion {
            let known = chosen.latestVersion == 1 ? "version 1" : "versions 1 to \(chosen.latestVersion)"
            throw CommandFailure("formctl: form '\(chosen.name)' has no version \(version) (it has \(known))", exitCode: .invalid)
        }
        return chosen?.name
    }
}
