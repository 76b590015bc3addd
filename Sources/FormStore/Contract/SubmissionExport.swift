/// Where an export reads from: a backend's cursor over one snapshot.
package protocol ExportCursor: AnyObject, Sendable {
    /// The next rows, in order; empty once every row was read.
    func next() async throws(StorageError) -> [StoredSubmission]
    /// The next rows copied out of the backend's buffers as they are read (a default packs what
    /// `next()` gives), with `columns` or more; empty once every row was read. A cursor is read
    /// one way or the other, never both, and always with the same `columns`.
    func nextPacked(_ columns: PackedColumns) async throws(StorageError) -> PackedExportRows
    /// Gives the cursor's connection back; safe to call more than once, and after the end.
    func close()
}

/// The rows of an export as an `AsyncSequence`, read from the database only as they are asked
/// for: back-pressure is the reading itself. Iterating again starts a new export.
///
/// While a batch is consumed the next one is already being read (one batch ahead, never more),
/// so the database's thread and the consumer work at the same time: an export is the cost of
/// the slower of the two rather than their sum.
///
/// An iteration that stops early (a `break`, a thrown error, a cancelled task) gives its
/// connection back when its iterator goes away.
package struct SubmissionExport: AsyncSequence, Sendable {
    package typealias Element = StoredSubmission
    package typealias Failure = StorageError

    private let open: @Sendable () async throws(StorageError) -> any ExportCursor

    package init(open: @escaping @Sendable () async throws(StorageError) -> any ExportCursor) {
        self.open = open
    }

    package func makeAsyncIterator() -> AsyncIterator { AsyncIterator(open: open) }

    /// Every row, packed on the store's side with `columns` (or more), a batch at a time handed
    /// to `body` in order while the next batch is packed. `body` returning false ends the export
    /// early; the store's failure reaches the caller as `storageError` makes it. The cursor is
    /// given back however this ends.
    package func forEachPacked<Failure: Error>(
        _ columns: PackedColumns = .all,
        storageError: (StorageError) -> Failure,
        _ body: (PackedExportRows) async throws(Failure) -> Bool
    ) async throws(Failure) {
        let cursor: any ExportCursor
        do { cursor = try await open() } catch { throw storageError(error) }
        defer { cursor.close() }
        @Sendable func read() async -> Result<PackedExportRows, StorageError> {
            do { return .success(try await cursor.nextPacked(columns)) } catch { return .failure(error) }
        }
        var ahead = Task { await read() }
        while true {
            let batch: PackedExportRows
            switch await ahead.value {
            case .success(let packed): batch = packed
            case .failure(let error): throw storageError(error)
            }
            guard batch.count > 0 else { return }
            ahead = Task { await read() }
            guard try await body(batch) else { return }
        }
    }

    package struct AsyncIterator: AsyncIteratorProtocol {
        package typealias Element = StoredSubmission
        package typealias Failure = StorageError

        private let open: @Sendable () async throws(StorageError) -> any ExportCursor
        private var holder: CursorHolder?
        /// The batch after `rows`, being read.
        private var ahead: Task<Result<[StoredSubmission], StorageError>, Never>?
        private var rows: [StoredSubmission] = []
        private var index = 0
        private var finished = false

        init(open: @escaping @Sendable () async throws(StorageError) -> any ExportCursor) {
            self.open = open
        }

        package mutating func next() async throws(StorageError) -> StoredSubmission? {
            while index >= rows.count {
                if finished { return nil }
                if Task.isCancelled { return finish() }
                let cursor: any ExportCursor
                do {
                    if holder == nil { holder = CursorHolder(try await open()) }
                    guard let holder else { return nil }
                    cursor = holder.cursor
                    if let ahead {
                        self.ahead = nil
                        rows = try await ahead.value.get()
                    } else {
                        rows = try await cursor.next()
                    }
                } catch {
                    _ = finish()
                    throw error
                }
                index = 0
                if rows.isEmpty { return finish() }
                ahead = Task { await Self.read(cursor) }
            }
            defer { index += 1 }
            return rows[index]
        }

        private static func read(_ cursor: any ExportCursor) async -> Result<[StoredSubmission], StorageError> {
            do { return .success(try await cursor.next()) } catch { return .failure(error) }
        }

        private mutating func finish() -> StoredSubmission? {
            finished = true
            // A batch still being read is read to no one: the cursor's close comes after it.
            ahead = nil
            holder?.cursor.close()
            holder = nil
            rows = []
            return nil
        }
    }
}

/// Closes the cursor when the last iterator holding it goes away (iterators are values).
final class CursorHolder: Sendable {
    let cursor: any ExportCursor
    init(_ cursor: any ExportCursor) { self.cursor = cursor }
    deinit { cursor.close() }
}
