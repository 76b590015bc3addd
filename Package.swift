// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "formctl",
    // Linux only (Glibc, and Mutex needs a newer macOS than any this package was tried on).
    products: [
        .executable(name: "formctl", targets: ["formctl"]),
        .library(name: "FormCore", targets: ["FormCore"]),
        // The store is the engine's: a service reaches it through FormEngine, which re-exports
        // the contract's value types (queries, stored submissions, errors).
        .library(name: "FormEngine", targets: ["FormEngine"]),
        // formctl serve's routes, for a service's own Hummingbird application.
        .library(name: "FormServer", targets: ["FormServer"]),
    ],
    traits: [
        // The PostgreSQL backend behind FormEngine (a postgres:// address) and formctl (--db
        // postgres://...). On by default; without it (--disable-default-traits, or a service's
        // `traits: []`) the engine and formctl build without SwiftNIO and BoringSSL, a release
        // build in a fraction of the time. The FormStorePostgres library is there either way.
        .trait(name: "PostgreSQL", description: "FormEngine and formctl can store in PostgreSQL (a postgres:// address)."),
        // formctl serve, on Hummingbird (SwiftNIO as well).
        .trait(name: "Server", description: "formctl serve: forms over HTTP and in a browser."),
        .default(enabledTraits: ["PostgreSQL", "Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
    ],
    targets: [
        // SHA-256, HMAC, random secrets and constant-time comparison: what the store hashes
        // tokens with and what FormServer signs its pages with, apart from both so that the
        // server needs nothing of the store's.
        .target(name: "Secrets"),
        // FormStore: SQLite through our own small wrapper over the C API.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "FormStore",
            dependencies: ["CSQLite", "Secrets"],
            plugins: ["EmbedMigrations"]
        ),
        // The PostgreSQL backend of the same storage protocol. A target of its own so that a service
        // (or a test) that only uses SQLite does not build SwiftNIO, and FormStore keeps depending
        // on CSQLite alone; formctl links both and picks one by the --db address.
        .target(
            name: "FormStorePostgres",
            dependencies: [
                "FormStore", "Secrets",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            plugins: ["EmbedMigrations"]
        ),
        // Turns migrations/*.sql into Swift string literals so a copied binary needs no files.
        .executableTarget(name: "migration-embedder", path: "Plugins/migration-embedder"),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["migration-embedder"]
        ),
        // The synchronous SQLite store (SubmissionStore) that tests and benchmarks drive from
        // threads of their own; not part of the product, which stores through SQLiteStorage.
        .target(name: "StoreFixtures", dependencies: ["FormStore"], path: "Tests/StoreFixtures"),
        // Child process for the multi-process, lock and SIGKILL tests in FormStoreTests, on
        // either backend.
        .executableTarget(
            name: "store-fault-writer", dependencies: ["FormStore", "FormStorePostgres", "Secrets", "StoreFixtures"],
            path: "Tests/store-fault-writer"),
        // A real PostgreSQL server for the tests (initdb, pg_ctl in a temporary directory).
        .target(name: "PostgresTestServer", path: "Tests/PostgresTestServer"),
        // Release-built throughput benchmark run by Scripts/bench-store.sh.
        .executableTarget(name: "bench-store", dependencies: ["FormStore", "StoreFixtures"], path: "Benchmarks/bench-store"),
        // What every test target shares: temporary directories, the repository's forms and fixtures.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "FormStoreTests",
            // Depending on the helper makes `swift test` build it next to the test bundle.
            dependencies: ["FormStore", "FormStorePostgres", "StoreFixtures", "PostgresTestServer", "Secrets", "store-fault-writer", "TestSupport"]
        ),
        // Pure logic: definitions, data, binding, expressions, validation, sessions.
        .target(
            name: "FormCore",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // Microseconds per change in a form of 1,000 fields and 5,000 expressions (Scripts/bench-session.sh).
        .executableTarget(name: "bench-session", dependencies: ["FormCore"], path: "Benchmarks/bench-session"),
        // What a service imports: load -> bind -> session -> submit (validate, act, persist).
        .target(
            name: "FormEngine",
            dependencies: [
                "FormCore", "FormStore", "Secrets",
                .target(name: "FormStorePostgres", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .testTarget(name: "FormEngineTests", dependencies: ["FormEngine", "PostgresTestServer", "TestSupport"]),
        // Cost per submission on real forms beside the raw insert (Scripts/bench-engine.sh).
        .executableTarget(name: "bench-engine", dependencies: ["FormEngine", "FormStore", "StoreFixtures"], path: "Benchmarks/bench-engine"),
        // What a service sees of the store: a ticker while submits wait on a lock, reads while
        // an import writes, submits per second into PostgreSQL (Scripts/bench-service.sh,
        // Scripts/bench-postgres.sh).
        .executableTarget(
            name: "bench-service", dependencies: ["FormEngine", "FormStore", "FormStorePostgres", "StoreFixtures"],
            path: "Benchmarks/bench-service"),
        // The README's library example, compiled as written.
        .executableTarget(name: "quick-start", dependencies: ["FormEngine"], path: "Examples/quick-start"),
        // An example of embedding FormEngine in a service: a registered action and a custom rule.
        .executableTarget(name: "example-service", dependencies: ["FormEngine"], path: "Examples/example-service"),
        // A service of its own mounting FormServer's routes under /forms behind its API key.
        .executableTarget(
            name: "forms-service",
            dependencies: ["FormEngine", "FormServer", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Examples/forms-service"),
        // Forms over HTTP for clients that draw them and for browsers (formctl serve).
        .target(
            name: "FormServer",
            dependencies: [
                "FormCore", "FormEngine", "Secrets",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // The terminal key decoder, bytes in and keys out with no I/O: a library of its own so
        // that its fuzz target can link it (formctl is an executable); FormCore holds form logic.
        .target(name: "TerminalKeys"),
        // The command line: one file per command.
        .executableTarget(
            name: "formctl",
            dependencies: [
                "FormCore",
                "TerminalKeys",
                .target(name: "FormServer", condition: .when(traits: ["Server"])),
                "FormEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Fuzz targets (Scripts/fuzz.sh builds them for libFuzzer); built normally, each replays
        // the files it is given, so they compile with every build.
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "fuzz-json", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-json"),
        .executableTarget(name: "fuzz-definition", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-definition"),
        .executableTarget(name: "fuzz-expression", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-expression"),
        .executableTarget(name: "fuzz-answers", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-answers"),
        .executableTarget(name: "fuzz-csv", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-csv"),
        .executableTarget(name: "fuzz-terminal-keys", dependencies: ["TerminalKeys", "FuzzSupport"], path: "Fuzz/fuzz-terminal-keys"),
        .executableTarget(name: "fuzz-http-answers", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-http-answers"),
        // Binding 100,000 items next to a JSONSerialization parse (Scripts/bench-binding.sh).
        .executableTarget(name: "bench-binding", dependencies: ["FormCore"], path: "Benchmarks/bench-binding"),
        // End-to-end tests that run the built formctl binary against real database files;
        // FormStore lets them read back what was stored and plant drafts.
        .testTarget(
            name: "formctlE2ETests",
            dependencies: ["formctl", "FormStore", "StoreFixtures", "FormEngine", "TerminalKeys", "PostgresTestServer", "TestSupport", "FormServer",
                           "forms-service"]
        ),
        .testTarget(
            name: "FormCoreTests",
            dependencies: [
                "FormCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
                "TestSupport",
            ]
        ),
    ]
)
