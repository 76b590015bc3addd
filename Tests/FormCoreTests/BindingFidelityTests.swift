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

    /// QEntryElement, QTextElement, QBooleanElement... override `fetchValueIntoObject:` without
    /// calling QRootElement's, which is what walks an element's sections.
    @Test func valuesInsideAValueElementsOwnSectionsAreNotCollected() throws {
        let nested = #""sections": [{"elements": [{"type": "entry", "key": "inner", "textValue": "x"}]}]"#
        let json = """
            {"sections": [{"elements": [
              {"type": "entry", "key": "outer", "textValue": "o", \(nested)},
              {"type": "text", "key": "t", "text": "T", \(nested)},
              {"type": "boolean", "key": "b", "boolValue": true, \(nested)},
              {"type": "label", "title": "More", "sections": [{"elements": [{"type": "entry", "key": "deep", "textValue": "d"}]}]}]}]}
            """
        let form = try BindingSupport.bind(json, "{}")
        #expect(form.fetchValueIntoObject() == ["outer": "o", "t": "T", "b": true, "deep": "d"])
        // Filling it: the inner entries are shown, never asked or stored.
        let compiled = try CompiledForm(definition: try FormDefinition(json: json))
        #expect(compiled.fields.compactMap(\.path) == ["outer", "t", "b", "deep"])
        let filled = compiled.fill(FormInput(answers: ["inner": "y"]))
        #expect(filled.errors.map(\.path) == ["inner"])
        #expect(compiled.fill(FormInput()).valuesToStore == ["outer": "o", "t": "T", "b": true, "deep": "d"])
    }

    @Test func aTemplateThatHoldsAValueTakesNoAnswersForItsNestedPage() throws {
        let json = """
            {"sections": [{"bind": "iterate:guests", "addTitle": "Add a guest", "elementTemplate": {"type": "entry", "key": "email",
              "sections": [{"elements": [{"type": "entry", "key": "note"}]}]}}]}
            """
        let compiled = try CompiledForm(definition: try FormDefinition(json: json))
        let filled = compiled.fill(FormInput(answers: ["guests": [["email": "a@x", "note": "n"]]]))
        #expect(filled.errors.map(\.path) == ["guests.0.note"])
        #expect(compiled.fill(FormInput(answers: ["guests": [["email": "a@x"]]])).valuesToStore == ["guests": [["email": "a@x"]]])
    }
}
