import FormCore
import FormStore

/// Writes the rows of a dump in one format. A class so the export callback can share it.
final class DumpWriter {
    let format: DumpCommand.Format
    let out: OutputStream
    let columns: [CSVColumns.Column]
    /// False for `--raw-csv`: cells go out as stored, formula characters and all.
    let neutralizesFormulas: Bool
    private var rows = 0
    /// Reused for every CSV cell that is compact JSON.
    private var scratch: [UInt8] = []

    init(format: DumpCommand.Format, out: OutputStream, columns: [CSVColumns.Column], neutralizesFormulas: Bool = true) {
        self.format = format
        self.out = out
        self.columns = columns
        self.neutralizesFormulas = neutralizesFormulas
        scratch.reserveCapacity(256)
    }

    static let fixedCSVColumns = ["id", "uuid", "form", "version", "status", "created_at"]

    func begin() throws {
        switch format {
        case .json: try out.write(UInt8(ascii: "["))
        case .ndjson: break
        case .csv:
            var csv = CSVWriter(out: out, neutralizesFormulas: neutralizesFormulas)
            for name in Self.fixedCSVColumns { try csv.field(name) }
            for column in columns { try csv.field(column.name) }
            try csv.endRecord()
        }
    }

    func write(_ row: StoredSubmission) throws {
        defer { rows += 1 }
        switch format {
        case .json:
            try out.write(rows == 0 ? "\n" : ",\n")
            try SubmissionJSON.write(row, to: out)
        case .ndjson:
            try SubmissionJSON.write(row, to: out)
            try out.write(UInt8(ascii: "\n"))
        case .csv:
            try writeCSV(row)
        }
    }

    func end() throws {
        if format == .json { try out.write(rows == 0 ? "]\n" : "\n]\n") }
    }

    private func writeCSV(_ row: StoredSubmission) throws {
        var csv = CSVWriter(out: out, neutralizesFormulas: neutralizesFormulas)
        try csv.field(row.id)
        try row.uuid.utf8Bytes { try csv.field($0) }
        try row.formName.utf8Bytes { try csv.field($0) }
        try csv.field(Int64(row.version))
        try row.status.rawValue.utf8Bytes { try csv.field($0) }
        try row.createdAtText.utf8Bytes { try csv.field($0) }
        if !columns.isEmpty {
            let id = row.id
            // The values must be split into columns, so they are parsed, from SQLite's bytes.
            let values = try row.valuesJSON.utf8Bytes { bytes -> FormValue in
                do { return try JSONReader.parse(bytes: bytes.assumingMemoryBound(to: UInt8.self)) } catch {
                    throw CommandFailure("formctl: submission \(id) holds values that are not valid JSON: \(error)", exitCode: .storage)
                }
            }
            for column in columns {
                try csv.field(values.value(at: column.path), scratch: &scratch)
            }
        }
        try csv.endRecord()
    }
}
