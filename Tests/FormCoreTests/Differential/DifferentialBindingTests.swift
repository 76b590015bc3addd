import Foundation
import Testing

@testable import FormCore

/// Generated definitions and data, bound by `Binder` and by `ReferenceBinder` (a separate model of
/// QuickDialog's rules, allowed the `DeliberateDifference`s README lists): the bound form, its
/// values out and a fill with no answers must agree, and nothing but the definition may be
/// compiled as an expression (the generator writes none).
///
/// `FORMCTL_DIFFERENTIAL_CASES` and `FORMCTL_DIFFERENTIAL_SEED` run more cases or other ones
/// (`Scripts/differential-binding.sh`).
@Suite struct DifferentialBindingTests {
    static let environment = ProcessInfo.processInfo.environment
    static let cases = environment["FORMCTL_DIFFERENTIAL_CASES"].flatMap(Int.init) ?? 300
    static let seed = environment["FORMCTL_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 15

    @Test func binderAndReferenceAgree() throws {
        var generator = DifferentialGenerator(seed: Self.seed)
        var failures: [String] = []
        var checked = 0
        for index in 0..<Self.cases {
            let (definitionJSON, data) = generator.makeCase()
            let definition = try FormDefinition(json: definitionJSON.jsonString())
            let expected = ReferenceBinder.bind(definition: definitionJSON, data: data)
            let bound = Binder.bind(definition, to: data)
            var problems: [String] = []
            let lines = Projection.lines(of: bound)
            if lines != expected.lines {
                let first = zip(lines, expected.lines).first { $0 != $1 }
                problems.append("bound form: got \(first?.0 ?? "\(lines.count) lines"), expected \(first?.1 ?? "\(expected.lines.count) lines")")
            }
            if bound.fetchValueIntoObject() != expected.values {
                problems.append("values out: got \(bound.fetchValueIntoObject()), expected \(expected.values)")
            }
            do {
                let compiled = try CompiledForm(definition: definition, data: data)
                if !compiled.base.live.isEmpty {
                    problems.append("compiled as expressions: \(compiled.base.live.map(\.jsonPath))")
                }
                let filled = compiled.fill(FormInput(), validating: false)
                if filled.values != expected.values { problems.append("fill: got \(filled.values), expected \(expected.values)") }
            } catch {
                problems.append("does not compile: \(error)")
            }
            checked += 1
            if !problems.isEmpty {
                failures.append("case \(index) (seed \(Self.seed)):\n  definition \(definitionJSON)\n  data \(data)\n  " + problems.joined(separator: "\n  "))
                if failures.count >= 5 { break }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(checked) cases disagree:\n\(failures.joined(separator: "\n"))")
        #expect(checked == Self.cases || !failures.isEmpty)
    }

    /// Each deliberate difference is reached by the cases and is real: bound as QuickDialog binds,
    /// without that one allowance, some case disagrees with formctl.
    @Test func eachDeliberateDifferenceIsReachedAndReal() throws {
        var generator = DifferentialGenerator(seed: Self.seed)
        var shown: Set<DeliberateDifference> = []
        for _ in 0..<Self.cases {
            let (definitionJSON, data) = generator.makeCase()
            let reached = ReferenceBinder.bind(definition: definitionJSON, data: data).differences.subtracting(shown)
            guard !reached.isEmpty else { continue }
            let bound = Binder.bind(try FormDefinition(json: definitionJSON.jsonString()), to: data)
            for difference in reached {
                let strict = ReferenceBinder.bind(definition: definitionJSON, data: data,
                                                  allowing: Set(DeliberateDifference.allCases).subtracting([difference]))
                if Projection.lines(of: bound) != strict.lines || bound.fetchValueIntoObject() != strict.values { shown.insert(difference) }
            }
        }
        for difference in DeliberateDifference.allCases {
            #expect(shown.contains(difference), "no case shows \(difference)")
        }
    }

    /// The generator reaches what the rules are about, so that agreement means something.
    @Test func theCasesCoverTheRules() {
        var generator = DifferentialGenerator(seed: Self.seed)
        var text = ""
        for _ in 0..<Self.cases {
            let (definition, data) = generator.makeCase()
            text += definition.jsonString() + data.jsonString()
        }
        for needle in ["selectedValue:", "selectedItem:", "numberValue:", "floatValue:", "ticksValue:", "iterate:map",
                       "iterateproperties:", "beforeTemplateElements", "\"sections\":[{\"elements\"", "@{secret}", "\"Time\"",
                       "sectionTemplate", "emptyMessage", "QSelectSection", "selectedIndexes:", "12 apples", "minimumValue",
                       "\"colorpicker\"", "\"shallowBind\":true", "\"shallowBind\":false"] {
            #expect(text.contains(needle), "no case has \(needle)")
        }
    }
}
