import Foundation
import PackagePlugin

/// Embeds the package's top-level `migrations/*.sql` into the target as Swift string literals;
/// for the PostgreSQL backend's target, `migrations/postgres/*.sql`.
///
/// The .sql files are declared as inputs, so editing one rebuilds the generated file; the
/// plugin itself runs at every build plan, so adding or removing a file is picked up too.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.appending(path: "migrations")
        let directory = target.name == "FormStorePostgres" ? root.appending(path: "postgres") : root
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let inputs = names.filter { $0.hasSuffix(".sql") }.sorted().map { directory.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) migration(s) into \(target.name)",
                executable: try context.tool(named: "migration-embedder").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
