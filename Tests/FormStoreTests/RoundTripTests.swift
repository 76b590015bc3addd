import Foundation
import StoreFixtures
import TestSupport
import Testing
@testable import FormStore

/// Everything goes through bound parameters, so no content can change SQL or be truncated.
@Suite struct RoundTripTests {
    static let awkward: [String] = [
        "it's \"quoted\"", "'; DROP TABLE submissions; --", "a;b;c", "nul\0inside\0", "\0",
        "emoji 🧪👩‍👩‍👧‍👦🇳🇱", "", "line\nbreak\r\ttab", "\\backslash\\", "ünïcödé ∑ 漢字",
        String(repeating: "x€\0'", count: 262_144),  // 1 MiB with NULs, quotes and multi-byte
    ]

    @Test func valuesAndNamesRoundTripExactly() throws {
        let directory = try TemporaryDirectory()
        let store = try SubmissionStore(path: directory.path("rt.sqlite"))
        for (index, text) in Self.awkward.enumerated() {
            let name = "form \(index) \(text.prefix(40))"
            let version = try store.register(formName: name, definitionJSON: text)
            #expect(try store.formVersion(id: version.id)?.definitionJSON == text)
            #expect(try store.latestVersion(formName: name)?.id == version.id)
            let saved = try store.saveFinal(formVersionID: version.id, valuesJSON: text)
            let read = try #require(try store.submission(id: saved.id))
            #expect(read.valuesJSON.utf8.elementsEqual(text.utf8))
            #expect(read.formName == name)
            #expect(try store.count(formName: name) == 1)
        }
        let big = try #require(Self.awkward.last)
        #expect(big.utf8.count == 1_572_864)  // "x€\0'" is 6 bytes
        var exported: [String] = []
        try store.exportSubmissions { exported.append($0.valuesJSON) }
        #expect(exported == Self.awkward)
        #expect(try store.integrityCheck() == ["ok"])
    }
}
