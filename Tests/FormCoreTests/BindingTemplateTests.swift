import Testing

@testable import FormCore

/// `self`, `iterate:` on sections and roots, template order, nested roots and nested repeats.
@Suite struct BindingTemplateTests {
    @Test func propSelfSetsThePropertyToTheBoundObject() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterate:tags", "elementTemplate": {"type": "label", "bind": "title:self"}}]}"#,
            #"{"tags": ["red", "green"]}"#)
        #expect(BindingSupport.elements(form, section: 0).map(\.title) == ["red", "green"])
    }

    @Test func propSelfOnAPlainElementGetsTheWholeData() throws {
        let data = #"{"a": 1, "b": [true]}"#
        let form = try BindingSupport.bind(#"{"sections": [{"elements": [{"type": "label", "bind": "value:self"}]}]}"#, data)
        #expect(BindingSupport.elements(form, section: 0)[0].value == (try BindingSupport.data(data)))
    }

    @Test func iterateSelfIteratesTheBoundObject() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterate:self", "elementTemplate": {"type": "label", "bind": "title:name"}}]}"#,
            #"[{"name": "Ann"}, {"name": "Bob"}]"#)
        #expect(BindingSupport.elements(form, section: 0).map(\.title) == ["Ann", "Bob"])
    }

    @Test func rootIterateBuildsOneSectionPerItem() throws {
        let form = try BindingSupport.bind(
            """
            {"title": "Teams", "bind": "iterate:teams", "emptyMessage": "No teams yet",
             "sectionTemplate": {"bind": "title:name", "elements": [{"type": "label", "title": "Size", "bind": "value:size"}]}}
            """,
            #"{"teams": [{"name": "Red", "size": 4}, {"name": "Blue", "size": 2}]}"#)
        let sections = form.definition.sections
        #expect(sections.map(\.title) == ["Red", "Blue"])
        #expect(sections.map { $0.elements?.first?.value } == [.int(4), .int(2)])
        #expect(form.definition.root.sectionTemplate == nil)
        #expect(form.definition.root.properties["bind"] == nil)
    }

    @Test func rootIterateWithNoItemsShowsTheEmptyMessage() throws {
        let definition = """
            {"title": "Teams", "bind": "iterate:teams", "emptyMessage": "No teams yet",
             "sectionTemplate": {"bind": "title:name", "elements": [{"type": "label", "bind": "value:size"}]}}
            """
        for data in [#"{"teams": []}"#, #"{}"#] {
            let form = try BindingSupport.bind(definition, data)
            #expect(form.definition.sections.count == 1)
            let elements = BindingSupport.elements(form, section: 0)
            #expect(elements.count == 1)
            #expect(elements.first?.kind == .text)
            #expect(elements.first?.properties["text"] == .string("No teams yet"))
        }
    }

    @Test func rootIterateWithNoItemsAndNoMessageHasNoSections() throws {
        let form = try BindingSupport.bind(
            #"{"bind": "iterate:teams", "sectionTemplate": {"elements": [{"type": "label", "bind": "value:size"}]}}"#,
            #"{"teams": []}"#)
        #expect(form.definition.sections.isEmpty)
    }

    @Test func beforeAndAfterTemplateElementsSurroundTheItems() throws {
        let form = try BindingSupport.bind(
            """
            {"sections": [{"bind": "iterate:guests, title:event",
              "beforeTemplateElements": [{"type": "label", "title": "first"}, {"type": "label", "value": "Own", "bind": "title:value"}],
              "elementTemplate": {"type": "entry", "bind": "title:name"},
              "afterTemplateElements": [{"type": "button", "title": "last"}]}]}
            """,
            #"{"event": "Gala", "guests": [{"name": "Ann"}, {"name": "Bob"}]}"#)
        let section = form.definition.sections[0]
        #expect(section.title == "Gala")
        #expect(section.properties["bind"] == .string("title:event"))
        // Elements before and after the template are bound to their own JSON object.
        #expect((section.elements ?? []).map(\.title) == ["first", "Own", "Ann", "Bob", "last"])
        #expect(section.beforeTemplateElements == nil)
        #expect(section.afterTemplateElements == nil)
        // Only the template's elements sit inside the repeat.
        #expect((section.elements ?? []).map { $0.scopes.filter(\.isRepeat).count } == [0, 0, 1, 1, 0])
    }

    @Test func nestedRootsBindWithTheirElementsData() throws {
        let form = try BindingSupport.bind(
            """
            {"sections": [{"bind": "iterate:commits", "elementTemplate": {"type": "label", "bind": "title:message",
              "sections": [{"bind": "title:author", "elements": [{"type": "label", "title": "Sha", "bind": "value:sha"}]}]}}]}
            """,
            #"{"commits": [{"message": "Fix", "author": "Ann", "sha": "a1"}, {"message": "Add", "author": "Bob", "sha": "b2"}]}"#)
        let rows = BindingSupport.elements(form, section: 0)
        #expect(rows.map(\.title) == ["Fix", "Add"])
        #expect(rows.map { $0.sections?.first?.title } == ["Ann", "Bob"])
        #expect(rows.map { $0.sections?.first?.elements?.first?.value } == [.string("a1"), .string("b2")])
        #expect(form.misses.isEmpty)
    }

    @Test func nestedRepeatsBindEachGuestsPets() throws {
        let form = try BindingSupport.bind(
            """
            {"bind": "iterate:guests", "sectionTemplate": {"bind": "title:name, iterate:pets",
              "elementTemplate": {"type": "entry", "key": "petName", "bind": "textValue:name, title:kind"}}}
            """,
            #"{"guests": [{"name": "Ann", "pets": [{"name": "Rex", "kind": "dog"}, {"name": "Tom", "kind": "cat"}]}, {"name": "Bob", "pets": [{"name": "Nemo", "kind": "fish"}]}]}"#)
        let sections = form.definition.sections
        #expect(sections.map(\.title) == ["Ann", "Bob"])
        #expect((sections[0].elements ?? []).map(\.title) == ["dog", "cat"])
        #expect((sections[1].elements ?? []).map { $0.properties["textValue"] } == [.string("Nemo")])
        #expect(sections[1].elements?.first?.valuePath?.description == "guests[1].pets[0].petName")
        #expect(form.misses.isEmpty)
    }

    @Test func iteratePropertiesGivesKeyAndValueObjects() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterateproperties:scores", "elementTemplate": {"type": "decimal", "bind": "title:key, numberValue:value"}}]}"#,
            #"{"scores": {"b": 2, "a": 1.5, "c": 3}}"#)
        let rows = BindingSupport.elements(form, section: 0)
        #expect(rows.map(\.title) == ["b", "a", "c"])
        #expect(rows.map { $0.properties["numberValue"] } == [.int(2), .double(1.5), .int(3)])
    }

    @Test func iterateOverAnObjectIteratesItsKeys() throws {
        // `for (id item in items)` over an NSDictionary walks its keys.
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterate:people", "elementTemplate": {"type": "label", "bind": "title:self, value:name"}}]}"#,
            #"{"people": {"x": {"name": "Xi"}, "y": {"name": "Yu"}}}"#)
        let rows = BindingSupport.elements(form, section: 0)
        #expect(rows.map(\.title) == ["x", "y"])
        #expect(rows.map(\.value) == [.null, .null], "a key is a string: it has no name")
        #expect(form.definition.sections[0].repeatSource?.isDictionary == true)
    }
}
