import FormStore
#if PostgreSQL
import FormStorePostgres
#endif

/// Opening, naming, migrating and closing the database behind an engine: an SQLite file or, with
/// the package's `PostgreSQL` trait (off by default), a PostgreSQL server.
extension FormEngine {
    /// Opens the database at `address`: an SQLite file's path (created and migrated on first
    /// use unless `options.readOnly`), or `postgres://user@host/database` (also
    /// `postgresql://`, a socket as `?host=/dir`). Built without the `PostgreSQL` trait, a
    /// PostgreSQL address is refused with an `unavailable` storage error that says so.
    public convenience init(database address: String, options: StoreOptions = StoreOptions()) async throws(FormEngineError) {
        if Self.isPostgresAddress(address) {
            self.init(storage: try await Self.openPostgres(address, options: options), spoolDirectory: options.spoolDirectory,
                      spoolLimit: options.spoolLimit)
            return
        }
        let tables = try options.tables(database: address, backend: .sqlite)
        do {
            self.init(storage: try SQLiteStorage(path: address, readOnly: options.readOnly, busyTimeout: options.busyTimeout,
                                                 adoptingForeignDatabase: options.adoptingForeignDatabase, tables: tables),
                      spoolDirectory: options.spoolDirectory, spoolLimit: options.spoolLimit)
        } catch {
            throw .storage(error)
        }
    }

    /// True for a PostgreSQL address (`postgres://` or `postgresql://`), false for a file path.
    public static func isPostgresAddress(_ address: String) -> Bool {
        address.hasPrefix("postgres://") || address.hasPrefix("postgresql://")
    }

    /// `address` as messages show it: a path as it is, a PostgreSQL address without its password.
    public static func displayName(ofDatabase address: String) -> String {
        guard isPostgresAddress(address) else { return address }
        #if PostgreSQL
        return (try? PostgresAddress(address).description) ?? "the PostgreSQL server"
        #else
        return "the PostgreSQL server"
        #endif
    }

    /// The open database, for messages: a path, or an address without its password.
    public var database: String { storage.database }

    /// Closes the database once the calls in progress are done (SQLite's write-ahead log is
    /// then folded into the file); calls after it fail.
    public func close() async { await storage.close() }

    /// Applied and pending migrations of the open database. Opening without `readOnly` has
    /// applied every pending one.
    public func migrationStatus() async throws(FormEngineError) -> [MigrationStatus] {
        do { return try await storage.migrationStatus() } catch { throw .storage(error) }
    }

    /// Applied and pending migrations of the database at `address`, changing nothing (opening
    /// it would migrate first). An SQLite file that does not exist has every migration pending.
    public static func migrationStatus(database address: String, options: StoreOptions = StoreOptions())
        async throws(FormEngineError) -> [MigrationStatus]
    {
        if isPostgresAddress(address) {
            #if PostgreSQL
            let tables = try options.tables(database: displayName(ofDatabase: address), backend: .postgres)
            do { return try await PostgresStorage.migrationStatus(address: PostgresAddress(address), tables: tables) } catch {
                throw .storage(error)
            }
            #else
            throw .storage(postgresUnavailable(address))
            #endif
        }
        let tables = try options.tables(database: address, backend: .sqlite)
        do { return try SQLiteStorage.migrationStatus(path: address, tables: tables) } catch { throw .storage(error) }
    }

    static func openPostgres(_ address: String, options: StoreOptions) async throws(FormEngineError) -> any SubmissionStorage {
        #if PostgreSQL
        let tables = try options.tables(database: displayName(ofDatabase: address), backend: .postgres)
        do {
            return try await PostgresStorage(address: PostgresAddress(address), tables: tables, readOnly: options.readOnly,
                                             adoptingForeignDatabase: options.adoptingForeignDatabase)
        } catch {
            throw .storage(error)
        }
        #else
        throw .storage(postgresUnavailable(address))
        #endif
    }

    /// What opening a PostgreSQL address says in a build without the backend.
    static func postgresUnavailable(_ address: String) -> StorageError {
        StorageError(kind: .unavailable, backend: .postgres, message: postgresUnavailableMessage,
                     database: displayName(ofDatabase: address))
    }

    /// True when this build has the PostgreSQL backend (the package's `PostgreSQL` trait).
    public static var supportsPostgreSQL: Bool {
        #if PostgreSQL
        return true
        #else
        return false
        #endif
    }

    /// Why a PostgreSQL address cannot be opened by this build, and how to get one that can.
    static let postgresUnavailableMessage =
        "this build has no PostgreSQL backend: enable the FormEngine package's PostgreSQL trait (`traits: [\"PostgreSQL\"]`) to open postgres:// addresses"
}
