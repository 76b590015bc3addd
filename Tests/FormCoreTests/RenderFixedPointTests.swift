import Foundation
import TestSupport
import Testing

@testable import FormCore

/// `formctl render --format json` writes a form that renders again, with the same data, to the
/// same bytes: for every sample the repository ships and for generated definitions and data.
///
/// `FORMCTL_RENDER_CASES` and `FORMCTL_DIFFERENTIAL_SEED` run more generated cases or other ones.
@Suite struct RenderFixedPointTests {
    static let environment = ProcessInfo.processInfo.environment
    static let cases = environment["FORMCTL_RENDER_CASES"].flatMap(Int.init) ?? 300
    static let seed = environment["FORMCTL_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 15

    /// What `formctl render --format json` prints for a definition and its data.
    static func render(_ definition: FormDefinition, data: FormValue) throws -> String {
        try CompiledForm(definition: definition, data: data, requiringRegistrations: false).makeSession()
            .renderedDefinitionInEveryLanguage.encoded.jsonString(pretty: true)
    }

    /// The rendering of the rendering; nil when it renders to itself.
    static func difference(_ definition: FormDefinition, data: FormValue) throws -> String? {
        let first = try render(definition, data: data)
        let second = try render(try FormDefinition(json: first), data: data)
        guard first != second else { return nil }
        let before = first.split(separator: "\n", omittingEmptySubsequences: false)
        let after = second.split(separator: "\n", omittingEmptySubsequences: false)
        let line = before.indices.first { !after.indices.contains($0) || before[$0] != after[$0] } ?? before.count
        return "line \(line + 1): \(before.dropFirst(line).first ?? "end") became \(after.dropFirst(line).first ?? "end")"
    }

    /// Every form in `forms/` and `Tests/Fixtures/` (data files are the ones named in `data`),
    /// loaded as `formctl` loads it, with the data it is shown with.
    static let samples: [(form: String, data: String?)] = [
        ("forms/feedback.json", nil), ("forms/loginform.json", "Tests/Fixtures/login-data.json"), ("forms/loginform.json", nil),
        ("forms/order.json", nil), ("forms/proposal.json", "forms/proposal-data.json"), ("forms/proposal.json", nil),
        ("forms/signup.json", nil), ("forms/survey.json", "forms/survey-data.json"),
        ("forms/survey.json", nil), ("Tests/Fixtures/contacts.json", nil),
        ("Tests/Fixtures/jsonadvancedsample.json", "Tests/Fixtures/advanced-data.json"), ("Tests/Fixtures/jsonadvancedsample.json", nil),
        ("Tests/Fixtures/jsondatasample.json", "Tests/Fixtures/jsondatasample-data.json"), ("Tests/Fixtures/jsondatasample.json", nil),
        ("Tests/Fixtures/attachments/proposal.json", nil), ("Tests/Fixtures/guestlist.json", nil),
        ("Tests/Fixtures/guestlist.json", "Tests/Fixtures/guestlist-data.json"),
    ]

    @Test func everySampleIsListed() throws {
        let data = Set(Self.samples.compactMap(\.data))
        var found: [String] = []
        for folder in ["forms", "Tests/Fixtures", "Tests/Fixtures/attachments"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.path(folder)) where name.hasSuffix(".json") {
                let path = folder + "/" + name
                if !name.hasSuffix(".strings.json"), !data.contains(path) { found.append(path) }
            }
        }
        #expect(Set(found) == Set(Self.samples.map(\.form)))
    }

    @Test(arguments: samples.map { "\($0.form) \($0.data ?? "-")" })
    func aSampleRendersAgainToTheSameBytes(_ sample: String) throws {
        let parts = sample.split(separator: " ").map(String.init)
        let definition = try DefinitionLoader().load(path: RepositoryFiles.path(parts[0])).definition
        let data = parts[1] == "-" ? FormValue.emptyObject
            : try FormValue(json: String(contentsOfFile: RepositoryFiles.path(parts[1]), encoding: .utf8))
        let difference = try Self.difference(definition, data: data)
        #expect(difference == nil, "\(sample): \(difference ?? "")")
    }

    @Test func generatedFormsRenderAgainToTheSameBytes() throws {
        var generator = DifferentialGenerator(seed: Self.seed)
        var failures: [String] = []
        for index in 0..<Self.cases {
            let (definitionJSON, data) = generator.makeCase()
            let definition = try FormDefinition(json: definitionJSON.jsonString())
            let found: String?
            do { found = try Self.difference(definition, data: data) } catch { found = "\(error)" }
            if let difference = found {
                failures.append("case \(index) (seed \(Self.seed)): \(difference)\n  definition \(definitionJSON)\n  data \(data)")
                if failures.count >= 500 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) generated forms render differently the second time:\n\(failures.joined(separator: "\n"))")
    }

    /// Items bound to data that is no list: the choice offers none, the rendering says `[]`, and
    /// a selection looked up among the definition's items stays as it was resolved.
    @Test(arguments: [
        #"{"type": "radio", "key": "size", "items": ["S", "M", "L"], "bind": "selectedItem:self, items:self"}"#,
        #"{"type": "radio", "key": "size", "items": ["S", "M", "L"], "bind": "selected:n, selectedItem:a, items:a"}"#,
        #"{"type": "colorpicker", "key": "colour", "bind": "selected:n, items:a"}"#,
    ])
    func itemsThatAreNoListRenderAgainToTheSameBytes(_ element: String) throws {
        let definition = try FormDefinition(json: #"{"sections": [{"elements": ["# + element + "]}]}")
        for data: FormValue in [["a": "M", "n": 2], ["a": ["x": 1], "n": 0]] {
            let difference = try Self.difference(definition, data: data)
            #expect(difference == nil, "\(element) with \(data): \(difference ?? "")")
        }
        let rendered = try FormValue(json: Self.render(definition, data: ["a": "M", "n": 2]))
        #expect(rendered["sections"]?[0]?["elements"]?[0]?["items"] == [])
    }

    /// Items bound to a list longer than the values: the items past them store nothing when
    /// chosen, and the rendering says so with null values instead of being refused.
    @Test func itemsPastTheValuesRenderAgainToTheSameBytes() throws {
        let definition = try FormDefinition(json: #"{"sections": [{"elements": [{"type": "radio", "key": "size", "items": [], "values": [], "bind": "selectedValue:none, items:sizes"}]}]}"#)
        let data: FormValue = ["sizes": ["S", "M"]]
        #expect(try Self.difference(definition, data: data) == nil)
        let rendered = try FormValue(json: Self.render(definition, data: data))
        #expect(rendered["sections"]?[0]?["elements"]?[0]?["values"] == [nil, nil])
    }
}
