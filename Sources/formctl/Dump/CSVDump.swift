import FormCore
import FormStore
import Glibc

/// `dump --format csv`: the columns come from the rows themselves, so the export is read
/// twice. The first pass collects every leaf key path the stored values hold (and the repeats
/// they have) and which versions they were made against; the definitions of those versions add
/// the columns they declare, first, in definition order. The second pass writes the rows.
/// Memory holds the columns, never the rows.
struct CSVDump {
    let store: any SubmissionStorage
    let query: SubmissionQuery
    let shape: CSVShape
    let neutralizesFormulas: Bool
    /// Reused for every cell that is compact JSON.
    private var scratch: [UInt8] = []

    init(store: any SubmissionStorage, query: SubmissionQuery, separatesRepeats: Bool, neutralizesFormulas: Bool) {
        self.store = store
        self.query = query
        self.shape = CSVShape(separatesRepeats: separatesRepeats)
        self.neutralizesFormulas = neutralizesFormulas
        scratch.reserveCapacity(256)
    }

    /// Pass one: the columns. Returns the id of the last row, where pass two stops, so that a
    /// row stored in between (which may have columns this pass did not see) is left out.
    func collect() async throws -> Int64? {
        var lastID: Int64?
        var versionIDs: [Int64: Int] = [:]
        var cache = CSVShapeCache()
        for try await row in store.export(query) {
            if row.valuesJSON.utf8Bytes({ cache.isNew($0) }) { shape.collect(try row.dumpedValues()) }
            versionIDs[row.formVersionID] = row.version
            lastID = row.id
        }
        // Newest version first: its order is the one people see in the form now.
        var ids = versionIDs.sorted { $0.value > $1.value }.map(\.key)
        if ids.isEmpty, let fallback = try await emptyDumpVersion() { ids = [fallback] }
        for id in ids {
            let version: FormVersion?
            do { version = try await store.formVersion(id: id) } catch { throw Self.unreadable(store, error) }
            guard let version else { continue }
            do { try shape.declare(definitionJSON: version.definitionJSON) } catch {
                throw CommandFailure(
                    "formctl: the stored definition of \(version.formName) version \(version.version) cannot be read: \(error)",
                    exitCode: .storage)
            }
        }
        shape.finish()
        return lastID
    }

    /// With no rows, the header still shows the form's columns: those of `--version N` (found
    /// through any submission of it) or else of the latest version.
    private func emptyDumpVersion() async throws -> Int64? {
        guard let formName = query.formName else { return nil }
        do {
            if let number = query.version {
                let any = SubmissionQuery(formName: formName, version: number, limit: 1)
                return try await store.page(any).submissions.first?.formVersionID
            }
            return try await store.latestVersion(formName: formName)?.id
        } catch {
            throw Self.unreadable(store, error)
        }
    }

    func writeHeaders() throws {
        for table in shape.tables {
            guard let out = table.out else { continue }
            var csv = CSVWriter(out: out, neutralizesFormulas: neutralizesFormulas)
            for name in table.header { try csv.field(name) }
            try csv.endRecord()
        }
    }

    /// Pass two: every row up to `lastID`, into the tables' outputs.
    mutating func write(upTo lastID: Int64) async throws {
        for try await row in store.export(query) {
            if row.id > lastID { break }
            try write(row)
        }
    }

    private mutating func write(_ row: StoredSubmission) throws {
        let table = shape.submissions
        guard let out = table.out else { return }
        table.beginRow()
        try fill(table, with: try row.dumpedValues(), submission: row.id)
        var csv = CSVWriter(out: out, neutralizesFormulas: neutralizesFormulas)
        try csv.field(row.id)
        try row.uuid.utf8Bytes { try csv.field($0) }
        try row.formName.utf8Bytes { try csv.field($0) }
        try csv.field(Int64(row.version))
        try row.status.rawValue.utf8Bytes { try csv.field($0) }
        try row.createdAtText.utf8Bytes { try csv.field($0) }
        try table.writeCells(to: &csv, scratch: &scratch)
        try csv.endRecord()
    }

    /// Puts the leaves of `object` in `table`'s cells, and writes the rows of its repeats.
    private mutating func fill(_ table: CSVTable, with object: FormValue, submission id: Int64) throws {
        var relative: [String] = []
        var repeats: [(path: [String], items: [FormValue])] = []
        try shape.walk(object, in: table, relative: &relative) { table, path, value in
            guard table.set(path, value) else { throw Self.changed(id) }
        } repeated: { _, path, items in
            repeats.append((path, items))
        }
        for (path, items) in repeats {
            try writeItems(items, of: path, submission: id)
        }
    }

    private mutating func writeItems(_ items: [FormValue], of path: [String], submission id: Int64) throws {
        guard let table = shape.existingTable(path), let out = table.out else { throw Self.changed(id) }
        for item in items {
            table.beginItem(of: id)
            try fill(table, with: item, submission: id)
            var csv = CSVWriter(out: out, neutralizesFormulas: neutralizesFormulas)
            try csv.field(id)
            try csv.field(Int64(table.itemIndex))
            if let parent = table.parent, !parent.path.isEmpty { try csv.field(Int64(parent.itemIndex)) }
            try table.writeCells(to: &csv, scratch: &scratch)
            try csv.endRecord()
        }
    }

    static func changed(_ id: Int64) -> CommandFailure {
        CommandFailure(
            "formctl: submission \(id) changed while it was being dumped (it holds a value the first pass over the rows did not see); run dump again",
            exitCode: .storage)
    }

    static func unreadable(_ store: any SubmissionStorage, _ error: any Error) -> CommandFailure {
        CommandFailure("formctl: cannot read \(store.database): \(error)", exitCode: .storage)
    }
}
