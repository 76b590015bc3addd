import CSQLite

/// A prepared statement. Owned by one `Connection` and used only under its owner's lock.
///
/// Callers normally get one from `Connection.withStatement`, which resets it (and clears its
/// bindings) after each use so no read transaction or bound buffer outlives the call.
package final class Statement {
    let handle: OpaquePointer
    let sql: String
    /// The connection's handle and file, for error messages; the connection outlives us.
    private let db: OpaquePointer
    let path: String
    /// Set while checked out of the connection's cache, so re-entrant use gets a fresh one.
    var isInUse = false
    private var isFinalized = false

    init(connection: Connection, sql: String, persistent: Bool) throws {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let (rc, rest) = sql.withCString { text -> (Int32, String) in
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v3(connection.handle, text, -1, flags, &statement, &tail)
            // The tail points into this temporary C string, so it is read before it goes away.
            return (rc, tail.map { String(cString: $0) } ?? "")
        }
        guard rc == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw connection.error(rc == SQLITE_OK ? SQLITE_MISUSE : rc, sql: sql, operation: "preparing a statement")
        }
        // Anything after the first statement would be silently ignored by SQLite; refuse it.
        if !rest.trimmedSQL.isEmpty {
            sqlite3_finalize(statement)
            throw SQLiteError(code: SQLITE_MISUSE, message: "more than one statement in a prepared statement",
                              sql: sql, operation: "preparing a statement", path: connection.path)
        }
        self.handle = statement
        self.sql = sql
        self.db = connection.handle
        self.path = connection.path
    }

    deinit { finalize() }

    func finalize() {
        guard !isFinalized else { return }
        isFinalized = true
        sqlite3_finalize(handle)
    }

    /// Advances to the next row. Returns true while there is a row to read.
    @discardableResult
    package func step(_ operation: @autoclosure () -> String = "running a statement") throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw error(rc, operation: operation())
        }
    }

    /// Runs a statement that returns no rows (or whose rows we do not need) to completion.
    func run(_ operation: @autoclosure () -> String = "running a statement") throws {
        while try step(operation()) {}
    }

    /// Makes the statement reusable and drops its bindings, so large bound strings are freed
    /// and a stale value can never leak into the next use.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func error(_ code: Int32, operation: String) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(db)), sql: sql, operation: operation, path: path)
    }
}

extension Statement {
    /// Rewinds for another run with the same bindings (bulk inserts rebind only what changes).
    func resetKeepingBindings() {
        sqlite3_reset(handle)
    }
}
