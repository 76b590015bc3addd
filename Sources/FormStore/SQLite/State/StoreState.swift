import Foundation

/// Everything a store touches while it holds its lock: the connection and the small caches
/// that live as long as it does. Not thread-safe by itself; `SubmissionStore` guards it.
final class StoreState {
    let connection: Connection
    let tables: TableNames
    /// The SQL texts that name tables, built once for this store's table names.
    let sql: StoreSQL
    var uuids = RandomUUID()
    /// form_versions rows never change once written, so `saveFinal` need not look them up
    /// again; the cache is dropped whenever a transaction rolls back (see `transaction`),
    /// because a rolled-back insert could leave an entry for an id that will be reused.
    var versionCache: [Int64: VersionRef] = [:]

    struct VersionRef {
        let formID: Int64
        let formName: String
        let version: Int
    }

    init(connection: Connection, tables: TableNames = .standard) {
        self.connection = connection
        self.tables = tables
        self.sql = StoreSQL(tables)
    }

    /// A write transaction (or savepoint when nested) that also keeps the caches honest.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        do {
            return try connection.transaction(body)
        } catch {
            versionCache.removeAll()
            throw error
        }
    }
}

/// The store's lock. Recursive so that store methods called from inside a `write` block or an
/// export callback, on the same thread, nest (as savepoints) instead of deadlocking.
///
/// `@unchecked Sendable` is sound because `state` is only reachable through `withLock`.
final class LockedState: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private let state: StoreState

    init(_ state: StoreState) { self.state = state }

    func withLock<R>(_ body: (StoreState) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(state)
    }
}
