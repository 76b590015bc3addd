/// Where an export reads from: a backend's cursor over one snapshot.
package protocol ExportCursor: AnyObject, Sendable {
    /// The next rows, in order; empty once every row was read.
    func next() async throws(StorageError) -> [StoredSubmission]
    /// Gives the cursor's connection back; safe to call more than once, and after the end.
    func close()
}

/// The rows of an export as an `AsyncSequence`, read from the database only as they are asked
/// for: back-pressure is the reading itself. Iterating again starts a new export.
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

    package struct AsyncIterator: AsyncIteratorProtocol {
        package typealias Element = StoredSubmission
        package typealias Failure = StorageError

        private let open: @Sendable () async throws(StorageError) -> any ExportCursor
        private var holder: CursorHolder?
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
                do {
                    if holder == nil { holder = CursorHolder(try await open()) }
                    guard let holder else { return nil }
                    rows = try await holder.cursor.next()
                } catch {
                    _ = finish()
                    throw error
                }
                index = 0
                if rows.isEmpty { return finish() }
            }
            defer { index += 1 }
            return rows[index]
        }

        private mutating func finish() -> StoredSubmission? {
            finished = true
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
