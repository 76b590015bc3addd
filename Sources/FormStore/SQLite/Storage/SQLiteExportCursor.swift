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
    /// Rows per `nextPacked()`: packed rows are copies of a few hundred bytes, and a larger
    /// batch pays fewer hops for the same memory as `batchSize` Strings.
    static let packedBatchSize = 1024

    init(pool: ReaderPool, reader: ConnectionThread, query: SubmissionQuery) {
        self.pool = pool
        self.reader = reader
        self.query = query
    }

    func next() async throws(StorageError) -> [StoredSubmission] {
        try await reader.run { state in try self.fetch(state) }
    }

    /// Up to `packedBatchSize` rows (at most a megabyte), each copied straight from SQLite's
    /// buffers.
    ///
    /// Once a batch is handed over, the reader packs the next one at once (into `packedAhead`)
    /// rather than when asked: asking takes a thread that runs tasks, and a consumer rendering
    /// rows holds every one of them.
    func nextPacked(_ columns: PackedColumns) async throws(StorageError) -> PackedExportRows {
        try await reader.run { state in
            let batch: PackedExportRows
            if let ahead = self.packedAhead {
                self.packedAhead = nil
                batch = try ahead.get()
            } else {
                batch = try self.pack(state, columns)
            }
            if batch.count > 0, !self.isDone {
                _ = self.reader.enqueue { state in self.packedAhead = Result { try self.pack(state, columns) } }
            }
            return batch
        }
    }

    /// The batch after the last one handed over, packed or failed; touched on the reader's
    /// thread only.
    private var packedAhead: Result<PackedExportRows, any Error>?

    private func pack(_ state: StoreState, _ columns: PackedColumns) throws -> PackedExportRows {
        var packed = PackedExportRows()
        try prepare(state, select: columns == .all ? state.sql.exportSelect : state.sql.exportValuesSelect, mayScanTable: true)
        guard !isDone, let statement else { return packed }
        while packed.count < Self.packedBatchSize, !packed.isFull {
            guard try statement.step("exporting submissions") else {
                finish()
                break
            }
            // A row whose form or version is missing is one the listing's join leaves out.
            guard let names = try names(form: statement.int64(2), version: statement.int64(3), state) else { continue }
            if columns == .values {
                names.name.withUnsafeBytes { name in packed.append(Self.valuesBytes(statement, formName: name, version: names.version)) }
                continue
            }
            let copied = names.name.withUnsafeBytes { name in
                Self.exportBytes(statement, formName: name, version: names.version).map { packed.append($0) } != nil
            }
            if !copied, let stored = try state.submission(id: statement.int64(0)) {
                // A timestamp to format again, or a value to name as malformed: the whole row,
                // read again in this snapshot, as every other read gives it.
                stored.withExportBytes { packed.append($0) }
            }
        }
        return packed
    }

    /// The name and number of each form version met so far, by (form id, version id).
    private var versionNames: [VersionKey: (name: [UInt8], version: Int)] = [:]
    private struct VersionKey: Hashable {
        var form: Int64
        var version: Int64
    }

    private func names(form: Int64, version: Int64, _ state: StoreState) throws -> (name: [UInt8], version: Int)? {
        let key = VersionKey(form: form, version: version)
        if let known = versionNames[key] { return known }
        guard let found = try state.connection.queryFirst(state.sql.exportNamesSelect, [.integer(form), .integer(version)],
                                                          operation: "reading the names of an export's form", {
            (name: Array($0.text(0).utf8), version: $0.int(1))
        }) else { return nil }
        versionNames[key] = found
        return found
    }

    private static let statusTexts = SubmissionStatus.allCases.map { Array($0.rawValue.utf8) }
    private static let reviewTexts = ReviewState.allCases.map { Array($0.rawValue.utf8) }

    /// The row of `exportSelect` as it is stored, when that is what an export writes: its
    /// status and review state ones formctl knows, and its timestamps in the stored format as
    /// `format` gives them.
    private static func exportBytes(_ row: Statement, formName: UnsafeRawBufferPointer, version: Int) -> ExportRowBytes? {
        guard let status = row.textBytes(4), statusTexts.contains(where: { status.elementsEqual($0) }),
              let review = row.textBytes(9), reviewTexts.contains(where: { review.elementsEqual($0) }),
              let created = row.textBytes(5), Timestamp.isCanonical(created),
              let updated = row.textBytes(6), Timestamp.isCanonical(updated)
        else { return nil }
        return ExportRowBytes(
            id: row.int64(0), uuid: row.textBytes(1) ?? UnsafeRawBufferPointer(start: nil, count: 0),
            formName: formName, version: version, formVersionID: row.int64(3), status: status,
            createdAt: created, updatedAt: updated, revision: row.int(8), reviewState: review, reviewComment: row.textBytes(10),
            language: row.textBytes(11), values: row.textBytes(7) ?? UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// The row of `exportValuesSelect`: its id, form, version and values alone.
    private static func valuesBytes(_ row: Statement, formName: UnsafeRawBufferPointer, version: Int) -> ExportRowBytes {
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        return ExportRowBytes(
            id: row.int64(0), uuid: none, formName: formName, version: version, formVersionID: row.int64(3), status: none,
            createdAt: none, updatedAt: none, revision: 0, reviewState: none, reviewComment: nil, language: nil,
            values: row.textBytes(7) ?? none)
    }

    private func fetch(_ state: StoreState) throws -> [StoredSubmission] {
        try prepare(state, select: state.sql.submissionSelect)
        guard !isDone, let statement else { return [] }
        var rows: [StoredSubmission] = []
        rows.reserveCapacity(Self.batchSize)
        while rows.count < Self.batchSize, try statement.step("exporting submissions") {
            rows.append(try StoreState.storedSubmission(statement))
        }
        if rows.count < Self.batchSize { finish() }
        return rows
    }

    /// The export's statement, made on first use from `select` (the columns the way the
    /// cursor is read needs). `mayScanTable` lets it read the table in id order rather than
    /// through an index, when `select` ends with the submissions table and that is cheaper.
    private func prepare(_ state: StoreState, select: String, mayScanTable: Bool = false) throws {
        guard !isDone, statement == nil else { return }
        try query.checkCursor()
        let parts = SubmissionQuerySQL(query, tables: state.tables, dialect: .sqlite, keyset: true)
        let scans = try mayScanTable && Self.scanIsCheaper(query, parts, state)
        // A statement of its own (not the connection's cache), since it outlives this job.
        let made = try Statement(connection: state.connection,
                                 sql: select + (scans ? " NOT INDEXED" : "") + parts.whereClause + parts.orderBy, persistent: false)
        try made.bind(parts.values.map(\.sqlite))
        statement = made
    }

    /// Rows sampled to judge how many of the rows in their id range a query matches.
    static let densitySample = 4_096

    /// Whether reading the whole table in id order costs less than SQLite's choice, an index
    /// of (form, status, id) with a seek into the table for every row it finds: so when the
    /// query is in id order, with no time range (whose index may skip most of the table), and
    /// most rows between the first and the `densitySample`th it matches are matches, as in an
    /// export of a form's final submissions, which is often nearly the whole table. The guess
    /// only chooses the plan; the rows are the same either way.
    private static func scanIsCheaper(_ query: SubmissionQuery, _ parts: SubmissionQuerySQL, _ state: StoreState) throws -> Bool {
        guard query.order == .id, query.uuid == nil, query.createdFrom == nil, query.createdBefore == nil,
              query.updatedFrom == nil, query.updatedBefore == nil
        else { return false }
        let sample = """
            SELECT count(*), min(id), max(id) FROM (SELECT s.id AS id FROM \(state.tables.submissions) s\(parts.whereClause)\(parts.orderBy)
            LIMIT \(densitySample))
            """
        let found = try state.connection.queryFirst(sample, parts.values.map(\.sqlite), operation: "planning an export") {
            (count: $0.int64(0), first: $0.int64(1), last: $0.int64(2))
        }
        // Fewer matches than the sample: a small export, quick either way.
        guard let found, found.count >= densitySample else { return false }
        // Ids are given in order, so the span is about the rows it covers (fewer, after deletions).
        return found.count * 2 >= found.last - found.first + 1
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
        pool.giveBack(reader, fromExport: true)
    }
}
