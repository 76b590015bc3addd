import ArgumentParser
import FormStore

/// `formctl migrate`: brings the database's schema up to this binary's migrations (every
/// command does so when it opens the database; this one says what it did).
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending database migrations, or show them with --status.",
        discussion: """
            Migrations are compiled into formctl; each is applied in its own transaction and recorded \
            with a checksum. A database written by a newer formctl, or whose applied migration was \
            edited, is refused.
            Exit codes: 0 done, 3 the database cannot be opened or migrated.
            """
    )

    @Flag(help: "List each migration as applied (with its time) or pending; change nothing.")
    var status = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let path = database.resolvedPath
        let before: [MigrationStatus]
        do { before = try SubmissionStore.migrationStatus(path: path) } catch {
            throw CommandFailure("formctl: cannot read the migrations of \(path): \(error)", exitCode: .storage)
        }
        if status {
            Terminal.printOut(Self.table(before))
            return
        }
        let store = try database.openStore()
        let after: [MigrationStatus]
        do { after = try store.migrationStatus() } catch {
            throw CommandFailure("formctl: cannot read the migrations of \(path): \(error)", exitCode: .storage)
        }
        let wasApplied = Set(before.filter(\.applied).map(\.version))
        let newlyApplied = after.filter { $0.applied && !wasApplied.contains($0.version) }
        for migration in newlyApplied { Terminal.printOut("applied \(migration.name)") }
        let count = after.filter(\.applied).count
        Terminal.printOut(newlyApplied.isEmpty
            ? "\(path) is up to date (\(count) migration\(count == 1 ? "" : "s") applied)"
            : "\(path) is now up to date (\(count) migration\(count == 1 ? "" : "s") applied)")
    }

    static func table(_ migrations: [MigrationStatus]) -> String {
        let rows = migrations.map { m in
            [String(m.version), m.name, m.isUnknownToBinary ? "applied (unknown to this formctl)" : (m.applied ? "applied" : "pending"),
             m.appliedAt ?? "-"]
        }
        return TextTable(header: ["VERSION", "NAME", "STATUS", "APPLIED AT"], rows: rows, rightAligned: [0]).rendered
    }
}
