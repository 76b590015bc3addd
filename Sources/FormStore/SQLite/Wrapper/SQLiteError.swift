import CSQLite

/// A failure reported by SQLite, carrying everything needed to act on it without a debugger:
/// the extended result code, SQLite's own message, the SQL that failed, what we were doing and
/// which database file it was.
package struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The extended result code (e.g. 2067 for `SQLITE_CONSTRAINT_UNIQUE`).
    package let code: Int32
    /// SQLite's message for the failure (`sqlite3_errmsg` at the time it happened).
    package let message: String
    /// The statement that failed, if the failure came from one.
    package let sql: String?
    /// What the store was doing, in words (e.g. "opening the database").
    package let operation: String
    /// The database file, so a user with several databases knows which one.
    package let path: String

    package init(code: Int32, message: String, sql: String? = nil, operation: String, path: String) {
        self.code = code
        self.message = message
        self.sql = sql
        self.operation = operation
        self.path = path
    }

    /// The primary result code (the low byte), for coarse checks such as "is this BUSY?".
    package var primaryCode: Int32 { code & 0xFF }

    /// Another connection or process holds the lock for longer than the busy timeout.
    package var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// A UNIQUE, CHECK, NOT NULL or FOREIGN KEY rule was broken.
    package var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }
    /// The file is damaged or is not an SQLite database at all.
    package var isCorruptOrNotADatabase: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    /// The disk (or the configured page limit) is full.
    package var isFull: Bool { primaryCode == SQLITE_FULL }

    package var description: String {
        var text = "SQLite error \(code) (\(Self.codeName(code))) while \(operation) in \(path): \(message)"
        if let hint = hint { text += ". \(hint)" }
        if let sql { text += " [SQL: \(sql)]" }
        return text
    }

    /// A sentence telling the user what usually causes this failure.
    var hint: String? {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "Another process is writing to this database; try again, or wait longer with a higher busy timeout (the busyTimeout store option)"
        case SQLITE_NOTADB:
            return "The file exists but is not an SQLite database"
        case SQLITE_CORRUPT:
            return "The database file is damaged; restore it from a backup"
        case SQLITE_FULL:
            return "The disk is full (or the page limit was reached); nothing of this write was kept"
        case SQLITE_CANTOPEN:
            return "Check that the directory exists and that you may write to it"
        case SQLITE_READONLY:
            return "The database or its directory is read-only"
        default:
            return nil
        }
    }

    /// SQLite's English name for the primary code ("database is locked", ...).
    static func codeName(_ code: Int32) -> String {
        String(cString: sqlite3_errstr(code))
    }
}
