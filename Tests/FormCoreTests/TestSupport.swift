import Foundation
import TestSupport
import Testing

@testable import FormCore

/// Helpers shared by the suites: fixtures, issue collection, order-insensitive comparison.
enum Fixture {
    static func text(_ name: String) throws -> String {
        try RepositoryFiles.fixtureText(name + ".json")
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
