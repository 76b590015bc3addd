import CSQLite
import Foundation

/// One open SQLite database handle.
///
/// Not thread-safe on purpose: it is opened with `SQLITE_OPEN_NOMUTEX` and the owner (the
/// store) serialises access with its own lock, so SQLite's internal mutex would be paid twice.
/// It is therefore not `Sendable`.
package final class Connection {
    let path: String
    let handle: OpaquePointer
    let isReadOnly: Bool
    /// Prepared statements keyed by their SQL text; see `Connection+StatementCache.swift`.
    var statementCache: [String: Statement] = [:]
    /// How many `transaction` calls are open, so nested ones become savepoints.
    var transactionDepth = 0
    private var isClosed = false
    /// How long a statement waits for another connection's lock (see `Connection+BusyWait`).
    var busyTimeout: Duration = .seconds(5)
    /// When the current wait for a lock began.
    var busyWaitStart: ContinuousClock.Instant?
    /// Set while a write runs for a task that can be cancelled: true once the task is, and the
    /// wait for the lock that would begin its transaction then stops.
    var waitIsAbandoned: (@Sendable () -> Bool)?
    /// Set while the connection is lent to a caller's thread (`ConnectionThread.runHereIfIdle`):
    /// a commit that fills the write-ahead log then only notes `checkpointIsDue` (see
    /// `Connection+Checkpoints`).
    var defersCheckpoints = false
    /// A commit found the write-ahead log past `checkpointPages` while checkpoints were deferred.
    var checkpointIsDue = false

    /// Opens (or, unless `readOnly`, creates) the database at `path` and applies the settings
    /// every writer in this project relies on: WAL, `synchronous=NORMAL`, foreign keys, a busy
    /// timeout. Throws if the file is not an SQLite database rather than failing later, and
    /// refuses a path that is a directory, a device or a FIFO before SQLite touches it.
    /// `immutable` reads the file without locks or a `-shm` file (see `openForReading`).
    /// Without `switchingToWAL` the journal mode is left as it is until `useWriteAheadLog()`, so
    /// that a file can be looked at (is it another program's database?) before it is changed.
    init(path: String, readOnly: Bool = false, immutable: Bool = false, busyTimeout: Duration = .seconds(5),
         switchingToWAL: Bool = true) throws {
        self.path = path
        self.isReadOnly = readOnly || immutable
        if let kind = DatabaseFile.nonRegularKind(path) { throw StoreError.notADatabaseFile(path: path, kind: kind) }
        var db: OpaquePointer?
        let access = isReadOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | (immutable ? SQLITE_OPEN_URI : 0)
        let rc = sqlite3_open_v2(immutable ? DatabaseFile.immutableURI(path) : path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            // SQLite may hand back a handle even on failure; it must still be closed.
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw SQLiteError(
                code: rc, message: message,
                operation: "opening the database" + Self.openFailureDetail(path: path, readOnly: readOnly),
                path: path)
        }
        self.handle = db
        do {
            try configure(busyTimeout: busyTimeout, switchingToWAL: switchingToWAL)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Opens an existing database for reading only. In a directory it may not write to,
    /// SQLite cannot create the `-shm` file a WAL database needs even to be read; the file is
    /// then read as immutable, which is exact as long as no write-ahead log with transactions
    /// lies beside it (and with one there, the error says so rather than show stale data).
    static func openForReading(path: String, busyTimeout: Duration = .seconds(5)) throws -> Connection {
        do {
            return try Connection(path: path, readOnly: true, busyTimeout: busyTimeout)
        } catch let error as SQLiteError
            where (error.primaryCode == SQLITE_READONLY || error.primaryCode == SQLITE_CANTOPEN) && DatabaseFile.exists(path)
        {
            guard !DatabaseFile.hasWriteAheadLog(path) else { throw error }
            return try Connection(path: path, immutable: true, busyTimeout: busyTimeout)
        }
    }

    private func configure(busyTimeout: Duration, switchingToWAL: Bool) throws {
        sqlite3_extended_result_codes(handle, 1)
        waitForLocks(upTo: busyTimeout)
        // Reading the schema is the cheapest query that touches page 1, so a file that is not
        // a database is refused here with SQLITE_NOTADB instead of at the first real query.
        try execute("SELECT count(*) FROM sqlite_schema", operation: "checking that the file is an SQLite database")
        if !isReadOnly {
            // Defensive mode stops SQL from corrupting the file on purpose (writable_schema etc.).
            _ = csqlite_db_config_int(handle, SQLITE_DBCONFIG_DEFENSIVE, 1, nil)
            if switchingToWAL { try useWriteAheadLog() }
        }
        try execute("PRAGMA synchronous = NORMAL", operation: "setting synchronous=NORMAL")
        try execute("PRAGMA foreign_keys = ON", operation: "enabling foreign keys")
        // 32 MiB of page cache instead of SQLite's 2 MiB: the uuid and created_at indexes are
        // written at random places, and a bulk import of a million rows otherwise re-reads their
        // pages from the OS for every row.
        try execute("PRAGMA cache_size = -32768", operation: "setting the page cache size")
    }

    /// WAL: readers never wait for the writer. (Changes the file's header: done only to files
    /// that are formctl's.)
    func useWriteAheadLog() throws {
        try execute("PRAGMA journal_mode = WAL", operation: "switching to WAL journal mode")
    }

    /// Finalizes every cached statement and closes the handle. Safe to call twice.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        for statement in statementCache.values { statement.finalize() }
        statementCache.removeAll()
        // close_v2 never fails with BUSY: it defers the close if something is still open.
        sqlite3_close_v2(handle)
    }

    /// True when no transaction is open, i.e. SQLite is in autocommit mode. SQLite rolls a
    /// transaction back by itself after some errors (disk full, I/O errors), so this is the
    /// only reliable way to know whether a ROLLBACK is still needed.
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Builds an error from the handle's current state.
    func error(_ code: Int32, sql: String?, operation: String) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql, operation: operation, path: path)
    }

    /// Adds the likely cause to a failed open, because SQLite only says "unable to open".
    private static func openFailureDetail(path: String, readOnly: Bool) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let dir = directory.isEmpty ? "." : directory
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory) {
            return " (directory \(dir) does not exist)"
        }
        if !isDirectory.boolValue { return " (\(dir) is not a directory)" }
        if readOnly && !FileManager.default.fileExists(atPath: path) { return " (file does not exist)" }
        if !readOnly && access(dir, W_OK) != 0 { return " (directory \(dir) is not writable)" }
        return ""
    }
}
