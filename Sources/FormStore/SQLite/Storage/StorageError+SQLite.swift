import CSQLite

extension StorageError {
    /// The typed error for anything the SQLite store throws: SQLite's own failures by their
    /// result code, the migrator's and the store's refusals by their case.
    package init(sqlite error: any Error, database: String) {
        switch error {
        case let error as StorageError:
            self = error
        case let error as SQLiteError:
            let message = error.hint.map { "\(error.message). \($0)" } ?? error.message
            self.init(kind: Self.kind(sqliteCode: error.code), backend: .sqlite, code: String(error.code),
                      message: message, operation: error.operation, database: error.path)
        case let error as MigrationError:
            self.init(kind: error.storageKind, backend: .sqlite, message: error.description, database: database)
        case let error as StoreError:
            self.init(kind: error.storageKind, backend: .sqlite, message: error.description, database: database)
        default:
            self.init(kind: .other, backend: .sqlite, message: String(describing: error), database: database)
        }
    }

    /// The kind for an SQLite (extended) result code, by its primary code.
    static func kind(sqliteCode code: Int32) -> Kind {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_READONLY: return .readOnly
        case SQLITE_FULL: return .full
        case SQLITE_CORRUPT: return .corrupt
        case SQLITE_NOTADB: return .notADatabase
        case SQLITE_CONSTRAINT: return .constraint
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_PROTOCOL, SQLITE_NOLFS, SQLITE_PERM, SQLITE_AUTH: return .io
        case SQLITE_MISUSE, SQLITE_RANGE, SQLITE_TOOBIG, SQLITE_MISMATCH: return .invalidRequest
        default: return .other
        }
    }
}
