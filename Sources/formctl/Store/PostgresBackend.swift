import FormStore
#if PostgreSQL
import FormStorePostgres
#endif

/// formctl's way to a PostgreSQL server, in one place because the backend is a package trait
/// (`PostgreSQL`, on by default): built without it (`--disable-default-traits`, a release build
/// in a fraction of the time, without SwiftNIO and BoringSSL), formctl still recognises a
/// `postgres://` address and says how to get a formctl that can use it.
enum PostgresBackend {
    static func isAddress(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    static let unavailable = """
        this formctl was built without the PostgreSQL backend; build it with the PostgreSQL trait \
        (swift build -c release --product formctl, which enables it by default)
        """

    /// The address for messages, without its password.
    static func displayName(_ address: String) -> String {
        #if PostgreSQL
        return (try? PostgresAddress(address).description) ?? "the PostgreSQL server"
        #else
        return "the PostgreSQL server"
        #endif
    }

    static func open(_ address: String, tables: TableNames, readOnly: Bool, adoptingForeignDatabase: Bool) async throws -> any SubmissionStorage {
        #if PostgreSQL
        return try await PostgresStorage(address: PostgresAddress(address), tables: tables, readOnly: readOnly,
                                         adoptingForeignDatabase: adoptingForeignDatabase)
        #else
        throw CommandFailure("formctl: \(unavailable)", exitCode: .usage)
        #endif
    }

    static func migrationStatus(_ address: String, tables: TableNames) async throws -> [MigrationStatus] {
        #if PostgreSQL
        return try await PostgresStorage.migrationStatus(address: PostgresAddress(address), tables: tables)
        #else
        throw CommandFailure("formctl: \(unavailable)", exitCode: .usage)
        #endif
    }
}
