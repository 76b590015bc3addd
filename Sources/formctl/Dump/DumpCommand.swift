import ArgumentParser
import FormCore
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
            ndjson: one such object per line; csv (RFC 4180, CRLF line ends): id, uuid, form, version, \
            status, created_at, then one column per keyed field of the form's latest definition, in \
            definition order (repeats and nested values as compact JSON). csv needs --form unless the \
            database holds one form. Secure fields are never stored, so never exported.
            In csv, a text cell that starts with =, +, -, @, a tab or a CR (which a spreadsheet \
            would run as a formula) is written with a ' before it, as OWASP advises against CSV \
            injection; numbers stay numbers. --raw-csv writes every cell as stored.
            Exit codes: 0 done, 1 unknown form, 2 usage, 3 database or output file failure.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, ndjson, csv }
    enum Status: String, ExpressibleByArgument, CaseIterable { case final, draft, all }

    @Option(help: "Only submissions of this form.")
    var form: String?

    @Option(help: "Output format.")
    var format: Format = .json

    @Option(help: "Which submissions: final, draft or all.")
    var status: Status = .final

    @Option(help: ArgumentHelp("Only submissions created at or after TIME: an ISO 8601 date (2026-05-17, midnight UTC) or date-time (2026-05-17T14:30:00Z; no offset means UTC).", valueName: "TIME"))
    var since: String?

    @Option(help: ArgumentHelp("Write to FILE (via a new temporary file beside it, renamed when complete) instead of standard output.", valueName: "FILE"))
    var output: String?

    @Flag(help: "csv: write cells exactly as stored, without the ' that keeps a spreadsheet from running =, +, -, @ cells as formulas.")
    var rawCsv = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if let since, Self.parseSince(since) == nil {
            throw ValidationError("--since wants an ISO 8601 date (2026-05-17) or date-time (2026-05-17T14:30:00Z), not '\(since)'")
        }
    }

    /// Second precision; a time without an offset is UTC.
    static func parseSince(_ text: String) -> Date? {
        ISODate(parsing: text, mode: "DateAndTime").map { Date(timeIntervalSince1970: TimeInterval($0.seconds)) }
    }

    func run() async throws {
        let store = try await database.openStore(readOnly: true)
        let formName = try await resolveForm(in: store)
        let columns = format == .csv ? try await csvColumns(formName: formName, store: store) : []
        let out = try output.map { try OutputStream.file($0) } ?? .standardOutput()
        let statusFilter: SubmissionStatus? = status == .all ? nil : (status == .final ? .final : .draft)
        let writer = DumpWriter(format: format, out: out, columns: columns, neutralizesFormulas: !rawCsv)
        do {
            try writer.begin()
            let query = SubmissionQuery(formName: formName, status: statusFilter, createdFrom: since.flatMap(Self.parseSince))
            for try await row in store.export(query) {
                try writer.write(row)
            }
            try writer.end()
            try out.commit()
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("formctl: dump failed reading \(store.database): \(error)", exitCode: .storage)
        }
    }

    /// The form to dump: `--form` (which must exist), or for csv the only form there is.
    func resolveForm(in store: any SubmissionStorage) async throws -> String? {
        let forms: [FormSummary]
        do { forms = try await store.forms() } catch {
            throw CommandFailure("formctl: cannot read \(store.database): \(error)", exitCode: .storage)
        }
        if let form {
            guard forms.contains(where: { $0.name == form }) else {
                let known = forms.isEmpty ? "the database holds no forms" : "forms: " + forms.map(\.name).joined(separator: ", ")
                throw CommandFailure("formctl: no form named '\(form)' in \(store.database) (\(known))", exitCode: .invalid)
            }
            return form
        }
        guard format == .csv, forms.count > 1 else {
            // json and ndjson dump every form; csv with no forms prints just its header.
            return format == .csv ? forms.first?.name : nil
        }
        throw CommandFailure(
            "formctl: --format csv needs --form NAME, since its columns are a form's fields (forms: \(forms.map(\.name).joined(separator: ", ")))",
            exitCode: .usage)
    }

    func csvColumns(formName: String?, store: any SubmissionStorage) async throws -> [CSVColumns.Column] {
        guard let formName else { return [] }
        let version: FormVersion?
        do { version = try await store.latestVersion(formName: formName) } catch {
            throw CommandFailure("formctl: cannot read \(store.database): \(error)", exitCode: .storage)
        }
        guard let version else { return [] }
        do { return try CSVColumns(definitionJSON: version.definitionJSON).columns } catch {
            throw CommandFailure(
                "formctl: the stored definition of \(formName) version \(version.version) cannot be read: \(error)",
                exitCode: .storage)
        }
    }
}
