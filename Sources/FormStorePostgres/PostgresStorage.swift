import FormStore
import Foundation
import PostgresNIO
import Synchronization

/// The PostgreSQL backend, for services that run on more than one machine: the same protocol,
/// schema (from `migrations/postgres/`) and behaviour as `SQLiteStorage`, over a few pooled
/// connections made with PostgresNIO. Every call suspends while it waits for the server.
package final class PostgresStorage: SubmissionStorage {
    package let address: PostgresAddress
    package let tables: TableNames
    let pool: PostgresConnectionPool
    let sql: PostgresSQL
    let logger: Logger
    let isReadOnly: Bool
    /// form_versions rows never change, so what an insert needs of one is kept after the
    /// first look (only from committed reads).
    let versionRefs = Mutex<[Int64: VersionRef]>([:])
    /// Time-ordered uuids for new rows, as the SQLite store makes them: the column's default
    /// (`gen_random_uuid()`, version 4) would put each on a random page of the uuid index.
    let uuids = Mutex(SubmissionUUID())
    /// Wakes `outboxSignals()`: after this storage's writes, and on every NOTIFY the listener hears.
    let outboxBroadcast = OutboxBroadcast()
    let outboxListener: PostgresOutboxListener
    /// Submissions waiting while saves are under way on half the pool's connections, to be
    /// saved together (`save(_:)`); the other half is for reads and other writes.
    let pendingSaves: PendingSaves

    struct VersionRef: Sendable {
        let formID: Int64
        let formName: String
        let version: Int
    }

    package var backend: StorageError.Backend { .postgres }
    package var database: String { address.description }

    /// Connects to `address`, then migrates the schema (or, `readOnly`, checks that it is
    /// current). `tables` puts formctl's tables under a prefix beside a service's own; another
    /// program's database (tables, none of formctl's) is refused unless `adoptingForeignDatabase`
    /// or a prefix is given. At most `maximumConnections` are open at once.
    package init(address: PostgresAddress, tables: TableNames = .standard, readOnly: Bool = false,
                 adoptingForeignDatabase: Bool = false, maximumConnections: Int = 8) async throws(StorageError) {
        self.address = address
        self.tables = tables
        self.isReadOnly = readOnly
        self.sql = PostgresSQL(tables)
        var logger = Logger(label: "formctl.postgres")
        // PostgresNIO's own logging is for debugging the driver; a command's output is its own.
        logger.logLevel = .critical
        self.logger = logger
        let configuration: PostgresConnection.Configuration
        do { configuration = try Self.configuration(for: address) } catch {
            throw StorageError(kind: .invalidRequest, backend: .postgres, message: "TLS cannot be set up: \(error)",
                               database: address.description)
        }
        pendingSaves = PendingSaves(jobs: maximumConnections / 2)
        pool = PostgresConnectionPool(configuration: configuration, maximum: maximumConnections, logger: logger,
                                      database: address.description)
        outboxListener = PostgresOutboxListener(configuration: configuration, channel: tables.outboxChannel,
                                                broadcast: outboxBroadcast, logger: logger)
        let migrator = PostgresMigrator(tables: tables, database: address.description, logger: logger)
        try await call(readOnly ? "checking the schema" : "migrating the schema") { connection in
            if readOnly {
                try await migrator.verifyCurrent(on: connection)
            } else {
                try await migrator.migrate(on: connection, adopting: adoptingForeignDatabase)
            }
        }
    }

    /// Connects to the address in `url` (see `PostgresAddress`).
    package convenience init(url: String, tables: TableNames = .standard, readOnly: Bool = false,
                             adoptingForeignDatabase: Bool = false) async throws(StorageError) {
        try await self.init(address: PostgresAddress(url), tables: tables, readOnly: readOnly,
                            adoptingForeignDatabase: adoptingForeignDatabase)
    }

    static func configuration(for address: PostgresAddress) throws -> PostgresConnection.Configuration {
        if let socket = address.socketPath {
            return PostgresConnection.Configuration(unixSocketPath: socket, username: address.username,
                                                    password: address.password, database: address.database)
        }
        let tls: PostgresConnection.Configuration.TLS
        switch address.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        return PostgresConnection.Configuration(host: address.host ?? "localhost", port: address.port,
                                                username: address.username, password: address.password,
                                                database: address.database, tls: tls)
    }

    /// Runs `body` on a pooled connection; every failure becomes a `StorageError` naming
    /// `operation` and this database.
    func call<R: Sendable>(_ operation: String, _ body: (PostgresConnection) async throws -> R) async throws(StorageError) -> R {
        do { return try await pool.withConnection(body) } catch {
            throw StorageError(postgres: error, operation: operation, database: database)
        }
    }

    /// Runs a write on a pooled connection. A calling task cancelled before the write begins
    /// (before `body` runs) abandons it with `cancelled`; once begun, `body` runs in a task of
    /// its own that the caller's cancellation does not reach, so a transaction is never cut
    /// off between its statements and a commit is always reported.
    /// Once committed it wakes this storage's `outboxSignals()` (other processes hear the
    /// triggers' NOTIFY), unless `signalling` is false: a deliverer's own claims and outcomes.
    func write<R: Sendable>(_ operation: String, signalling: Bool = true,
                            _ body: @escaping @Sendable (PostgresConnection) async throws -> R) async throws(StorageError) -> R
    {
        try refuseWrites()
        let abandoned = StorageError(kind: .cancelled, backend: .postgres, message: "the write was cancelled before it began",
                                     operation: operation, database: database)
        if Task.isCancelled { throw abandoned }
        let result = try await call(operation) { connection in
            if Task.isCancelled { throw abandoned }
            return try await Task { try await body(connection) }.value
        }
        if signalling { outboxBroadcast.signal() }
        return result
    }

    func refuseWrites() throws(StorageError) {
        if isReadOnly {
            throw StorageError(kind: .readOnly, backend: .postgres, message: "the store was opened read-only", database: database)
        }
    }

    package func close() async {
        outboxBroadcast.finish()
        await outboxListener.close()
        await pool.close()
    }
}
