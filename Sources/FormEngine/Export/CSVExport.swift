import FormCore
import FormStore

/// A CSV export: the columns come from the rows themselves, so the rows are read twice. The
/// first pass (`collect`) gathers every leaf key path the stored values hold (and the repeats
/// they have) and which versions they were made against; the definitions of those versions
/// add the columns they declare, first, in definition order. The second pass (`write`) writes
/// the rows. Memory holds the columns, never the rows.
struct CSVExport {
    let store: any SubmissionStorage
    let query: SubmissionQuery
    let shape: CSVShape
    let neutralizesFormulas: Bool
    /// The definition whose columns an export with no row shows when the store has no version
    /// of the form yet (a form a server serves before anyone submitted it).
    let fallbackDefinitionJSON: String?
    /// Where the rows' files go, if anywhere: their values become paths, whose columns the
    /// first pass learns from the rows' files.
    let files: ExportFileWriter?
    /// Reused for every cell that is compact JSON.
    private var scratch: [UInt8] = []

    init(store: any SubmissionStorage, query: SubmissionQuery, options: CSVExportOptions, fallbackDefinitionJSON: String?,
         files: ExportFileWriter? = nil) {
        self.files = files
        self.store = store
        self.query = query
        self.shape = CSVShape(separatesRepeats: options.repeats == .separate)
        self.neutralizesFormulas = options.neutralizesFormulas
        self.fallbackDefinitionJSON = fallbackDefinitionJSON
        scratch.reserveCapacity(256)
    }

    /// Pass one: the columns. Returns the id of the last row, where pass two stops, so that a
    /// row stored in between (which may have columns this pass did not see) is left out.
    func collect() async throws(ExportError) -> Int64? {
        var lastID: Int64?
        var versionIDs: [Int64: Int] = [:]
        var cache = CSVShapeCache()
        if let files {
            var rows = store.export(query).makeAsyncIterator()
            while let row = try await Self.next(&rows) {
                if case let attachments = try await files.attachments(of: row), !attachments.isEmpty {
                    let paths = ExportFileWriter.paths(of: attachments, uuid: row.uuid)
                    shape.collect(ExportFileWriter.exportedValues(try row.exportedValues(), placing: paths))
                } else if row.valuesJSON.utf8Bytes({ cache.isNew($0) }) {
                    shape.collect(try row.exportedValues())
                }
                versionIDs[row.formVersionID] = row.version
                lastID = max(lastID ?? row.id, row.id)
            }
        } else {
            // Rows copied out of the database on the store's thread (no Strings per row).
            let shape = shape
            try await store.export(query).forEachPacked(.values, storageError: { .storage($0) }) { (packed) throws(ExportError) in
                for index in 0..<packed.count {
                    try packed.withRow(index) { (row) throws(ExportError) in
                        if cache.isNew(row.values) { shape.collect(try StoredSubmission.exportedValues(bytes: row.values, id: row.id)) }
                        versionIDs[row.formVersionID] = row.version
                        lastID = max(lastID ?? row.id, row.id)
                    }
                }
                return true
            }
        }
        // Newest version first: its order is the one people see in the form now.
        var ids = versionIDs.sorted { $0.value > $1.value }.map(\.key)
        if ids.isEmpty, let fallback = try await emptyExportVersion() { ids = [fallback] }
        for id in ids {
            let version: FormVersion?
            do { version = try await store.formVersion(id: id) } catch { throw .storage(error) }
            guard let version else { continue }
            do { try shape.declare(definitionJSON: version.definitionJSON) } catch {
                throw .unreadableDefinition(form: version.formName, version: version.version, reason: error.description)
            }
        }
        if ids.isEmpty, let fallbackDefinitionJSON {
            do { try shape.declare(definitionJSON: fallbackDefinitionJSON) } catch {
                throw .unreadableDefinition(form: query.formName ?? "", version: query.version ?? 0, reason: error.description)
            }
        }
        shape.finish()
        return lastID
    }

    /// With no rows, the header still shows the form's columns: those of the query's version
    /// (found through any submission of it) or else of the latest version.
    private func emptyExportVersion() async throws(ExportError) -> Int64? {
        guard let formName = query.formName else { return nil }
        do {
            if let number = query.version {
                let any = SubmissionQuery(formName: formName, version: number, limit: 1)
                if let id = try await store.page(any).submissions.first?.formVersionID { return id }
            }
            // The latest version, when it is the one asked for (or none was): a version with no
            // submission yet is most often the latest, registered by a server serving it.
            guard let latest = try await store.latestVersion(formName: formName) else { return nil }
            return query.version == nil || query.version == latest.version ? latest.id : nil
        } catch {
            throw .storage(error)
        }
    }

    func writeHeaders() {
        for table in shape.tables {
            guard let out = table.out else { continue }
            var csv = CSVWriter(out: out, neutralizesFormulas: neutralizesFormulas)
            for name in table.header { csv.field(name) }
            csv.endRecord()
        }
    }

    /// Pass two: every row up to `lastID`, into the tables' buffers, each handed to its sink
    /// as it fills and at the end.
    mutating func write(upTo lastID: Int64?) async throws {
        let outputs = shape.tables.compactMap(\.out)
        writeHeaders()
        if let lastID {
            // In id order a row past lastID ends the pass; in another order it is skipped.
            let inIDOrder = query.order == .id && !query.descending
            if let files {
                var rows = store.export(query).makeAsyncIterator()
                while let row = try await Self.next(&rows) {
                    if row.id > lastID {
                        if inIDOrder { break }
                        continue
                    }
                    let exported = try await files.export(row)
                    try exported.withExportBytes { row in try write(row) }
                    for out in outputs where out.isFull { try await out.flush() }
                }
            } else if !shape.separatesRepeats, let out = shape.submissions.out {
                try await writeRendered(upTo: lastID, inIDOrder: inIDOrder, to: out)
            } else {
                try await store.export(query).forEachPacked(storageError: { ExportError.storage($0) }) { packed in
                    for index in 0..<packed.count {
                        let past = try packed.withRow(index) { (row) throws(ExportError) -> Bool in
                            guard row.id <= lastID else { return true }
                            try write(row)
                            return false
                        }
                        if past && inIDOrder { return false }
                    }
                    for out in outputs where out.isFull { try await out.flush() }
                    return true
                }
            }
        }
        for out in outputs { try await out.flush() }
    }

    /// The next row of an export, its store's failure an export error.
    static func next(_ rows: inout SubmissionExport.AsyncIterator) async throws(ExportError) -> StoredSubmission? {
        do { return try await rows.next() } catch { throw .storage(error) }
    }

    /// Pass two where every row is one record of the submissions table: each batch the store
    /// packs is rendered in two halves at once (`CSVRowRenderer`). A damaged row stops the
    /// export naming it, after the records before it went to the sink.
    private func writeRendered(upTo lastID: Int64, inIDOrder: Bool, to out: ExportBuffer) async throws {
        let (cells, neutralizes) = (shape.submissions.row, neutralizesFormulas)
        try await store.export(query).writeRenderedInHalves(to: out) { packed, rows, _ in
            CSVRowRenderer.render(packed, rows: rows, cells: cells, upTo: lastID, neutralizingFormulas: neutralizes)
        } written: { rendered in
            // In id order a row past the last one ends the pass; in another order it is skipped.
            !(rendered.reachedPast && inIDOrder)
        }
    }

    private mutating func write(_ row: ExportRowBytes) throws(ExportError) {
        let table = shape.submissions
        // Most rows are read straight into their cells; the rest are parsed and walked.
        if try !table.fill(checking: row, arraysAreLeaves: !shape.separatesRepeats) {
            try fill(table, with: try StoredSubmission.exportedValues(bytes: row.values, id: row.id), submission: row.id)
        }
        guard let out = table.out else { return }
        CSVRowRenderer.writeRecord(of: row, cells: table.row, to: out, neutralizingFormulas: neutralizesFormulas, scratch: &scratch)
    }

    /// Puts the leaves of `object` in `table`'s cells, and writes the rows of its repeats.
    private mutating func fill(_ table: CSVTable, with object: FormValue, submission id: Int64) throws(ExportError) {
        var relative: [String] = []
        var repeats: [(path: [String], items: [FormValue])] = []
        do {
            try shape.walk(object, in: table, relative: &relative) { table, path, value in
                guard table.set(path, value) else { throw ExportError.changedDuringExport(id: id) }
            } repeated: { _, path, items in
                repeats.append((path, items))
            }
        } catch {
            throw .changedDuringExport(id: id)
        }
        for (path, items) in repeats {
            try writeItems(items, of: path, submission: id)
        }
    }

    private mutating func writeItems(_ items: [FormValue], of path: [String], submission id: Int64) throws(ExportError) {
        guard let table = shape.existingTable(path) else { throw .changedDuringExport(id: id) }
        for item in items {
            table.beginItem(of: id)
            try fill(table, with: item, submission: id)
            // A table nobody asked for (a server answering with one table) is filled, since
            // its numbering carries on into the tables inside it, but not written.
            guard let out = table.out else { continue }
            var csv = CSVWriter(out: out, neutralizesFormulas: neutralizesFormulas)
            csv.field(id)
            csv.field(Int64(table.itemIndex))
            if let parent = table.parent, !parent.path.isEmpty { csv.field(Int64(parent.itemIndex)) }
            table.writeCells(to: &csv, row: UnsafeRawBufferPointer(start: nil, count: 0), scratch: &scratch)
            csv.endRecord()
        }
    }
}
