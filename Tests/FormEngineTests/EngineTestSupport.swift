import Foundation
import FormCore
import FormEngine
import FormStore

/// A fresh engine over a database in a temporary directory, removed by `cleanUp()`.
struct TestEngine {
    let engine: FormEngine
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "formengine-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        engine = try FormEngine(databasePath: directory + "/test.sqlite")
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: directory) }

    /// A fixture definition shipped with the tests, or one of the project's example forms in
    /// `forms/` (tested where they live, so that the examples people run are the ones tested).
    func load(_ name: String) throws -> LoadedForm {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("forms/\(name).json")
        if FileManager.default.fileExists(atPath: example.path) { return try engine.loadForm(path: example.path) }
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try engine.loadForm(path: url.path)
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
