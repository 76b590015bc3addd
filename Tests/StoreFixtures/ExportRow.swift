import FormStore
import Foundation

/// One row of an export, read straight from SQLite's row buffer.
///
/// Non-copyable and handed to the callback `borrowing`, so it cannot outlive the step it
/// belongs to. Nothing is decoded until asked for: a dump can copy the raw UTF-8 bytes
/// (`withUTF8`) without creating a String, Date or UUID per row.
package struct ExportRow: ~Copyable {
    let statement: Statement

    /// Text columns that can be read without copying.
    package enum Column: Int32, Sendable {
        case uuid = 1, formName = 2, status = 4, createdAt = 5, updatedAt = 6, valuesJSON = 7
    }

    package var id: Int64 { statement.int64(0) }
    package var version: Int { statement.int(3) }
    package var uuid: String { statement.text(Column.uuid.rawValue) }
    package var formName: String { statement.text(Column.formName.rawValue) }
    /// nil only for a hand-edited row; the schema's CHECK allows nothing else.
    package var status: SubmissionStatus? { SubmissionStatus(rawValue: statement.text(Column.status.rawValue)) }
    /// As stored: ISO 8601 UTC with milliseconds.
    package var createdAtText: String { statement.text(Column.createdAt.rawValue) }
    package var updatedAtText: String { statement.text(Column.updatedAt.rawValue) }
    package var valuesJSON: String { statement.text(Column.valuesJSON.rawValue) }

    /// The column's UTF-8 bytes, valid only inside `body`.
    package func withUTF8<R>(_ column: Column, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try statement.withText(column.rawValue, body)
    }

    /// The fully decoded submission, for callers that want the convenient form.
    package func submission() throws -> StoredSubmission {
        try StoreState.storedSubmission(statement)
    }
}

extension StoreState {
    /// Streams matching submissions in the query's order through one statement: memory use does not
    /// grow with the number of rows. The select runs as one read, so the export is a
    /// consistent snapshot even while other processes keep writing.
    /// The synchronous store's listing: every matching row in id order.
    func submissions(_ query: SubmissionQuery) throws -> [StoredSubmission] {
        let parts = SubmissionQuerySQL(query, tables: tables, dialect: .sqlite, keyset: true)
        return try connection.query(sql.submissionSelect + parts.whereClause + parts.orderBy,
                                    parts.values.map(\.sqlite), operation: "listing submissions", Self.storedSubmission)
    }

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
