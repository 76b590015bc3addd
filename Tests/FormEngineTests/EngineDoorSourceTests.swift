import Foundation
import TestSupport
import Testing

/// formctl and FormServer reach the database only through FormEngine: they import nothing of
/// the store, add nothing to the engine, and never wrap a store of their own in an engine. Read
/// from the sources, so that a new file that reaches below the engine fails here.
@Suite("The engine is the only door")
struct EngineDoorSourceTests {
    /// The Swift files under `directory`, relative to the repository's root, but `excluding`.
    static func swiftFiles(under directory: String, excluding excluded: [String] = []) throws -> [String] {
        let root = RepositoryFiles.path(directory)
        guard let walker = FileManager.default.enumerator(atPath: root) else { throw CocoaError(.fileNoSuchFile) }
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
            .map { directory + "/" + $0 }
            .filter { file in !excluded.contains { file.hasPrefix($0 + "/") } }
            .sorted()
    }

    /// `file:line: text` for every line of the files that `matches`.
    static func lines(in files: [String], where matches: (String) -> Bool) throws -> [String] {
        try files.flatMap { file in
            try String(contentsOfFile: RepositoryFiles.path(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { matches($0.element.trimmingCharacters(in: .whitespaces)) }
                .map { "\(file):\($0.offset + 1): \($0.element)" }
        }
    }

    /// The front ends: the command line and the HTTP server, every file of both.
    static func frontEndFiles() throws -> [String] {
        try swiftFiles(under: "Sources/formctl", excluding: []) + swiftFiles(under: "Sources/FormServer")
    }

    @Test func theFrontEndsImportNothingOfTheStore() throws {
        let files = try Self.frontEndFiles()
        #expect(files.count > 40, "the sources were found: \(files.count) files")
        let imports = try Self.lines(in: files) { line in
            line.range(of: #"^(@[A-Za-z_]+ )*import( [a-z]+)? FormStore(Postgres)?(\.|$)"#, options: .regularExpression) != nil
        }
        #expect(imports == [], "\(imports.joined(separator: "\n"))")
    }

    @Test func theFrontEndsNeitherExtendTheEngineNorWrapAStoreInOne() throws {
        let reaching = try Self.lines(in: Self.frontEndFiles()) { line in
            line.hasPrefix("extension FormEngine") || line.contains("FormEngine(storage:") || line.contains(".storage.")
        }
        #expect(reaching == [], "\(reaching.joined(separator: "\n"))")
    }

    @Test func theEnginesStoreIsNotPartOfItsPublicSurface() throws {
        let exposed = try Self.lines(in: Self.swiftFiles(under: "Sources/FormEngine")) { line in
            line.range(of: #"^(@[A-Za-z_]+ )*(public|open) (let|var) storage\b"#, options: .regularExpression) != nil
        }
        #expect(exposed == [], "\(exposed.joined(separator: "\n"))")
    }
}
