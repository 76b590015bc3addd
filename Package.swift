// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "formctl",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "formctl", targets: ["formctl"]),
        .library(name: "FormCore", targets: ["FormCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // Pure logic: definitions, data, binding, expressions, validation, sessions.
        .target(
            name: "FormCore",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // The command line: one file per command.
        .executableTarget(
            name: "formctl",
            dependencies: [
                "FormCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Binding 100,000 items next to a JSONSerialization parse (Scripts/bench-binding.sh).
        .executableTarget(
            name: "bench-binding",
            dependencies: ["FormCore"]
        ),
        .testTarget(
            name: "FormCoreTests",
            dependencies: [
                "FormCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // Runs the built formctl as a user would. Depending on the executable makes `swift test`
        // build it into the same products directory as this target's resource bundle.
        .testTarget(
            name: "formctlE2ETests",
            dependencies: ["formctl"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
