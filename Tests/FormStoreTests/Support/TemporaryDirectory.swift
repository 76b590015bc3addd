import Foundation

/// A fresh directory per test, removed when the value goes away, so tests can run in parallel
/// and never see each other's databases.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "formstore-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // Tests may have made it read-only; restore access so it can be removed.
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String { url.appending(path: name).path }
}
