import FormStore
import PostgresNIO

/// An export's position in PostgreSQL: a server-side cursor in a read-only, repeatable-read
/// transaction on a connection of its own, fetched a batch per `next()`, so the rows are one
/// snapshot and the server sends only what the consumer asked for.
actor PostgresExportCursor: ExportCursor {
    private let storage: PostgresStorage
    private let query: SubmissionQuery
    private var connection: PostgresConnection?
    private var isDone = false

    static let batchSize = 1000

    init(storage: PostgresStorage, query: SubmissionQuery) {
        self.storage = storage
        self.query = query
    }

    func next() async throws(StorageError) -> [StoredSubmission] {
        guard !isDone else { return [] }
        do {
            let connection = try await open()
            let rows = try await PostgresStorage.storedSubmissions(
                try await connection.run("FETCH \(Self.batchSize) FROM formctl_export", logger: storage.logger))
            if rows.count < Self.batchSize { await finish() }
            return rows
        } catch {
            await finish()
            throw StorageError(postgres: error, operation: "exporting submissions", database: storage.database)
        }
    }

    private func open() async throws -> PostgresConnection {
        if let connection { return connection }
        try query.checkCursor()
        let taken = try await storage.pool.take()
        connection = taken
        let parts = SubmissionQuerySQL(query, tables: storage.tables, dialect: .postgres, keyset: true)
        try await taken.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: storage.logger)
        try await taken.run("DECLARE formctl_export NO SCROLL CURSOR FOR " + storage.sql.submissionSelect
                            + parts.whereClause + parts.orderBy, parts.values, logger: storage.logger)
        return taken
    }

    /// Ends the transaction (closing the cursor) and gives the connection back.
    private func finish() async {
        isDone = true
        guard let connection else { return }
        self.connection = nil
        _ = try? await connection.run("ROLLBACK", logger: storage.logger)
        storage.pool.giveBack(connection)
    }

    nonisolated func close() {
        Task { await self.finish() }
    }
}

extension PostgresStorage {
    package func export(_ query: SubmissionQuery) -> SubmissionExport {
        SubmissionExport { PostgresExportCursor(storage: self, query: query) }
    }
}
