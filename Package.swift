// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "formctl",
    // Linux only (Glibc, and Mutex needs a newer macOS than any this package was tried on).
    products: [
        .executable(name: "formctl", targets: ["formctl"]),
        .library(name: "FormCore", targets: ["FormCore"]),
        .library(name: "FormStore", targets: ["FormStore"]),
        .library(name: "FormEngine", targets: ["FormEngine"]),
        .library(name: "FormStorePostgres", targets: ["FormStorePostgres"]),
    ],
    traits: [
        // formctl's PostgreSQL backend (--db postgres://...). On by default; without it
        // (--disable-default-traits) formctl builds without SwiftNIO and BoringSSL, a release
        // build in a fraction of the time. The FormStorePostgres library is there either way.
        .trait(name: "PostgreSQL", description: "formctl can store in PostgreSQL (--db postgres://...)."),
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
        // `swift package generate-documentation --target FormEngine`: Sources/FormEngine/FormEngine.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // FormStore: SQLite through our own small wrapper over the C API.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
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
        .executableTarget(name: "migration-embedder", path: "Plugins/migration-embedder"),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["migration-embedder"]
        ),
        // Child process for the multi-process, lock and SIGKILL tests in FormStoreTests, on
        // either backend.
        .executableTarget(
            name: "store-fault-writer", dependencies: ["FormStore", "FormStorePostgres"], path: "Tests/store-fault-writer"),
        // A real PostgreSQL server for the tests (initdb, pg_ctl in a temporary directory).
        .target(name: "PostgresTestServer", path: "Tests/PostgresTestServer"),
        // Release-built throughput benchmark run by Scripts/bench-store.sh.
        .executableTarget(name: "bench-store", dependencies: ["FormStore"], path: "Benchmarks/bench-store"),
        // What every test target shares: temporary directories, the repository's forms and fixtures.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "FormStoreTests",
            // Depending on the helper makes `swift test` build it next to the test bundle.
            dependencies: ["FormStore", "FormStorePostgres", "PostgresTestServer", "store-fault-writer", "TestSupport"]
        ),
        // Pure logic: definitions, data, binding, expressions, validation, sessions.
        .target(
            name: "FormCore",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // Microseconds per change in a form of 1,000 fields and 5,000 expressions (Scripts/bench-session.sh).
        .executableTarget(name: "bench-session", dependencies: ["FormCore"], path: "Benchmarks/bench-session"),
        // What a service imports: load -> bind -> session -> submit (validate, act, persist).
        .target(name: "FormEngine", dependencies: ["FormCore", "FormStore"]),
        .testTarget(name: "FormEngineTests", dependencies: ["FormEngine", "TestSupport"]),
        // Cost per submission on real forms beside the raw insert (Scripts/bench-engine.sh).
        .executableTarget(name: "bench-engine", dependencies: ["FormEngine", "FormStore"], path: "Benchmarks/bench-engine"),
        // What a service sees of the store: a ticker while submits wait on a lock, reads while
        // an import writes, submits per second into PostgreSQL (Scripts/bench-service.sh,
        // Scripts/bench-postgres.sh).
        .executableTarget(
            name: "bench-service", dependencies: ["FormEngine", "FormStore", "FormStorePostgres"],
            path: "Benchmarks/bench-service"),
        // The README's library example, compiled as written.
        .executableTarget(name: "quick-start", dependencies: ["FormEngine"], path: "Examples/quick-start"),
        // An example of embedding FormEngine in a service: a registered action and a custom rule.
        .executableTarget(name: "example-service", dependencies: ["FormEngine"], path: "Examples/example-service"),
        // Forms over HTTP for clients that draw them and for browsers (formctl serve).
        .target(
            name: "FormServer",
            dependencies: [
                "FormCore", "FormEngine", "FormStore",
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
                "FormStore",
                .target(name: "FormStorePostgres", condition: .when(traits: ["PostgreSQL"])),
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
            dependencies: ["formctl", "FormStore", "FormEngine", "TerminalKeys", "PostgresTestServer", "TestSupport", "FormServer"]
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
