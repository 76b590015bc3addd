import Synchronization

/// An export's position in SQLite: one statement on one reader, stepped a batch of rows per
/// `next()`. The statement stays mid-step between batches, which keeps its read transaction,
/// and so its snapshot, open until the export ends.
///
/// `@unchecked Sendable` is sound because `statement` and `isDone` are only touched by jobs on
/// the reader's thread, which run one at a time, and `isClosed` is a Mutex.
final class SQLiteExportCursor: ExportCursor, @unchecked Sendable {
    private let pool: ReaderPool
    private let reader: ConnectionThread
    private let query: SubmissionQuery
    private var statement: Statement?
    private var isDone = false
    private let isClosed = Mutex(false)

    /// Rows handed over per `next()`: enough to make the hop between threads cheap per row,
    /// few enough that a slow consumer holds little.
    static let batchSize = 256

    init(pool: ReaderPool, reader: ConnectionThread, query: SubmissionQuery) {
        self.pool = pool
        self.reader = reader
        self.query = query
    }

    func next() async throws(StorageError) -> [StoredSubmission] {
        try await reader.run { state in try self.fetch(state) }
    }

    private func fetch(_ state: StoreState) throws -> [StoredSubmission] {
        guard !isDone else { return [] }
        if statement == nil {
            try query.checkCursor()
            let parts = SubmissionQuerySQL(query, tables: state.tables, dialect: .sqlite, keyset: true)
            // A statement of its own (not the connection's cache), since it outlives this job.
            let made = try Statement(connection: state.connection,
                                     sql: state.sql.submissionSelect + parts.whereClause + parts.orderBy, persistent: false)
            try made.bind(parts.values.map(\.sqlite))
            statement = made
        }
        guard let statement else { return [] }
        var rows: [StoredSubmission] = []
        rows.reserveCapacity(Self.batchSize)
        while rows.count < Self.batchSize, try statement.step("exporting submissions") {
            rows.append(try StoreState.storedSubmission(statement))
        }
        if rows.count < Self.batchSize { finish() }
        return rows
    }

    private func finish() {
        isDone = true
        statement?.finalize()
        statement = nil
    }

    func close() {
        guard !isClosed.withLock({ closed in defer { closed = true }; return closed }) else { return }
        // Queued before the reader is given back, so it runs before the next user's jobs.
        reader.enqueue { _ in self.finish() }
        pool.giveBack(reader)
    }
}
