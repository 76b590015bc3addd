import Foundation
import TestSupport
import Testing

/// FormStore's folders say what each part is: `Contract/` (what every backend shares and what a
/// service reads through FormEngine) and `Support/` never name the SQLite backend in `SQLite/`,
/// so the backend can be read, replaced or given a target of its own without touching them; the
/// synchronous `SubmissionStore` is a test fixture, not product code; and the store's public
/// surface is the contract's value types alone, each documented.
@Suite struct StoreLayoutTests {
    /// Every Swift file under `folder` (relative to the repository's root), by its relative path.
    static func sources(under folder: String) throws -> [(path: String, text: String)] {
        let base = RepositoryFiles.root.appending(path: folder)
        guard let paths = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return try paths.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (folder + "/" + path, try String(contentsOf: base.appending(path: path), encoding: .utf8))
        }
    }

    /// The identifiers a text names, comments included: a contract file's comment that sends the
    /// reader to `SQLiteStorage` is a reference too.
    static func identifiers(in text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The names of the types a file declares at its top level.
    static func topLevelTypes(in text: String) throws -> Set<String> {
        let declaration = try Regex(#"(?m)^(?:(?:package|public|private|fileprivate|internal|final)\s+)*(?:class|struct|enum|protocol|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        return Set(text.matches(of: declaration).compactMap { $0.output[1].substring.map(String.init) })
    }

    @Test func theContractAndSupportNameNothingOfTheSQLiteBackend() throws {
        let backend = try Self.sources(under: "Sources/FormStore/SQLite")
        let backendTypes = try backend.reduce(into: Set<String>()) { $0.formUnion(try Self.topLevelTypes(in: $1.text)) }
        // The wrapper over the C API, the storage on its threads, its state and its migrator.
        #expect(backendTypes.isSuperset(of: ["Connection", "Statement", "SQLiteError", "SQLiteStorage", "StoreState", "StoreSQL",
                                             "Migrator"]), "\(backendTypes.sorted())")
        let shared = try Self.sources(under: "Sources/FormStore/Contract") + Self.sources(under: "Sources/FormStore/Support")
        #expect(shared.count >= 15)
        let all = try Self.sources(under: "Sources/FormStore")
        #expect(all.count == backend.count + shared.count, "every file of FormStore is in Contract/, Support/ or SQLite/")
        for file in shared {
            let named = Self.identifiers(in: file.text).intersection(backendTypes)
            #expect(named.isEmpty, "\(file.path) names the SQLite backend's \(named.sorted())")
            #expect(!file.text.contains("CSQLite"), "\(file.path) imports SQLite's C API")
        }
    }

    @Test func noProductTargetUsesTheSynchronousStore() throws {
        let users = try Self.sources(under: "Sources").filter { Self.identifiers(in: $0.text).contains("SubmissionStore") }
        #expect(users.map(\.path).isEmpty, "SubmissionStore is a test fixture (Tests/StoreFixtures)")
        let fixture = try Self.sources(under: "Tests/StoreFixtures")
        #expect(fixture.contains { (try? Self.topLevelTypes(in: $0.text).contains("SubmissionStore")) == true })
    }

    /// `public` only for the value types a service reads through `import FormEngine` (queries,
    /// stored submissions and their files, summaries, statuses, errors), each with a `///` comment; the storage
    /// protocol, both backends and their machinery are `package` or internal.
    @Test func theStoresPublicSurfaceIsTheDocumentedContract() throws {
        let publicLine = try Regex(#"^\s*(@[A-Za-z]+ )*(public|open) "#)
        let publicType = try Regex(#"(?m)^public (?:final )?(?:class|struct|enum|protocol|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        var publicTypes = Set<String>()
        for module in ["Sources/FormStore", "Sources/FormStorePostgres"] {
            for file in try Self.sources(under: module) {
                let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() where line.firstMatch(of: publicLine) != nil {
                    #expect(file.path.hasPrefix("Sources/FormStore/Contract/"), "\(file.path):\(index + 1) is public: \(line)")
                    let comment = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("@") }
                    #expect(comment?.trimmingCharacters(in: .whitespaces).hasPrefix("///") == true,
                            "\(file.path):\(index + 1) is public without a /// comment: \(line)")
                }
                publicTypes.formUnion(file.text.matches(of: publicType).compactMap { $0.output[1].substring.map(String.init) })
            }
        }
        #expect(publicTypes == ["SubmissionQuery", "SubmissionCursor", "StoredSubmission", "SubmissionStatus", "FormSummary",
                                "MigrationStatus", "StorageError", "IdempotentResponse", "ReviewState", "SubmissionDeletion",
                                "SubmissionRevision", "SubmissionReview", "SubmissionHistory", "StoredAttachment",
                                "SubmissionEvent", "SubmissionEventType", "OutboxSubscription", "DeliveryState", "OutboxEntry",
                                "OutboxCounts", "OutboxQuery"])
    }
}
