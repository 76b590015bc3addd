/// What a backend's recorded migrations mean for this binary, whichever backend recorded them:
/// which are still to apply, and whether the database must be refused (written by a newer
/// formctl, an applied migration edited, one skipped).
package struct MigrationPlan {
    /// One row of a backend's bookkeeping table.
    package struct Applied: Sendable {
        package let version: Int
        package let name: String
        package let checksum: String
        package let appliedAt: String

        package init(version: Int, name: String, checksum: String, appliedAt: String) {
            self.version = version
            self.name = name
            self.checksum = checksum
            self.appliedAt = appliedAt
        }
    }

    /// The compiled migrations, in version order.
    package let migrations: [Migration]
    /// The database, for messages.
    package let database: String

    package init(migrations: [Migration], database: String) {
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.database = database
    }

    /// Refuses databases this binary must not touch and returns the versions still to apply.
    package func pending(after applied: [Applied]) throws(MigrationError) -> [Int] {
        let byVersion = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        let latestKnown = migrations.last?.version ?? 0
        for record in applied {
            guard let migration = byVersion[record.version] else {
                throw .databaseNewerThanBinary(databaseVersion: applied.map(\.version).max() ?? record.version,
                                               binaryVersion: latestKnown, path: database)
            }
            if migration.checksum != record.checksum {
                throw .editedMigration(version: migration.version, name: migration.name, path: database)
            }
        }
        let appliedVersions = Set(applied.map(\.version))
        let latestApplied = appliedVersions.max() ?? 0
        let pending = migrations.filter { !appliedVersions.contains($0.version) }
        if let gap = pending.first(where: { $0.version < latestApplied }) {
            throw .missingEarlierMigration(version: gap.version, name: gap.name, path: database)
        }
        return pending.map(\.version)
    }

    /// Every compiled migration plus any unknown recorded one, for `migrate --status`.
    package func status(_ applied: [Applied]) -> [MigrationStatus] {
        let byVersion = Dictionary(applied.map { ($0.version, $0) }, uniquingKeysWith: { a, _ in a })
        var rows = migrations.map { m in
            MigrationStatus(version: m.version, name: m.name, applied: byVersion[m.version] != nil,
                            appliedAt: byVersion[m.version]?.appliedAt, isUnknownToBinary: false)
        }
        let known = Set(migrations.map(\.version))
        for a in byVersion.values where !known.contains(a.version) {
            rows.append(MigrationStatus(version: a.version, name: a.name, applied: true,
                                        appliedAt: a.appliedAt, isUnknownToBinary: true))
        }
        return rows.sorted { $0.version < $1.version }
    }
}
