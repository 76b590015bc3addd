import Secrets

/// One schema migration: a numbered SQL script from `migrations/` (or `migrations/postgres/`),
/// embedded at build time. Its table and index names are written `${prefix}forms`, so that one
/// file serves every table prefix.
package struct Migration: Sendable, Equatable {
    package let version: Int
    /// The file name, e.g. `0001_init.sql`; recorded so `migrate --status` can show it.
    package let name: String
    /// The text as written, with `${prefix}` where the table prefix goes.
    package let template: String
    /// SHA-256 of the text with an empty prefix, so an applied migration that was edited
    /// afterwards is noticed, and databases migrated before prefixes existed (whose files had
    /// the bare names) keep their checksums.
    package let checksum: String

    package init(version: Int, name: String, sql template: String) {
        self.version = version
        self.name = name
        self.template = template
        self.checksum = SHA256.hex(of: TableNames.standard.render(template))
    }

    /// The statements to run for `tables`.
    package func sql(for tables: TableNames) -> String { tables.render(template) }

    /// Migrations from the generated `(fileName, sql)` list of a target's EmbedMigrations.
    package static func from(embedded files: [(fileName: String, sql: String)]) -> [Migration] {
        files.compactMap { file in
            // The generator already refused malformed names, so nil cannot happen for built files.
            guard let version = version(ofFileName: file.fileName) else { return nil }
            return Migration(version: version, name: file.fileName, sql: file.sql)
        }
    }

    /// `0012_add_index.sql` -> 12.
    static func version(ofFileName name: String) -> Int? {
        guard let underscore = name.firstIndex(of: "_") else { return nil }
        return Int(name[..<underscore])
    }
}

/// One migration of a database's schema, applied or pending (one row of `migrate --status`).
public struct MigrationStatus: Sendable, Equatable {
    /// The migration's number; migrations apply in this order.
    public let version: Int
    /// The migration's file name, e.g. `0001_init.sql`.
    public let name: String
    /// True once the migration has been applied to the database.
    public let applied: Bool
    /// When it was applied, as stored (ISO 8601 UTC text); nil if pending.
    public let appliedAt: String?
    /// True for a migration recorded in the database but unknown to this binary (a newer formctl
    /// wrote it); such a database is refused for writing.
    public let isUnknownToBinary: Bool
}
