import Testing

@testable import FormCore

/// Binding details that follow from QuickDialog's source (QBindingEvaluator.m, QSection.m,
/// QRootElement.m and the element classes' `fetchValueIntoObject:`), each checked on a small
/// definition and data.
@Suite struct BindingFidelityTests {
    /// `bindSection:toCollection:` builds each before/after element from its JSON object and calls
    /// `[element bindToObject:item]` with that same object.
    @Test func elementsAroundTheTemplateBindToTheirOwnJSON() throws {
        let form = try BindingSupport.bind(
            """
            {"sections": [{"bind": "iterate:rows",
              "beforeTemplateElements": [{"type": "label", "title": "Head", "bind": "value:title"}],
              "elementTemplate": {"type": "label", "bind": "value:title"},
              "afterTemplateElements": [{"type": "entry", "key": "note", "placeholder": "p", "bind": "textValue:placeholder, title:rows"}]}]}
            """,
            #"{"title": "Data title", "rows": [{"title": "one"}]}"#)
        let elements = BindingSupport.elements(form, section: 0)
        #expect(elements.map(\.value) == [.string("Head"), .string("one"), .string("p")])
        #expect(elements[2].title == nil, "the element's own JSON has no rows")
        #expect(form.misses == [BindingMiss(path: "sections[0].afterTemplateElements[0].bind", keyPath: "rows")])
        // Nothing flows back into the data from an element bound to its own JSON.
        var data = form.data
        form.fetchValueUsingBindings(into: &data)
        #expect(data == form.data)
    }

    @Test func iteratingADictionaryWalksItsKeysInTheDataOrder() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterate:teams", "elementTemplate": {"type": "entry", "key": "captain", "bind": "title:self, textValue:self"}}]}"#,
            #"{"teams": {"zebras": {"size": 3}, "ants": {"size": 7}}}"#)
        let rows = BindingSupport.elements(form, section: 0)
        #expect(rows.map(\.title) == ["zebras", "ants"])
        // Values come out per key, as the data's dictionary is shaped; a key has no place to be
        // written back to.
        #expect(form.fetchValueIntoObject() == ["teams": ["zebras": ["captain": "zebras"], "ants": ["captain": "ants"]]])
        var data = form.data
        form.fetchValueUsingBindings(into: &data)
        #expect(data == form.data)
        // A dictionary is the data's, not a list a person grows.
        let compiled = try CompiledForm(definition: form.definition, data: form.data)
        #expect(compiled.repeats.allSatisfy { !$0.isGrowable })
    }

    @Test func anElementsOwnIterateBuildsItsSections() throws {
        let form = try BindingSupport.bind(
            """
            {"sections": [{"elements": [{"type": "label", "title": "Commits", "bind": "iterate:commits",
              "sectionTemplate": {"bind": "title:sha", "elements": [{"type": "label", "bind": "value:message"}]}}]}]}
            """,
            #"{"commits": [{"sha": "a1", "message": "Fix"}, {"sha": "b2", "message": "Add"}]}"#)
        let label = BindingSupport.elements(form, section: 0)[0]
        #expect(label.sections?.map(\.title) == ["a1", "b2"])
        #expect(label.sections?.map { $0.elements?.first?.value } == [.string("Fix"), .string("Add")])
    }

    @Test func anEmptyMessageOfNothingStillGivesTheEmptySection() throws {
        let form = try BindingSupport.bind(
            #"{"bind": "iterate:items", "emptyMessage": "", "sectionTemplate": {"elements": []}}"#, #"{"items": []}"#)
        #expect(BindingSupport.elements(form, section: 0).map { $0.properties["text"] } == [.string("")])
    }
}
