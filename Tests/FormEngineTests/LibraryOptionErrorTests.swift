import FormEngine
import TestSupport
import Testing

/// A library error tells a service which of the library's options to set, never a flag of
/// formctl's (`--table-prefix`, `--adopt`, `--include-root`): formctl maps them to its flags.
@Suite("Library errors name library options")
struct LibraryOptionErrorTests {
    /// No `--flag` anywhere in the text.
    static func namesNoFlag(_ text: String) -> Bool { !text.contains("--") }

    @Test func anotherProgramsDatabaseNamesTablePrefixAndAdopting() async throws {
        let scratch = try TemporaryDirectory(prefix: "library-errors")
        let path = scratch.path("shared.sqlite")
        // A service's own tables first: the engine's under a prefix are another program's to an
        // engine opening the file without one.
        let prefixed = try await FormEngine(database: path, options: StoreOptions(tablePrefix: "svc_"))
        await prefixed.close()
        let refused = await #expect(throws: FormEngineError.self) { try await FormEngine(database: path) }
        guard case .storage(let error)? = refused else { Issue.record("\(String(describing: refused))"); return }
        #expect(error.kind == .foreignDatabase)
        let text = "\(error)"
        #expect(text.contains("the tablePrefix store option") && text.contains("the adoptingForeignDatabase store option"), "\(text)")
        #expect(Self.namesNoFlag(text) && !text.contains("formctl migrate"), "\(text)")
        let adopted = try await FormEngine(database: path, options: StoreOptions(adoptingForeignDatabase: true))
        #expect(try await adopted.migrationStatus().allSatisfy(\.applied))
        await adopted.close()
    }

    @Test func aBadTablePrefixNamesTheOption() async throws {
        let scratch = try TemporaryDirectory(prefix: "library-errors")
        #expect(!StoreOptions.isValid(tablePrefix: "Svc") && StoreOptions.isValid(tablePrefix: "svc_1"))
        let refused = await #expect(throws: FormEngineError.self) {
            try await FormEngine(database: scratch.path("x.sqlite"), options: StoreOptions(tablePrefix: "Svc"))
        }
        guard case .storage(let error)? = refused else { Issue.record("\(String(describing: refused))"); return }
        #expect(error.kind == .invalidRequest)
        #expect("\(error)".contains("tablePrefix") && Self.namesNoFlag("\(error)"), "\(error)")
    }

    @Test func anIncludeOutsideTheRootsNamesIncludeRoots() throws {
        let scratch = try TemporaryDirectory(prefix: "library-errors")
        let elsewhere = try TemporaryDirectory(prefix: "library-errors-shared")
        let shared = try elsewhere.write("shared.json", #"{"type": "entry", "key": "email"}"#)
        let form = try scratch.write("signup.json", #"{"sections": [{"elements": [{"include": "\#(shared)"}]}]}"#)
        let engine = try FormEngine(databasePath: scratch.path("x.sqlite"))
        let refused = #expect(throws: FormEngineError.self) { try engine.loadForm(path: form) }
        let text = refused.map { "\($0)" } ?? ""
        #expect(text.contains("refused") && text.contains("the includeRoots option") && Self.namesNoFlag(text), "\(text)")
        #expect(try engine.loadForm(path: form, includeRoots: [elsewhere.path]).name == "signup")
    }
}
