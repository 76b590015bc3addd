import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory per test, removed when the value goes away, so tests can run in parallel
/// and never see each other's files and databases.
public final class TemporaryDirectory: Sendable {
    public let url: URL
    /// The directory's path, for APIs that take strings.
    public var path: String { url.path }

    public init(prefix: String = "formctl-tests") throws {
        url = FileManager.default.temporaryDirectory.appending(path: "\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // Tests may have made it read-only; restore access so it can be removed.
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { url.appending(path: name).path }

    /// Writes `text` to `name` inside the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = path(name)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}
