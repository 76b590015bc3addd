/// Every failure of a storage backend, SQLite's or PostgreSQL's, as one type with a stable
/// `kind`, so that a service decides what to do (retry, 503, 507, alert) without reading text.
///
/// `code` and `message` are the backend's own (SQLite's extended result code, PostgreSQL's
/// SQLSTATE), kept for logs and bug reports; `description` says it all in one sentence.
public struct StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in terms a caller can act on. Stable: new kinds may be added, existing
    /// ones keep their meaning and raw value.
    public enum Kind: String, Sendable, CaseIterable {
        /// Another writer holds the lock longer than the busy timeout, or the server refused a
        /// serialisation or deadlock: try again later (HTTP 503).
        case busy
        /// The database or its directory is read-only, or the server is in read-only mode.
        case readOnly
        /// The disk (or the database's size limit) is full; nothing of the write was kept (507).
        case full
        /// The database is damaged.
        case corrupt
        /// The file is not an SQLite database, or the path is a directory, device or FIFO.
        case notADatabase
        /// A UNIQUE, CHECK, NOT NULL or FOREIGN KEY rule refused the write.
        case constraint
        /// The database was migrated by a newer formctl than this one.
        case schemaTooNew
        /// The schema is not one this binary can use: an applied migration was edited, one is
        /// missing, or a read-only store found migrations still to apply.
        case schemaMismatch
        /// The database is another program's (tables, none of formctl's) and was left untouched.
        case foreignDatabase
        /// Reading or writing the file failed, or the connection to the server broke mid-way.
        case io
        /// The server cannot be reached, refused the login, or the database does not exist.
        case unavailable
        /// A submission, draft or form version that the request names does not exist.
        case notFound
        /// The request contradicts what is stored: a final submission cannot be changed, a
        /// draft belongs to another form, a transaction was used after it ended.
        case conflict
        /// The request itself is malformed (a bad cursor, a bad table prefix, a bad address).
        case invalidRequest
        /// The caller's task was cancelled (a request past its deadline) before the write's
        /// transaction began: nothing was stored. A write whose transaction had begun is not
        /// cut off; it finishes and returns (or fails) as it would have.
        case cancelled
        /// Anything else the backend reported.
        case other
    }

    /// Which backend reported it.
    public enum Backend: String, Sendable {
        /// The embedded backend: one SQLite file.
        case sqlite
        /// A PostgreSQL server.
        case postgres
    }

    /// What went wrong; see `Kind`.
    public let kind: Kind
    /// The backend that reported it.
    public let backend: Backend
    /// The backend's code: SQLite's extended result code in decimal ("2067"), PostgreSQL's
    /// SQLSTATE ("23505"), or nil when the store itself refused.
    public let code: String?
    /// The backend's (or the store's) message, as it was given.
    public let message: String
    /// What the store was doing ("saving a final submission of signup").
    public let operation: String?
    /// The database: an SQLite path, or a PostgreSQL address without its password.
    public let database: String

    /// For the backends, and for fakes and tests in this package.
    package init(kind: Kind, backend: Backend, code: String? = nil, message: String, operation: String? = nil, database: String) {
        self.kind = kind
        self.backend = backend
        self.code = code
        self.message = message
        self.operation = operation
        self.database = database
    }

    /// True when the same request may succeed later unchanged (busy, unavailable, cancelled).
    public var isTransient: Bool { kind == .busy || kind == .unavailable || kind == .cancelled }

    /// The operation, the database, the message and the backend's code, in one sentence.
    public var description: String {
        var text = message
        if let operation { text = "\(operation) in \(database) failed: " + text }
        if let code { text += " (\(backend == .sqlite ? "SQLite" : "PostgreSQL") \(code))" }
        return text
    }
}
