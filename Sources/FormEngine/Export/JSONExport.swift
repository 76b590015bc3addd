import FormStore

/// Writes the rows of a JSON export (an array, one object per line) or an NDJSON one (an
/// object per line); CSV is `CSVExport`'s.
///
/// A row's line is its stored values as they are, with its metadata around them, so a line
/// depends on its row alone: the store copies rows out of the database's buffers a batch at a
/// time on its thread (no row becomes Strings), and each batch is rendered here in two halves
/// at once (`JSONRowRenderer`) while the store copies the next.
struct JSONExport {
    /// JSON rather than NDJSON.
    let isArray: Bool
    let out: ExportBuffer
    /// Where the rows' files go, if anywhere.
    let files: ExportFileWriter?
    private var rows = 0

    init(isArray: Bool, out: ExportBuffer, files: ExportFileWriter? = nil) {
        self.isArray = isArray
        self.out = out
        self.files = files
    }

    /// Every row of `export`, then the closing bracket of an array. A damaged row stops the
    /// export naming it, after the rows before it went to the sink: NDJSON ends with the last
    /// good line, JSON with an array that is not closed, so no reader takes it for the whole.
    mutating func write(_ export: SubmissionExport) async throws {
        if isArray { out.write(UInt8(ascii: "[")) }
        if files == nil {
            try await writeRendered(export)
        } else {
            try await writeOneByOne(export)
        }
        if isArray { out.write(rows == 0 ? "]\n" : "\n]\n") }
        try await out.flush()
    }

    /// Rows whose files are copied as they go: one at a time, since each row awaits its files.
    private mutating func writeOneByOne(_ export: SubmissionExport) async throws {
        var cursor = export.makeAsyncIterator()
        while let row = try await CSVExport.next(&cursor) {
            do { try row.checkExportedValues() } catch {
                try await out.flush()
                throw error
            }
            let exported = try await files?.export(row) ?? row
            exported.withExportBytes { JSONRowRenderer.write($0, to: out, isArray: isArray, first: rows == 0) }
            rows += 1
            if out.isFull { try await out.flush() }
        }
    }

    /// The store copies each batch of rows out of the database (`PackedExportRows`) while
    /// the batch before is rendered here in two halves at once.
    private mutating func writeRendered(_ export: SubmissionExport) async throws {
        let isArray = isArray
        try await export.writeRenderedInHalves(to: out) { packed, rows, startsExport in
            JSONRowRenderer.render(packed, rows: rows, isArray: isArray, startsExport: startsExport)
        } written: { rendered in
            rows += rendered.rows
            return true
        }
    }
}

/// Renders rows into JSON objects: each row checked, then written with the separator its
/// place needs.
struct JSONRowRenderer {
    /// What rows made: the lines of the rows before `failure`, if any, in chunks of about
    /// `ExportBuffer.batchBytes` (as `ExportSink` promises).
    struct Rendered: RenderedRows {
        var chunks: [[UInt8]]
        var rows: Int
        var failure: ExportError?
    }

    let isArray: Bool
    let startsExport: Bool
    private let out = ExportBuffer(collecting: ExportBuffer.batchBytes + ExportBuffer.batchBytes / 4)
    private var rows = 0
    private var failure: ExportError?
    private var chunks: [[UInt8]] = []

    init(isArray: Bool, startsExport: Bool) {
        self.isArray = isArray
        self.startsExport = startsExport
    }

    mutating func take(_ row: ExportRowBytes) -> Bool {
        do { try StoredSubmission.checkExportedValues(bytes: row.values, id: row.id) } catch {
            failure = error
            return false
        }
        Self.write(row, to: out, isArray: isArray, first: startsExport && rows == 0)
        rows += 1
        if out.isFull { chunks.append(out.takeBytes()) }
        return true
    }

    mutating func finish() -> Rendered {
        chunks.append(out.takeBytes())
        return Rendered(chunks: chunks, rows: rows, failure: failure)
    }

    /// `rows` of `packed`, up to a damaged one.
    static func render(_ packed: PackedExportRows, rows: Range<Int>, isArray: Bool, startsExport: Bool) -> Rendered {
        var renderer = JSONRowRenderer(isArray: isArray, startsExport: startsExport)
        for index in rows where !packed.withRow(index, { renderer.take($0) }) { break }
        return renderer.finish()
    }

    /// A row's object: in an array, after the comma that ends the row before; in NDJSON, on a
    /// line of its own.
    static func write(_ row: ExportRowBytes, to out: ExportBuffer, isArray: Bool, first: Bool) {
        if isArray {
            out.write(first ? "\n" : ",\n")
            SubmissionJSON.write(row, to: out)
        } else {
            SubmissionJSON.write(row, to: out)
            out.write(UInt8(ascii: "\n"))
        }
    }
}
