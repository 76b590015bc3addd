// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "formctl",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "formctl", targets: ["formctl"]),
        .library(name: "FormCore", targets: ["FormCore"]),
        .library(name: "FormStore", targets: ["FormStore"]),
        .library(name: "FormEngine", targets: ["FormEngine"]),
        .library(name: "FormStorePostgres", targets: ["FormStorePostgres"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
    ],
    targets: [
        // FormStore: SQLite through our own small wrapper over the C API (issue 3).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .target(
            name: "FormStore",
            dependencies: ["CSQLite"],
            plugins: ["EmbedMigrations"]
        ),
        // The PostgreSQL backend of the same storage protocol. A target of its own so that a service
        // (or a test) that only uses SQLite does not build SwiftNIO, and FormStore keeps depending
        // on CSQLite alone; formctl links both and picks one by the --db address.
        .target(
            name: "FormStorePostgres",
            dependencies: [
                "FormStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            plugins: ["EmbedMigrations"]
        ),
        // Turns migrations/*.sql into Swift string literals so a copied binary needs no files.
        .executableTarget(name: "migration-embedder"),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["migration-embedder"]
        ),
        // Child process for the multi-process, lock and SIGKILL tests in FormStoreTests, on
        // either backend.
        .executableTarget(name: "store-fault-writer", dependencies: ["FormStore", "FormStorePostgres"]),
        // A real PostgreSQL server for the tests (initdb, pg_ctl in a temporary directory).
        .target(name: "PostgresTestServer", path: "Tests/PostgresTestServer"),
        // Release-built throughput benchmark run by Scripts/bench-store.sh.
        .executableTarget(name: "bench-store", dependencies: ["FormStore"]),
        .testTarget(
            name: "FormStoreTests",
            // Depending on the helper makes `swift test` build it next to the test bundle.
            dependencies: ["FormStore", "FormStorePostgres", "PostgresTestServer", "store-fault-writer"]
        ),
        // Pure logic: definitions, data, binding, expressions, validation, sessions.
        .target(
            name: "FormCore",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // Issue 4's benchmark: microseconds per change in a form of 1,000 fields and 5,000 expressions.
        .executableTarget(name: "bench-session", dependencies: ["FormCore"]),
        // What a service imports: load -> bind -> session -> submit (validate, act, persist).
        .target(name: "FormEngine", dependencies: ["FormCore", "FormStore"]),
        .testTarget(name: "FormEngineTests", dependencies: ["FormEngine"], resources: [.copy("Fixtures")]),
        // Cost per submission on real forms beside the raw insert (Scripts/bench-engine.sh).
        .executableTarget(name: "bench-engine", dependencies: ["FormEngine", "FormStore"], path: "Benchmarks/bench-engine"),
        // The README's library example, compiled as written.
        .executableTarget(name: "quick-start", dependencies: ["FormEngine"], path: "Examples/quick-start"),
        // An example of embedding FormEngine in a service: a registered action and a custom rule.
        .executableTarget(name: "example-service", dependencies: ["FormEngine"]),
        // The command line: one file per command.
        .executableTarget(
            name: "formctl",
            dependencies: [
                "FormCore",
                "FormStore",
                "FormStorePostgres",
                "FormEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Binding 100,000 items next to a JSONSerialization parse (Scripts/bench-binding.sh).
        .executableTarget(
            name: "bench-binding",
            dependencies: ["FormCore"]
        ),
        // End-to-end tests that run the built formctl binary against real database files;
        // FormStore lets them read back what was stored and plant drafts.
        .testTarget(
            name: "formctlE2ETests",
            dependencies: ["formctl", "FormStore", "FormEngine", "PostgresTestServer"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "FormCoreTests",
            dependencies: [
                "FormCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)
