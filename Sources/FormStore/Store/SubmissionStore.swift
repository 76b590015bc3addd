import Foundation

/// Forms, their versions and submitted values in one SQLite file.
///
/// Safe to share between tasks and threads: every call takes the store's lock, so its single
/// connection is used by one thread at a time. Several processes may open the same file; SQLite's
/// locks (WAL, `busy_timeout`) serialise their writes. Calls block while another writer holds
/// the file, for at most the busy timeout, then throw a `SQLiteError` whose `isBusy` is true.
public final class SubmissionStore: Sendable {
    /// The database file, as given.
    public let path: String
    let locked: LockedState

    /// Opens (creating if needed) the database and applies pending migrations. With `readOnly`
    /// nothing is created or migrated, a database that needs migrations is refused, and a file
    /// in a read-only directory can still be read. Another program's SQLite file (tables, none
    /// of formctl's) is refused unless `adoptingForeignDatabase`; a path that is a directory,
    /// device or FIFO is refused before SQLite opens it.
    /// `tables` puts formctl's tables under a prefix in a database that is not only formctl's.
    public init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(5), adoptingForeignDatabase: Bool = false,
                tables: TableNames = .standard) throws {
        self.path = path
        let connection = try Self.open(path: path, readOnly: readOnly, busyTimeout: busyTimeout,
                                       adoptingForeignDatabase: adoptingForeignDatabase, tables: tables)
        self.locked = LockedState(StoreState(connection: connection, tables: tables))
    }

    /// A connection to a database whose schema is current: migrated first unless `readOnly`,
    /// where pending migrations are refused instead.
    static func open(path: String, readOnly: Bool, busyTimeout: Duration, adoptingForeignDatabase: Bool,
                     tables: TableNames) throws -> Connection {
        let connection = readOnly
            ? try Connection.openForReading(path: path, busyTimeout: busyTimeout)
            : try Connection(path: path, busyTimeout: busyTimeout, switchingToWAL: false)
        let migrator = Migrator(connection: connection, tables: tables)
        if readOnly {
            try migrator.verifyCurrent()
        } else {
            // Looked at before anything is written, WAL included: another program's file stays as it was.
            if !adoptingForeignDatabase { try migrator.refuseForeignDatabase() }
            try connection.useWriteAheadLog()
            try migrator.migrate(adopting: adoptingForeignDatabase)
        }
        return connection
    }

    /// Stores a form definition and returns its version: the existing version with the same
    /// content (any of the form's versions, not only the latest), otherwise a new version
    /// numbered one past the highest. Pass canonical JSON (stable key order and spacing), since
    /// the version is found by a hash of the exact text; pass `contentHash` when it is known.
    public func register(formName: String, definitionJSON: String, contentHash: String? = nil) throws -> FormVersion {
        try locked.withLock { try $0.register(formName: formName, definitionJSON: definitionJSON, contentHash: contentHash) }
    }

    public func saveDraft(formVersionID: Int64, valuesJSON: String) throws -> StoredSubmission {
        try locked.withLock { try $0.insert(formVersionID: formVersionID, status: .draft, valuesJSON: valuesJSON) }
    }

    /// Replaces a draft's values (and, with `formVersionID`, the version they were entered
    /// against). Throws `StoreError.notADraft` for a final submission.
    public func updateDraft(id: Int64, formVersionID: Int64? = nil, valuesJSON: String) throws -> StoredSubmission {
        try locked.withLock { try $0.updateDraft(id: id, formVersionID: formVersionID, valuesJSON: valuesJSON, finalize: false) }
    }

    /// Turns a draft into a final submission holding `valuesJSON`, validated against the version
    /// `formVersionID` (when given; else the draft's own).
    public func finalize(id: Int64, formVersionID: Int64? = nil, valuesJSON: String) throws -> StoredSubmission {
        try locked.withLock { try $0.updateDraft(id: id, formVersionID: formVersionID, valuesJSON: valuesJSON, finalize: true) }
    }

    public func saveFinal(formVersionID: Int64, valuesJSON: String) throws -> StoredSubmission {
        try locked.withLock { try $0.insert(formVersionID: formVersionID, status: .final, valuesJSON: valuesJSON) }
    }

    /// Stores many final submissions in one transaction through one prepared statement: all or
    /// nothing. Returns their ids in the order given.
    public func saveFinalBatch(formVersionID: Int64, valuesJSON: [String]) throws -> [Int64] {
        try locked.withLock { try $0.insertFinalBatch(formVersionID: formVersionID, valuesJSON: valuesJSON) }
    }

    public func submission(id: Int64) throws -> StoredSubmission? {
        try locked.withLock { try $0.submission(id: id) }
    }

    /// Every matching submission in id (that is, creation) order; nil filters match everything.
    public func submissions(formName: String? = nil, status: SubmissionStatus? = nil) throws -> [StoredSubmission] {
        try locked.withLock { try $0.submissions(SubmissionQuery(formName: formName, status: status)) }
    }

    /// One page of `query`, and the cursor of the next.
    public func page(_ query: SubmissionQuery) throws -> SubmissionPage {
        try locked.withLock { try $0.page(query) }
    }

    public func count(formName: String? = nil, status: SubmissionStatus? = nil) throws -> Int {
        try locked.withLock { try $0.count(SubmissionQuery(formName: formName, status: status)) }
    }

    /// Returns false if there was no such submission.
    public func delete(id: Int64) throws -> Bool {
        try locked.withLock { try $0.delete(id: id) }
    }

    /// Every form by name, with version and submission counts.
    public func forms() throws -> [FormSummary] {
        try locked.withLock { try $0.forms() }
    }

    public func latestVersion(formName: String) throws -> FormVersion? {
        try locked.withLock { try $0.latestVersion(formName: formName) }
    }

    public func formVersion(id: Int64) throws -> FormVersion? {
        try locked.withLock { try $0.formVersion(id: id) }
    }

    /// Calls `body` for each matching submission in id order, streaming: memory stays constant
    /// for any number of rows. `since` keeps submissions created at or after that instant.
    /// The store stays locked for this thread until the export ends; store calls made from
    /// inside `body` work (the lock is recursive), calls from other threads wait.
    public func exportSubmissions(formName: String? = nil, status: SubmissionStatus? = nil, since: Date? = nil,
                                  _ body: (borrowing ExportRow) throws -> Void) throws {
        try locked.withLock { try $0.export(SubmissionQuery(formName: formName, status: status, createdFrom: since), body) }
    }

    /// Applied and pending migrations, for `formctl migrate --status`.
    public func migrationStatus() throws -> [MigrationStatus] {
        try locked.withLock { try Migrator(connection: $0.connection, tables: $0.tables).status() }
    }

    /// `PRAGMA integrity_check`: ["ok"] for a healthy file, otherwise SQLite's findings.
    public func integrityCheck() throws -> [String] {
        try locked.withLock {
            try $0.connection.query("PRAGMA integrity_check", operation: "checking database integrity") { $0.text(0) }
        }
    }
}
