import FormStore

/// Writes the rows of a JSON export (an array, one object per line) or an NDJSON one (an
/// object per line); CSV is `CSVExport`'s.
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
        var cursor = export.makeAsyncIterator()
        while let row = try await CSVExport.next(&cursor) {
            do { try row.checkExportedValues() } catch {
                try await out.flush()
                throw error
            }
            write(try await files?.export(row) ?? row)
            if out.isFull { try await out.flush() }
        }
        if isArray { out.write(rows == 0 ? "]\n" : "\n]\n") }
        try await out.flush()
    }

    private mutating func write(_ row: StoredSubmission) {
        if isArray {
            out.write(rows == 0 ? "\n" : ",\n")
            SubmissionJSON.write(row, to: out)
        } else {
            SubmissionJSON.write(row, to: out)
            out.write(UInt8(ascii: "\n"))
        }
        rows += 1
    }
}
