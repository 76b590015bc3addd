/// Why the database schema cannot be used with this binary. Each case says what to do. A
/// service sees it as a `StorageError` of the matching `kind`, with this description as its message.
package enum MigrationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// An applied migration's text differs from the one compiled in (someone edited the file).
    case editedMigration(version: Int, name: String, path: String)
    /// The database has migrations this binary does not know: it was written by a newer formctl.
    case databaseNewerThanBinary(databaseVersion: Int, binaryVersion: Int, path: String)
    /// Migrations recorded out of order (a gap before an applied one).
    case missingEarlierMigration(version: Int, name: String, path: String)
    /// A read-only store was asked to open a database that still needs migrations.
    case pendingMigrationsInReadOnlyDatabase(pending: [Int], path: String)
    /// The file is another program's database: it has tables that are not formctl's, and no
    /// record of formctl's migrations.
    case foreignDatabase(path: String, tables: [String])

    package var description: String {
        switch self {
        case let .editedMigration(version, name, path):
            return "Migration \(version) (\(name)) was changed after it was applied to \(path); "
                + "restore the original file and add the change as a new migration"
        case let .databaseNewerThanBinary(dbVersion, binVersion, path):
            return "\(path) is at schema version \(dbVersion) but this formctl only knows up to \(binVersion); "
                + "use a newer formctl"
        case let .missingEarlierMigration(version, name, path):
            return "Migration \(version) (\(name)) was never applied to \(path) although later ones were; "
                + "the database was migrated by a different build"
        case let .pendingMigrationsInReadOnlyDatabase(pending, path):
            return "\(path) needs migrations \(pending.map(String.init).joined(separator: ", ")) "
                + "and was opened read-only; open it once without the readOnly store option to migrate it first"
        case let .foreignDatabase(path, tables):
            let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", ..." : "")
            return "\(path) is not a formctl database: it has tables (\(shown)) and no record of formctl's migrations; "
                + "nothing was changed. To keep formctl's tables apart from them, give a table prefix (the tablePrefix store option); "
                + "to add formctl's tables to it as they are, open it adopting it (the adoptingForeignDatabase store option)"
        }
    }
}

extension MigrationError {
    /// The `StorageError.Kind` a caller acts on.
    package var storageKind: StorageError.Kind {
        switch self {
        case .databaseNewerThanBinary: return .schemaTooNew
        case .editedMigration, .missingEarlierMigration, .pendingMigrationsInReadOnlyDatabase: return .schemaMismatch
        case .foreignDatabase: return .foreignDatabase
        }
    }
}
