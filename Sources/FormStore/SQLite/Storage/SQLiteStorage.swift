/// The embedded backend: one SQLite file (WAL), writes on a thread of the store's own, reads on
/// a few read-only connections on threads of their own, so a write waiting for another
/// process's lock suspends only the tasks that asked for a write, and reads go on meanwhile.
///
/// The file must be a real file (not `:memory:`): the readers open it too.
package final class SQLiteStorage: SubmissionStorage {
    package let path: String
    package let tables: TableNames
    let writer: ConnectionThread?
    /// Submissions waiting for the writer, to be saved together (`save(_:)`).
    let pendingSaves = PendingSaves()
    let readers: ReaderPool
    /// Wakes `outboxSignals()` after each committed write.
    let outboxBroadcast = OutboxBroadcast()

    package var backend: StorageError.Backend { .sqlite }
    package var database: String { path }

    /// Opens (creating if needed) the database at `path` and applies pending migrations. With
    /// `readOnly` nothing is created or migrated, a database that needs migrations is refused,
    /// and a file in a read-only directory can still be read. Another program's SQLite file
    /// (tables, none of formctl's) is refused unless `adoptingForeignDatabase`; a path that is a
    /// directory, device or FIFO is refused before SQLite opens it. `busyTimeout` is how long a
    /// write waits for another process's lock. `tables` puts formctl's tables under a prefix in
    /// a service's own database. `readers` is the number of read connections (at least one).
    /// Blocks the calling thread while it opens: call it at start-up.
    package init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(5), adoptingForeignDatabase: Bool = false,
                 tables: TableNames = .standard, readers: Int = 2) throws(StorageError) {
        self.path = path
        self.tables = tables
        if readOnly {
            writer = nil
        } else {
            writer = try ConnectionThread(name: "store-writer", database: path) {
                let connection = try Connection.openWithCurrentSchema(
                    path: path, readOnly: false, busyTimeout: busyTimeout, adoptingForeignDatabase: adoptingForeignDatabase, tables: tables)
                // Statement journals in memory: inside a transaction every INSERT keeps one (the
                // outbox trigger could fail it alone), a copy of each page it first changes, which
                // SQLite otherwise writes page by page to a temporary file (an import's batch
                // spent a third of its writer's time in those writes). The writer sorts nothing
                // big enough to need the disk.
                try connection.execute("PRAGMA temp_store = MEMORY", operation: "keeping statement journals in memory")
                // Saves may commit on a caller's thread (`save(_:)`); checkpoints stay on this one.
                connection.checkpointAfterCommits()
                return StoreState(connection: connection, tables: tables)
            }
        }
        var threads: [ConnectionThread] = []
        do {
            for _ in 0..<max(1, readers) {
                threads.append(try ConnectionThread(name: "store-reader", database: path) {
                    StoreState(connection: try Connection.openWithCurrentSchema(
                        path: path, readOnly: true, busyTimeout: busyTimeout, adoptingForeignDatabase: false, tables: tables),
                        tables: tables)
                })
            }
        } catch {
            writer?.stop()
            threads.forEach { $0.stop() }
            throw error
        }
        self.readers = ReaderPool(threads, database: path)
    }

    deinit {
        writer?.stop()
        readers.stop()
    }

    /// Runs a write on the writer's thread. Cancelling the calling task abandons it while it
    /// has not begun its transaction (queued, or waiting for another process's lock): it then
    /// fails with `cancelled` and stores nothing. Once begun, it runs to its end. Once committed
    /// it wakes `outboxSignals()`, unless `signalling` is false (a deliverer's own claims and
    /// outcomes, which would otherwise wake it again and again).
    func write<R: Sendable>(signalling: Bool = true, _ body: @escaping @Sendable (StoreState) throws -> R) async throws(StorageError) -> R {
        guard let writer else {
            throw StorageError(kind: .readOnly, backend: .sqlite, message: "the store was opened read-only", database: path)
        }
        let cancelled = CancellationFlag()
        let path = self.path
        let result: Result<R, StorageError> = await withTaskCancellationHandler {
            do throws(StorageError) { return .success(try await writer.run { state in
                try Self.runAlone(body, on: state, cancelled: cancelled, database: path)
            }) } catch { return .failure(error) }
        } onCancel: {
            cancelled.set()
        }
        let value = try result.get()
        if signalling { outboxBroadcast.signal() }
        return value
    }

    /// Runs one write on the writer's thread by itself: abandoned (`cancelled`, nothing
    /// stored) if `cancelled` is set before it begins or while it waits for another process's
    /// lock.
    static func runAlone<R>(_ body: (StoreState) throws -> R, on state: StoreState, cancelled: CancellationFlag,
                            database: String) throws -> R
    {
        if cancelled.isSet { throw abandonedWrite(database: database) }
        state.connection.waitIsAbandoned = { cancelled.isSet }
        defer { state.connection.waitIsAbandoned = nil }
        do { return try body(state) } catch {
            // Waiting for the lock stopped because the task was cancelled.
            if cancelled.isSet, state.connection.isAutocommit, StorageError(sqlite: error, database: database).kind == .busy {
                throw abandonedWrite(database: database)
            }
            throw error
        }
    }

    static func abandonedWrite(database: String) -> StorageError {
        StorageError(kind: .cancelled, backend: .sqlite, message: "the write was cancelled before it began", database: database)
    }

    package func register(formName: String, definitionJSON: String, contentHash: String) async throws(StorageError) -> FormVersion {
        try await write { try $0.register(formName: formName, definitionJSON: definitionJSON, contentHash: contentHash) }
    }

    package func saveFinalBatch(formVersionID: Int64, valuesJSON: [String], language: String?) async throws(StorageError) -> Int {
        try await write { try $0.insertFinalBatch(formVersionID: formVersionID, valuesJSON: valuesJSON, language: language).count }
    }

    package func submission(id: Int64) async throws(StorageError) -> StoredSubmission? {
        try await readers.read { try $0.submission(id: id) }
    }

    package func page(_ query: SubmissionQuery) async throws(StorageError) -> SubmissionPage {
        try await readers.read { try $0.page(query) }
    }

    package func count(_ query: SubmissionQuery) async throws(StorageError) -> Int {
        try await readers.read { try $0.count(query) }
    }

    package func forms() async throws(StorageError) -> [FormSummary] {
        try await readers.read { try $0.forms() }
    }

    package func latestVersion(formName: String) async throws(StorageError) -> FormVersion? {
        try await readers.read { try $0.latestVersion(formName: formName) }
    }

    package func formVersion(id: Int64) async throws(StorageError) -> FormVersion? {
        try await readers.read { try $0.formVersion(id: id) }
    }

    package func export(_ query: SubmissionQuery) -> SubmissionExport {
        let readers = self.readers
        return SubmissionExport { () async throws(StorageError) -> any ExportCursor in
            guard let reader = await readers.take(forExport: true) else { throw readers.abandoned }
            return SQLiteExportCursor(pool: readers, reader: reader, query: query)
        }
    }

    package func resumeTokenHash(submissionID id: Int64) async throws(StorageError) -> String? {
        try await readers.read { try $0.resumeTokenHash(submissionID: id) }
    }

    package func idempotencyRecord(key: String) async throws(StorageError) -> IdempotencyRecord? {
        try await readers.read { try $0.idempotencyRecord(key: key) }
    }

    package func createAccessToken(name: String?, formName: String?, scope: AccessScope, tokenHash: String)
        async throws(StorageError) -> AccessToken
    {
        try await write { try $0.createAccessToken(name: name, formName: formName, scope: scope, tokenHash: tokenHash) }
    }

    package func accessTokens() async throws(StorageError) -> [AccessToken] {
        try await readers.read { try $0.accessTokens() }
    }

    package func accessToken(hash tokenHash: String) async throws(StorageError) -> AccessToken? {
        try await readers.read { try $0.accessToken(hash: tokenHash) }
    }

    package func revokeAccessToken(_ idOrName: String) async throws(StorageError) -> AccessToken? {
        try await write { try $0.revokeAccessToken(idOrName) }
    }

    package func migrationStatus() async throws(StorageError) -> [MigrationStatus] {
        try await readers.read { try Migrator(connection: $0.connection, tables: $0.tables).status() }
    }

    /// Returns once every connection is closed, the readers first so that the writer's close,
    /// the last one, checkpoints the write-ahead log into the file and removes it.
    package func close() async {
        outboxBroadcast.finish()
        await readers.stopAndWait()
        await writer?.stopAndWait()
    }
}
