import ArgumentParser
import FormEngine

/// `formctl migrate`: brings the database's schema up to this binary's migrations (every
/// command does so when it opens the database; this one says what it did).
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending database migrations, or show them with --status.",
        discussion: """
            Migrations are compiled into formctl; each is applied in its own transaction and recorded \
            with a checksum. A database written by a newer formctl, or whose applied migration was \
            edited, is refused.
            A file that is another program's database (it has tables, none of formctl's) is refused, \
            unless --adopt is given. --status reads an existing file and changes nothing.
            Exit codes: 0 done, 2 usage, 3 the database cannot be opened or migrated (or, for --status, does not exist).
            """
    )

    @Flag(help: "List each migration as applied (with its time) or pending; change nothing.")
    var status = false

    @Flag(help: "Add formctl's tables to an SQLite file that another program made (refused without this flag).")
    var adopt = false

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if status && adopt { throw ValidationError("--status changes nothing; --adopt cannot go with it") }
    }

    func run() async throws {
        let path = database.displayName
        try database.requireBackend()
        if status && !database.isPostgres { try database.requireExistingFile() }
        let before: [MigrationStatus]
        do {
            before = try await FormEngine.migrationStatus(database: database.resolvedPath, options: database.storeOptions())
        } catch FormEngineError.storage(let error) where error.kind == .foreignDatabase && adopt {
            before = []  // another program's file, none of formctl's migrations yet
        } catch {
            throw CommandFailure("formctl: cannot read the migrations of \(path): \(error)", exitCode: .storage)
        }
        if status {
            Terminal.printOut(Self.table(before))
            return
        }
        // Opening the database for writing applies what is pending.
        let engine = try await database.openEngine(adoptingForeignDatabase: adopt)
        let after: [MigrationStatus]
        do { after = try await engine.migrationStatus() } catch {
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
