/// One schema migration: a numbered SQL script from `migrations/`, embedded at build time.
struct Migration: Sendable, Equatable {
    let version: Int
    /// The file name, e.g. `0001_init.sql`; recorded so `migrate --status` can show it.
    let name: String
    let sql: String
    /// SHA-256 of the exact text, so an applied migration that was edited afterwards is noticed.
    let checksum: String

    init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
        self.checksum = SHA256.hex(of: sql)
    }

    /// The migrations compiled into this binary, in version order.
    static let embedded: [Migration] = EmbeddedMigrations.files.compactMap { file in
        // The generator already refused malformed names, so nil cannot happen for built files.
        guard let version = version(ofFileName: file.fileName) else { return nil }
        return Migration(version: version, name: file.fileName, sql: file.sql)
    }

    /// `0012_add_index.sql` -> 12.
    static func version(ofFileName name: String) -> Int? {
        guard let underscore = name.firstIndex(of: "_") else { return nil }
        return Int(name[..<underscore])
    }
}

/// One row of `migrate --status`.
public struct MigrationStatus: Sendable, Equatable {
    public let version: Int
    public let name: String
    public let applied: Bool
    /// When it was applied, as stored (ISO 8601 UTC text); nil if pending.
    public let appliedAt: String?
    /// True for a migration recorded in the database but unknown to this binary (a newer formctl
    /// wrote it); such a database is refused for writing.
    public let isUnknownToBinary: Bool
}
