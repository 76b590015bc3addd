import Foundation

/// One row of an export, read straight from SQLite's row buffer.
///
/// Non-copyable and handed to the callback `borrowing`, so it cannot outlive the step it
/// belongs to. Nothing is decoded until asked for: a dump can copy the raw UTF-8 bytes
/// (`withUTF8`) without creating a String, Date or UUID per row.
public struct ExportRow: ~Copyable {
    let statement: Statement

    /// Text columns that can be read without copying.
    public enum Column: Int32, Sendable {
        case uuid = 1, formName = 2, status = 4, createdAt = 5, updatedAt = 6, valuesJSON = 7
    }

    public var id: Int64 { statement.int64(0) }
    public var version: Int { statement.int(3) }
    public var uuid: String { statement.text(Column.uuid.rawValue) }
    public var formName: String { statement.text(Column.formName.rawValue) }
    /// nil only for a hand-edited row; the schema's CHECK allows nothing else.
    public var status: SubmissionStatus? { SubmissionStatus(rawValue: statement.text(Column.status.rawValue)) }
    /// As stored: ISO 8601 UTC with milliseconds.
    public var createdAtText: String { statement.text(Column.createdAt.rawValue) }
    public var updatedAtText: String { statement.text(Column.updatedAt.rawValue) }
    public var valuesJSON: String { statement.text(Column.valuesJSON.rawValue) }

    /// The column's UTF-8 bytes, valid only inside `body`.
    public func withUTF8<R>(_ column: Column, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try statement.withText(column.rawValue, body)
    }

    /// The fully decoded submission, for callers that want the convenient form.
    public func submission() throws -> StoredSubmission {
        try StoreState.storedSubmission(statement)
    }
}

extension StoreState {
    /// Streams matching submissions in the query's order through one statement: memory use does not
    /// grow with the number of rows. The select runs as one read, so the export is a
    /// consistent snapshot even while other processes keep writing.
    func export(_ query: SubmissionQuery, _ body: (borrowing ExportRow) throws -> Void) throws {
        try query.checkCursor()
        let parts = SubmissionQuerySQL(query, tables: tables, dialect: .sqlite, keyset: true)
        try connection.withStatement(sql.submissionSelect + parts.whereClause + parts.orderBy) { statement in
            try statement.bind(parts.values.map(\.sqlite))
            let row = ExportRow(statement: statement)
            while try statement.step("exporting submissions") {
                try body(row)
            }
        }
    }
}
