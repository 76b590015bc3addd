import Foundation

/// Everything one SQLite connection's owner touches: the connection and the small caches that
/// live as long as it does. Not thread-safe by itself: each `ConnectionThread` owns one and uses
/// it on its own thread only.
package final class StoreState {
    package let connection: Connection
    package let tables: TableNames
    /// The SQL texts that name tables, built once for this store's table names.
    package let sql: StoreSQL
    var uuids = SubmissionUUID()
    /// form_versions rows never change once written, so an insert need not look them up
    /// again; the cache is dropped whenever a transaction rolls back (see `transaction`),
    /// because a rolled-back insert could leave an entry for an id that will be reused.
    var versionCache: [Int64: VersionRef] = [:]

    struct VersionRef {
        let formID: Int64
        let formName: String
        let version: Int
    }

    package init(connection: Connection, tables: TableNames = .standard) {
        self.connection = connection
        self.tables = tables
        self.sql = StoreSQL(tables)
    }

    /// A write transaction (or savepoint when nested) that also keeps the caches honest.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        do {
            return try connection.transaction(body)
        } catch {
            versionCache.removeAll()
            throw error
        }
    }
}
