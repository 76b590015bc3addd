extension Connection {
    /// A connection to a database whose schema is current: migrated first unless `readOnly`,
    /// where pending migrations are refused instead. Another program's file (tables, none of
    /// formctl's) is refused unless `adoptingForeignDatabase`, and left as it was: it is looked
    /// at before anything is written, the switch to WAL included.
    package static func openWithCurrentSchema(path: String, readOnly: Bool, busyTimeout: Duration,
                                              adoptingForeignDatabase: Bool, tables: TableNames) throws -> Connection {
        let connection = readOnly
            ? try Connection.openForReading(path: path, busyTimeout: busyTimeout)
            : try Connection(path: path, busyTimeout: busyTimeout, switchingToWAL: false)
        let migrator = Migrator(connection: connection, tables: tables)
        if readOnly {
            try migrator.verifyCurrent()
        } else {
            if !adoptingForeignDatabase { try migrator.refuseForeignDatabase() }
            try connection.useWriteAheadLog()
            try migrator.migrate(adopting: adoptingForeignDatabase)
        }
        return connection
    }
}
