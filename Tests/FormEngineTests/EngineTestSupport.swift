import Foundation
import FormCore
import FormEngine
import FormStore
import TestSupport

/// A fresh engine over a database in a temporary directory, removed with the last copy of
/// this value.
struct TestEngine {
    let engine: FormEngine
    private let scratch: TemporaryDirectory
    var directory: String { scratch.path }

    init() throws {
        scratch = try TemporaryDirectory(prefix: "formengine")
        engine = try FormEngine(databasePath: scratch.path("test.sqlite"))
    }

    /// One of the project's example forms in `forms/` (tested where they live, so that the
    /// examples people run are the ones tested), or a fixture in `Tests/Fixtures/`.
    func load(_ name: String) throws -> LoadedForm {
        try engine.loadForm(path: RepositoryFiles.fixture(name + ".json"))
    }

    /// The values JSON of a submission as the database holds it.
    func storedJSON(_ id: Int64) async throws -> String {
        guard let stored = try await engine.storage.submission(id: id) else { throw CocoaError(.fileNoSuchFile) }
        return stored.valuesJSON
    }

    func form(_ json: String, name: String = "test") throws -> LoadedForm {
        try engine.loadForm(definition: try FormDefinition(json: json), name: name)
    }
}

/// Counts calls from concurrent handlers.
final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

import Synchronization
