// swift-tools-version: 6.1
import PackageDescription

// Targets by role: the library (what a service depends on), the command line, the examples, the
// tests and what they share, benchmarks, fuzz targets, and the build plugin. Linux only (Glibc,
// and Mutex needs a newer macOS than any this package was tried on).

/// The library: FormEngine is the door (it re-exports FormCore and FormStore's contract), and
/// FormServer its HTTP routes. The rest is the engine's own.
let libraryTargets: [Target] = [
    // Pure logic: definitions, data, binding, expressions, validation, sessions. No I/O beyond
    // reading definition files, and nothing of ours.
    .target(
        name: "FormCore",
        dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
    ),
    // SHA-256, HMAC, random secrets and constant-time comparison: what the store hashes tokens
    // with and what FormServer signs its pages with, apart from both so that the server needs
    // nothing of the store's.
    .target(name: "Secrets"),
    // SQLite's C API, for FormStore's own small wrapper.
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // The storage contract (Contract/) and the SQLite backend (SQLite/).
    .target(name: "FormStore", dependencies: ["CSQLite", "Secrets"], plugins: ["EmbedMigrations"]),
    // The PostgreSQL backend of the same contract: a target of its own so that the engine
    // without the PostgreSQL trait (a service's `traits: []`) builds no SwiftNIO.
    .target(
        name: "FormStorePostgres",
        dependencies: ["FormStore", "Secrets", .product(name: "PostgresNIO", package: "postgres-nio")],
        plugins: ["EmbedMigrations"]
    ),
    // What a service imports: load -> bind -> session -> submit (validate, act, persist), and a
    // submission's life after it (read, export, delete).
    .target(
        name: "FormEngine",
        dependencies: [
            "FormCore", "FormStore", "Secrets",
            .target(name: "FormStorePostgres", condition: .when(traits: ["PostgreSQL"])),
        ]
    ),
    // Forms over HTTP for clients that draw them and for browsers: formctl serve's routes,
    // mountable in a service's own Hummingbird application.
    .target(
        name: "FormServer",
        dependencies: [
            "FormCore", "FormEngine", "Secrets",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "OrderedCollections", package: "swift-collections"),
            // multipart/form-data uploads, parsed as the body streams in.
            .product(name: "MultipartKit", package: "multipart-kit"),
            // GET /metrics: counters and histograms through swift-metrics' API, in Prometheus'
            // text format.
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ]
    ),
    // Signed webhooks (Standard Webhooks) from the engine's outbox: an HTTP client and HMAC of
    // their own, apart from the engine so that a service without webhooks builds neither.
    .target(
        name: "FormWebhooks",
        dependencies: [
            "FormEngine",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Metrics", package: "swift-metrics"),
        ]
    ),
]

/// The command line: it translates arguments to engine calls.
let commandLineTargets: [Target] = [
    // The terminal key decoder, bytes in and keys out with no I/O: a library of its own so that
    // its fuzz target can link it (formctl is an executable).
    .target(name: "TerminalKeys"),
    // One file per command.
    .executableTarget(
        name: "formctl",
        dependencies: [
            "FormCore", "FormEngine", "TerminalKeys",
            .target(name: "FormServer", condition: .when(traits: ["Server"])),
            .target(name: "FormWebhooks", condition: .when(traits: ["Webhooks"])),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
]

/// Examples, compiled with every build so that they stay true.
let exampleTargets: [Target] = [
    // The README's library example, as written.
    .executableTarget(name: "quick-start", dependencies: ["FormEngine"], path: "Examples/quick-start"),
    // A submission's life after the write through FormEngine alone: decode, query, show,
    // export, observe, delete (the README's second library example).
    .executableTarget(name: "service-tour", dependencies: ["FormEngine"], path: "Examples/service-tour"),
    // Embedding FormEngine in a service: a registered action and a custom rule.
    .executableTarget(name: "example-service", dependencies: ["FormEngine"], path: "Examples/example-service"),
    // A service of its own mounting FormServer's routes under /forms behind its API key.
    .executableTarget(
        name: "forms-service",
        dependencies: ["FormEngine", "FormServer", .product(name: "Hummingbird", package: "hummingbird")],
        path: "Examples/forms-service"),
]

/// Unit tests per module, end-to-end tests of the built binary, and what they share.
let testTargets: [Target] = [
    // Temporary directories, the repository's forms and fixtures.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // A real PostgreSQL server for the tests (initdb, pg_ctl in a temporary directory).
    .target(name: "PostgresTestServer", path: "Tests/PostgresTestServer"),
    // The synchronous SQLite store (SubmissionStore) that tests and benchmarks drive from
    // threads of their own; not part of the product, which stores through SQLiteStorage.
    .target(name: "StoreFixtures", dependencies: ["FormStore"], path: "Tests/StoreFixtures"),
    // Child process for the multi-process, lock and SIGKILL tests, on either backend.
    .executableTarget(
        name: "store-fault-writer", dependencies: ["FormStore", "FormStorePostgres", "Secrets", "StoreFixtures"],
        path: "Tests/store-fault-writer"),
    .testTarget(
        name: "FormCoreTests",
        dependencies: ["FormCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
    ),
    .testTarget(
        name: "FormStoreTests",
        // Depending on the helper makes `swift test` build it next to the test bundle.
        dependencies: ["FormStore", "FormStorePostgres", "StoreFixtures", "PostgresTestServer", "Secrets", "store-fault-writer", "TestSupport"]
    ),
    .testTarget(name: "FormEngineTests", dependencies: ["FormEngine", "PostgresTestServer", "Secrets", "TestSupport"]),
    // Delivery against real receivers on 127.0.0.1 (Hummingbird servers started by the tests).
    .testTarget(
        name: "FormWebhooksTests",
        dependencies: [
            "FormWebhooks", "FormEngine", "PostgresTestServer", "TestSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Crypto", package: "swift-crypto"),
            // The deliverer's metrics, read back as recorded.
            .product(name: "MetricsTestKit", package: "swift-metrics"),
        ]
    ),
    // FormServer's parts that tests time in-process (the readiness probe): apart from the
    // end-to-end tests, which hold the task threads while they wait for child processes.
    .testTarget(name: "FormServerTests", dependencies: ["FormServer", "FormEngine", "TestSupport"]),
    // Run the built formctl (and the forms-service example) against real database files; the
    // store's fixtures read back what was stored and plant drafts.
    .testTarget(
        name: "formctlE2ETests",
        dependencies: [
            "formctl", "forms-service", "FormStore", "FormWebhooks", "StoreFixtures", "FormEngine", "FormServer", "TerminalKeys",
            "PostgresTestServer", "Secrets", "TestSupport",
        ]
    ),
]

/// Release-built benchmarks, each run by a Scripts/bench-*.sh beside a reference.
let benchmarkTargets: [Target] = [
    // The store beside the SQLite C API (Scripts/bench-store.sh).
    .executableTarget(name: "bench-store", dependencies: ["FormStore", "StoreFixtures"], path: "Benchmarks/bench-store"),
    // Microseconds per change in a form of 1,000 fields and 5,000 expressions (Scripts/bench-session.sh).
    .executableTarget(name: "bench-session", dependencies: ["FormCore"], path: "Benchmarks/bench-session"),
    // Binding 100,000 items next to a JSONSerialization parse (Scripts/bench-binding.sh).
    .executableTarget(name: "bench-binding", dependencies: ["FormCore"], path: "Benchmarks/bench-binding"),
    // Cost per submission on real forms beside the raw insert (Scripts/bench-engine.sh).
    .executableTarget(name: "bench-engine", dependencies: ["FormEngine", "FormStore", "StoreFixtures"], path: "Benchmarks/bench-engine"),
    // What a service sees of the store: a ticker while submits wait on a lock, reads while an
    // import writes, submits per second into PostgreSQL (Scripts/bench-service.sh, bench-postgres.sh).
    .executableTarget(
        name: "bench-service", dependencies: ["FormEngine", "FormStore", "FormStorePostgres", "StoreFixtures"],
        path: "Benchmarks/bench-service"),
    // The same POST answered by Hummingbird alone, by a route, and by a route storing through
    // FormEngine without serve's middleware (Scripts/bench-serve.sh): where serve's time goes.
    .executableTarget(
        name: "bench-http-floor", dependencies: ["FormEngine", .product(name: "Hummingbird", package: "hummingbird")],
        path: "Benchmarks/bench-http-floor"),
]

/// libFuzzer targets (Scripts/fuzz.sh builds them with sanitizers); built normally, each replays
/// the files it is given, so they compile with every build.
let fuzzTargets: [Target] = [
    .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
    .executableTarget(name: "fuzz-json", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-json"),
    .executableTarget(name: "fuzz-definition", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-definition"),
    .executableTarget(name: "fuzz-expression", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-expression"),
    .executableTarget(name: "fuzz-answers", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-answers"),
    .executableTarget(name: "fuzz-csv", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-csv"),
    .executableTarget(name: "fuzz-terminal-keys", dependencies: ["TerminalKeys", "FuzzSupport"], path: "Fuzz/fuzz-terminal-keys"),
    .executableTarget(name: "fuzz-http-answers", dependencies: ["FormCore", "FuzzSupport"], path: "Fuzz/fuzz-http-answers"),
]

/// The build plugin that turns migrations/*.sql into Swift string literals, so a copied binary
/// needs no files.
let buildToolTargets: [Target] = [
    .executableTarget(name: "migration-embedder", path: "Plugins/migration-embedder"),
    .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["migration-embedder"]),
]

let package = Package(
    name: "formctl",
    products: [
        .executable(name: "formctl", targets: ["formctl"]),
        // The library's door: a service needs `import FormEngine` alone. The store is the
        // engine's; FormCore and FormStore's contract come re-exported with it.
        .library(name: "FormEngine", targets: ["FormEngine"]),
        // formctl serve's routes, for a service's own Hummingbird application.
        .library(name: "FormServer", targets: ["FormServer"]),
        // Signed webhooks from the engine's outbox, for a service that sends them itself.
        .library(name: "FormWebhooks", targets: ["FormWebhooks"]),
    ],
    traits: [
        // Off by default, all three: a fresh clone's `swift run formctl fill FORM` builds the
        // terminal, import, dump and SQLite (about 40 s of debug build on two cores) instead of
        // SwiftNIO, BoringSSL twice and Hummingbird (several minutes) for commands that fill a form
        // in a terminal. Each is one flag away (`--traits Server`), and
        // `swift test --traits PostgreSQL,Server,Webhooks` (what CI runs) builds and tests them all.
        //
        // The PostgreSQL backend behind FormEngine (a postgres:// address) and formctl (--db
        // postgres://...). A service enables it with `traits: ["PostgreSQL"]`.
        .trait(name: "PostgreSQL", description: "FormEngine and formctl can store in PostgreSQL (a postgres:// address)."),
        // formctl serve, on Hummingbird (SwiftNIO as well).
        .trait(name: "Server", description: "formctl serve: forms over HTTP and in a browser."),
        // formctl serve --webhook and formctl deliver, on AsyncHTTPClient (SwiftNIO as well).
        .trait(name: "Webhooks", description: "formctl serve --webhook and formctl deliver: signed webhooks from the outbox."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        // `swift package generate-documentation --target FormEngine`: Sources/FormEngine/FormEngine.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: libraryTargets + commandLineTargets + exampleTargets + testTargets + benchmarkTargets + fuzzTargets
        + buildToolTargets
)
