/// How `FormEngine(database:options:)` opens a database: the library's own options, which a
/// program maps its settings to (formctl's `--table-prefix`, `--busy-timeout`, `--adopt`).
/// Library errors name these options, never a program's flags.
public struct StoreOptions: Sendable, Equatable {
    /// Prefix of the engine's table names, so that they live beside a service's own tables
    /// (a lower-case letter, then letters, digits or `_`, at most 32); "" for none.
    public var tablePrefix: String
    /// Reads only: nothing is created or migrated, and a database that needs migrations is
    /// refused rather than changed.
    public var readOnly: Bool
    /// Adds the engine's tables to a database that another program made (tables, none of the
    /// engine's); without it such a database is refused untouched.
    public var adoptingForeignDatabase: Bool
    /// How long an SQLite write waits for another process's lock before failing as `busy`.
    public var busyTimeout: Duration
    /// The directory where uploads wait until their submit is stored: each as a temporary
    /// file unlinked the moment it is made, so nothing is left there, even after a crash.
    /// nil: `TMPDIR`, else `/tmp`.
    public var spoolDirectory: String?
    /// The most bytes all uploads in progress may hold in the spool directory together
    /// (`defaultSpoolLimit`, 2 GiB): past it a file being received fails as `busy` (try
    /// again), so that many clients at once cannot fill the disk.
    public var spoolLimit: Int = StoreOptions.defaultSpoolLimit
    /// `spoolLimit`'s default: 2 GiB.
    public static let defaultSpoolLimit = 2 * 1024 * 1024 * 1024

    /// The defaults open a database for reading and writing, with no prefix, migrating it, and
    /// refusing another program's.
    public init(tablePrefix: String = "", readOnly: Bool = false, adoptingForeignDatabase: Bool = false,
                busyTimeout: Duration = .seconds(5), spoolDirectory: String? = nil) {
        self.spoolDirectory = spoolDirectory
        self.tablePrefix = tablePrefix
        self.readOnly = readOnly
        self.adoptingForeignDatabase = adoptingForeignDatabase
        self.busyTimeout = busyTimeout
    }

    /// Whether `prefix` is allowed as `tablePrefix`: a lower-case letter, then letters, digits
    /// or `_`, at most 32 (PostgreSQL folds unquoted names to lower case).
    public static func isValid(tablePrefix prefix: String) -> Bool { TableNames.isValid(prefix: prefix) }

    /// The table names for `tablePrefix`; a prefix that is not allowed is an `invalidRequest`
    /// storage error naming this option.
    func tables(database: String, backend: StorageError.Backend) throws(FormEngineError) -> TableNames {
        do { return try TableNames(prefix: tablePrefix) } catch {
            throw .storage(StorageError(kind: .invalidRequest, backend: backend, message: "\(error)", database: database))
        }
    }
}
