import FormStore

/// Writes the rows of a json dump (an array) or an ndjson one (an object per line); csv is
/// `CSVDump`'s. A class so the export loop can share it.
final class DumpWriter {
    /// json rather than ndjson.
    let isArray: Bool
    let out: OutputStream
    private var rows = 0

    init(isArray: Bool, out: OutputStream) {
        self.isArray = isArray
        self.out = out
    }

    func begin() throws {
        if isArray { try out.write(UInt8(ascii: "[")) }
    }

    /// Writes `row`, or throws naming it when its values are damaged. The rows before it are
    /// flushed first, so standard output ends with the last good row (whole ndjson lines, or
    /// a json array without its closing bracket); a `--output` file is not renamed into place.
    func write(_ row: StoredSubmission) throws {
        do { try row.checkDumpedValues() } catch {
            try out.flush()
            throw error
        }
        defer { rows += 1 }
        if isArray {
            try out.write(rows == 0 ? "\n" : ",\n")
            try SubmissionJSON.write(row, to: out)
        } else {
            try SubmissionJSON.write(row, to: out)
            try out.write(UInt8(ascii: "\n"))
        }
    }

    func end() throws {
        if isArray { try out.write(rows == 0 ? "]\n" : "\n]\n") }
    }
}
