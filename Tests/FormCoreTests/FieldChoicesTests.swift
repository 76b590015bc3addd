import Testing

@testable import FormCore

/// Every choice field takes a stored value, a label (any case) or a 1-based number, for one
/// item or many; FieldChoices maps the labels a list shows to what is stored.
@Suite struct FieldChoicesTests {
    static let form = #"""
        {"sections": [
            {"elements": [
                {"type": "radio", "key": "plan", "items": ["Free", "Team"], "values": ["free", "team"]},
                {"type": "segmented", "key": "size", "items": ["Small", "Large"]},
                {"type": "picker", "key": "fruit", "items": [["Apple", "Banana"]]}
            ]},
            {"type": "QSelectSection", "key": "topics", "items": ["Deploys", "Code review"], "values": ["deploys", "review"], "multipleAllowed": true}
        ]}
        """#

    static func stored(_ overrides: [String: String]) throws -> FormValue {
        let form = try CompiledForm(definition: try FormDefinition(json: form))
        let filled = form.fill(FormInput(overrides: overrides.sorted { $0.key < $1.key }.map { FieldOverride(key: $0.key, text: $0.value) }))
        #expect(filled.errors.isEmpty, "\(filled.errors)")
        return filled.valuesToStore
    }

    @Test func valuesLabelsAndNumbersChooseAlike() throws {
        for plan in ["team", "Team", "TEAM", "2"] { #expect(try Self.stored(["plan": plan])["plan"] == "team") }
        for size in ["Large", "large", "2"] { #expect(try Self.stored(["size": size])["size"] == .int(1)) }
        for fruit in ["Banana", "banana", "2"] { #expect(try Self.stored(["fruit": fruit])["fruit"] == "Banana") }
        for topics in ["deploys, review", "Deploys, Code review", "1, 2", "1 2", "deploys, 2"] {
            #expect(try Self.stored(["topics": topics])["topics"] == ["deploys", "review"])
        }
    }

    @Test func listsMapLabelsToStoredValues() throws {
        let session = try CompiledForm(definition: try FormDefinition(json: Self.form)).makeSession()
        let byKey = Dictionary(session.fields.compactMap { f in f.key.map { ($0, f.element) } }, uniquingKeysWith: { a, _ in a })
        let planElement = try #require(byKey["plan"])
        let plan = try #require(FieldChoices(planElement))
        #expect(plan.labels == ["Free", "Team"] && plan.value(choosing: [1]) == "team" && plan.chosenIndexes("team") == [1])
        let fruitElement = try #require(byKey["fruit"])
        let fruit = try #require(FieldChoices(fruitElement))
        #expect(fruit.labels == ["Apple", "Banana"] && fruit.value(choosing: [0]) == "Apple")
        let topics = try #require(session.fields.first { $0.path == "topics" }.flatMap { FieldChoices($0.element) })
        #expect(topics.allowsMany && topics.value(choosing: [0, 1]) == ["deploys", "review"])
        #expect(topics.chosenIndexes(["review"]) == [1])
    }

    @Test func aSelectSectionWithNoChoicesSaysSo() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"type": "QSelectSection", "key": "pick", "bind": "items:choices"},
                          {"elements": [{"type": "radio", "key": "size", "bind": "items:sizes"}]}]}
            """))
        let filled = form.fill(FormInput(answers: ["pick": [0], "size": "M"]))
        #expect(filled.errors.map(\.description).sorted() == ["pick: has no choices to pick from", "size: has no choices to pick from"])
        let listed = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"type": "QSelectSection", "key": "pick", "items": ["a", "b"]}]}
            """)).fill(FormInput(answers: ["pick": [5]]))
        #expect(listed.errors.map(\.message) == ["each choice must be one of a, b"])
    }

}
