import Foundation

extension SQLiteStorage {
    /// Applied and pending migrations of the database at `path`, without applying any, for
    /// `formctl migrate --status` (opening an `SQLiteStorage` would migrate first). A file that
    /// does not exist yet has every migration pending.
    package static func migrationStatus(path: String, tables: TableNames = .standard) throws(StorageError) -> [MigrationStatus] {
        guard FileManager.default.fileExists(atPath: path) else {
            return Migration.embedded.map {
                MigrationStatus(version: $0.version, name: $0.name, applied: false, appliedAt: nil, isUnknownToBinary: false)
            }
        }
        do {
            let connection = try Connection.openForReading(path: path)
            defer { connection.close() }
            return try Migrator(connection: connection, tables: tables).status()
        } catch {
            throw StorageError(sqlite: error, database: path)
        }
    }
}
