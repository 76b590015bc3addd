import Foundation
import Testing

@testable import FormCore

/// Helpers shared by the suites: fixtures, issue collection, order-insensitive comparison.
enum Fixture {
    static func text(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    static let sampleNames = ["loginform", "jsondatasample", "jsonadvancedsample"]
}

/// Every issue decoding `json` gives, errors and warnings alike, without throwing.
func definitionIssues(_ json: String) -> [DefinitionIssue] {
    do {
        return try FormDefinition.decode(json: json).1
    } catch {
        return error.issues
    }
}

/// Whether two values have the same keys and values at every level, ignoring member order.
func sameMembers(_ a: FormValue, _ b: FormValue) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)):
        guard Set(x.keys) == Set(y.keys), x.count == y.count else { return false }
        return x.allSatisfy { key, value in y[key].map { sameMembers(value, $0) } ?? false }
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy(sameMembers)
    default:
        return a == b
    }
}

/// Writes files into a fresh temporary directory, removed when the test ends.
final class TempDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("formcore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}
