import Foundation

/// Files of this repository that tests read where they live: the example forms in `forms/`
/// (so the examples people run are the ones tested), the fixtures in `Tests/Fixtures/` (one copy,
/// shared by every test target) and `migrations/`. Found from this file's location, so tests read
/// the checkout they were built from.
public enum RepositoryFiles {
    /// The repository's root directory.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of `relative` under the repository's root.
    public static func path(_ relative: String) -> String { root.appending(path: relative).path }

    /// `forms/NAME` if there is such an example form, else `Tests/Fixtures/NAME`.
    public static func fixture(_ name: String) throws -> String {
        for candidate in ["forms/" + name, "Tests/Fixtures/" + name] {
            let file = path(candidate)
            if FileManager.default.fileExists(atPath: file) { return file }
        }
        throw MissingFixture(name: name)
    }

    /// The text of `fixture(name)`.
    public static func fixtureText(_ name: String) throws -> String {
        try String(contentsOfFile: try fixture(name), encoding: .utf8)
    }
}

/// A fixture that is neither in `forms/` nor in `Tests/Fixtures/`.
public struct MissingFixture: Error, CustomStringConvertible {
    public var name: String
    public var description: String { "no fixture \(name) in forms/ or Tests/Fixtures/" }
}
