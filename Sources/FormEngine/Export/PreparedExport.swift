import FormStore
import Synchronization

/// An export whose form and version were checked and, for CSV, whose columns are known: what
/// remains is writing it. Preparing first lets a caller refuse a bad request (an unknown
/// form, version or table) before it has sent a byte, as a server must before its status line.
///
/// Written once: a CSV export's second pass writes the rows up to the last one its first pass
/// saw, with the columns that pass found, so a row stored in between is left for the next
/// export rather than missing a column.
public final class PreparedExport: @unchecked Sendable {
    // Unchecked: `csv` holds the first pass's mutable tables, which only the one `write`
    // that `claimed` lets through ever touches.

    /// What is written.
    public let format: ExportFormat
    /// The submissions, or every revision of each.
    public let records: ExportRecords
    /// The tables the export writes, in order: one (`submissions`) for JSON, NDJSON and CSV
    /// with repeats inline; for CSV with repeats separate, the submissions and then each
    /// repeat's table, outer repeats before the repeats inside them.
    public let tables: [ExportTable]

    private let store: any SubmissionStorage
    private let query: SubmissionQuery
    private let csv: CSVExport?
    private let lastID: Int64?
    private let files: ExportFileWriter?
    private let claimed = Mutex(false)

    init(format: ExportFormat, records: ExportRecords, store: any SubmissionStorage, query: SubmissionQuery, csv: CSVExport?,
         lastID: Int64?, files: ExportFileWriter? = nil) {
        self.files = files
        self.format = format
        self.records = records
        self.store = store
        self.query = query
        self.csv = csv
        self.lastID = lastID
        tables = csv?.shape.tables.map { ExportTable(path: $0.path) } ?? [ExportTable(path: [])]
    }

    /// How many files the export has written under its `ExportFiles` directory so far (0
    /// without one): after `write`, all of them.
    public var filesWritten: Int { files?.written.count ?? 0 }

    /// Writes the first table (all of a JSON or NDJSON export) to `sink`.
    public func write(to sink: some ExportSink) async throws {
        let first = tables[0]
        try await write { table in table == first ? sink : nil }
    }

    /// Writes each table to the sink `sinks` gives for it (called once per table, in `tables`
    /// order, before any byte is written; nil leaves the table out), so a caller can write
    /// every table of a CSV export with repeats separate to a file of its own
    /// (`ExportTable.fileName`). The rows of the tables are written together, a submission
    /// then its items, each sink taking a batch as its table fills one.
    ///
    /// Throws `ExportError` (`alreadyWritten` on a second call, a damaged row, a row changed
    /// since `prepareExport`, a store failure), `ExportFileError` (a file that could not be
    /// written), or what a sink threw.
    public func write(tables sinks: (ExportTable) async throws -> (any ExportSink)?) async throws {
        let first = claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
        guard first else { throw ExportError.alreadyWritten }
        guard var csv else {
            guard let sink = try await sinks(tables[0]) else { return }
            if records == .revisions {
                var revisions = RevisionExport(isArray: format == .json, out: ExportBuffer(sink: sink), store: store)
                try await revisions.write(query)
                return
            }
            var json = JSONExport(isArray: format == .json, out: ExportBuffer(sink: sink), files: files)
            try await json.write(store.export(query))
            return
        }
        for (table, described) in zip(csv.shape.tables, tables) {
            table.out = try await sinks(described).map(ExportBuffer.init(sink:))
        }
        try await csv.write(upTo: lastID)
    }
}
