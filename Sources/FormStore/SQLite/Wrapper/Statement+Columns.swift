import CSQLite

extension Statement {
    // Column indexes are 0-based, as in the C API.

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// Reads text by its byte length (not up to the first NUL), so embedded NULs survive.
    package func text(_ column: Int32) -> String {
        withText(column) { String(decoding: $0, as: UTF8.self) }
    }

    func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// Hands the column's UTF-8 bytes to `body` without copying them into a String; the
    /// buffer is valid only until the next step or reset. This is what makes export cheap.
    package func withText<R>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        // text must be fetched before bytes: asking for the text may convert the value.
        let pointer = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let pointer, count > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// The column's UTF-8 bytes in SQLite's buffer, valid until the next step or reset, or nil
    /// for NULL. Asking for other columns leaves it valid: only converting this one would not.
    package func textBytes(_ column: Int32) -> UnsafeRawBufferPointer? {
        // The text first: a NULL pointer is NULL (or no memory to convert the value), so the
        // type is asked only then, not for every column of every row an export reads.
        guard let pointer = sqlite3_column_text(handle, column) else {
            return isNull(column) ? nil : UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column)))
    }

    func blob(_ column: Int32) -> [UInt8] {
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(int64(column))
        case SQLITE_FLOAT: return .real(double(column))
        case SQLITE_TEXT: return .text(text(column))
        case SQLITE_BLOB: return .blob(blob(column))
        default: return .null
        }
    }

    var columnCount: Int32 { sqlite3_column_count(handle) }
}
