import FormStore
import Foundation

/// Forms, their versions and submitted values in one SQLite file, behind synchronous calls: the
/// store formctl had before `SQLiteStorage`, kept for the tests and benchmarks that drive the
/// SQLite layer (`StoreState`, the wrapper) directly, from threads of their own.
///
/// Safe to share between tasks and threads: every call takes the store's lock, so its single
/// connection is used by one thread at a time. Several processes may open the same file; SQLite's
/// locks (WAL, `busy_timeout`) serialise their writes. Calls block while another writer holds
/// the file, for at most the busy timeout, then throw a `SQLiteError` whose `isBusy` is true.
package final class SubmissionStore: Sendable {
    /// The database file, as given.
    package let path: String
    package let locked: LockedState

    /// Opens (creating if needed) the database and applies pending migrations. With `readOnly`
    /// nothing is created or migrated, a database that needs migrations is refused, and a file
    /// in a read-only directory can still be read. Another program's SQLite file (tables, none
    /// of formctl's) is refused unless `adoptingForeignDatabase`; a path that is a directory,
    /// device or FIFO is refused before SQLite opens it.
    /// `tables` puts formctl's tables under a prefix in a database that is not only formctl's.
    package init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(5), adoptingForeignDatabase: Bool = false,
                 tables: TableNames = .standard) throws {
        self.path = path
        let connection = try Connection.openWithCurrentSchema(
            path: path, readOnly: readOnly, busyTimeout: busyTimeout, adoptingForeignDatabase: adoptingForeignDatabase,
            tables: tables)
        self.locked = LockedState(StoreState(connection: connection, tables: tables))
    }

    /// Stores a form definition and returns its version: the existing version with the same
    /// content (any of the form's versions, not only the latest), otherwise a new version
    /// numbered one past the highest. Pass canonical JSON (stable key order and spacing), since
    /// the version is found by a hash of the exact text; pass `contentHash` when it is known.
    package func register(formName: String, definitionJSON: String, contentHash: String? = nil) throws -> FormVersion {
        try locked.withLock { try $0.register(formName: formName, definitionJSON: definitionJSON, contentHash: contentHash) }
    }

    package func saveDraft(formVersionID: Int64, valuesJSON: String) throws -> StoredSubmission {
        try locked.withLock { try $0.insert(formVersionID: formVersionID, status: .draft, valuesJSON: valuesJSON) }
    }

    /// Replaces a draft's values (and, with `formVersionID`, the version they were entered
    /// against). Throws `StoreError.notADraft` for a final submission.
    package func updateDraft(id: Int64, formVersionID: Int64? = nil, valuesJSON: String) throws -> StoredSubmission {
        try locked.withLock { try $0.updateDraft(id: id, formVersionID: formVersionID, valuesJSON: valuesJSON, finalize: false) }
    }

    /// Turns a draft into a final submission holding `valuesJSON`, validated against the version
    /// `formVersionID` (when given; else the draft's own).
    package func finalize(id: Int64, formVersionID: Int64? = nil, valuesJSON: String) throws -> StoredSubmission {
        try locked.withLock { try $0.updateDraft(id: id, formVersionID: formVersionID, valuesJSON: valuesJSON, finalize: true) }
    }

    package func saveFinal(formVersionID: Int64, valuesJSON: String) throws -> StoredSubmission {
        try locked.withLock { try $0.insert(formVersionID: formVersionID, status: .final, valuesJSON: valuesJSON) }
    }

    /// Stores many final submissions in one transaction through one prepared statement: all or
    /// nothing. Returns their ids in the order given.
    package func saveFinalBatch(formVersionID: Int64, valuesJSON: [String], language: String? = nil) throws -> [Int64] {
        try locked.withLock { try $0.insertFinalBatch(formVersionID: formVersionID, valuesJSON: valuesJSON, language: language) }
    }

    package func submission(id: Int64) throws -> StoredSubmission? {
        try locked.withLock { try $0.submission(id: id) }
    }

    /// Every matching submission in id (that is, creation) order; nil filters match everything.
    package func submissions(formName: String? = nil, status: SubmissionStatus? = nil) throws -> [StoredSubmission] {
        try locked.withLock { try $0.submissions(SubmissionQuery(formName: formName, status: status)) }
    }

    /// One page of `query`, and the cursor of the next.
    package func page(_ query: SubmissionQuery) throws -> SubmissionPage {
        try locked.withLock { try $0.page(query) }
    }

    package func count(formName: String? = nil, status: SubmissionStatus? = nil) throws -> Int {
        try locked.withLock { try $0.count(SubmissionQuery(formName: formName, status: status)) }
    }

    /// Leaves a tombstone; returns false if there was no such submission, or it was deleted already.
    package func delete(id: Int64) throws -> Bool {
        try locked.withLock { try $0.delete(id: id, actor: nil, reason: nil) }
    }

    /// Every form by name, with version and submission counts.
    package func forms() throws -> [FormSummary] {
        try locked.withLock { try $0.forms() }
    }

    package func latestVersion(formName: String) throws -> FormVersion? {
        try locked.withLock { try $0.latestVersion(formName: formName) }
    }

    package func formVersion(id: Int64) throws -> FormVersion? {
        try locked.withLock { try $0.formVersion(id: id) }
    }

    /// Calls `body` for each matching submission in id order, streaming: memory stays constant
    /// for any number of rows. `since` keeps submissions created at or after that instant.
    /// The store stays locked for this thread until the export ends; store calls made from
    /// inside `body` work (the lock is recursive), calls from other threads wait.
    package func exportSubmissions(formName: String? = nil, status: SubmissionStatus? = nil, since: Date? = nil,
                                   _ body: (borrowing ExportRow) throws -> Void) throws {
        try locked.withLock { try $0.export(SubmissionQuery(formName: formName, status: status, createdFrom: since), body) }
    }

    /// Applied and pending migrations, for `formctl migrate --status`.
    package func migrationStatus() throws -> [MigrationStatus] {
        try locked.withLock { try Migrator(connection: $0.connection, tables: $0.tables).status() }
    }

    /// `PRAGMA integrity_check`: ["ok"] for a healthy file, otherwise SQLite's findings.
    package func integrityCheck() throws -> [String] {
        try locked.withLock {
            try $0.connection.query("PRAGMA integrity_check", operation: "checking database integrity") { $0.text(0) }
        }
    }
}
