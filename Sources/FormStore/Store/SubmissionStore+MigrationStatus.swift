import Foundation

extension SubmissionStore {
    /// Applied and pending migrations of the database at `path`, without applying any, for
    /// `formctl migrate --status` (opening a `SubmissionStore` would migrate first). A file that
    /// does not exist yet has every migration pending.
    public static func migrationStatus(path: String, tables: TableNames = .standard) throws -> [MigrationStatus] {
        guard FileManager.default.fileExists(atPath: path) else {
            return Migration.embedded.map {
                MigrationStatus(version: $0.version, name: $0.name, applied: false, appliedAt: nil, isUnknownToBinary: false)
            }
        }
        let connection = try Connection.openForReading(path: path)
        defer { connection.close() }
        return try Migrator(connection: connection, tables: tables).status()
    }
}
