import Testing

@testable import FormCore

/// A key path the data lacks binds nil, as in QuickDialog, and is reported once for a lint.
@Suite struct BindingMissTests {
    @Test func missingKeyPathsBindNilAndAreReported() throws {
        let form = Binder.bind(try BindingSupport.sample("jsondatasample"), to: try BindingSupport.data(#"{"myDate": "2024-05-01"}"#))
        let event = BindingSupport.elements(form, section: 0)
        // The literal "---" is replaced: a missing path binds nil.
        #expect(event[1].value == .null)
        #expect(event[0].value == .string("2024-05-01"))
        let misses = form.misses.map { "\($0.path) \($0.keyPath)" }
        #expect(misses == [
            "sections[0].bind sectionTitle",
            "sections[0].elements[0].bind dateTitle",
            "sections[0].elements[1].bind myTime",
            "sections[0].elements[1].bind timeTitle",
            "sections[1].elements[0].bind bool",
            "sections[1].elements[1].bind float",
            "sections[1].elements[2].bind radio",
        ])
    }

    @Test func aTemplateMissIsReportedOncePerTemplateNotPerItem() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterate:guests", "elementTemplate": {"type": "entry", "bind": "textValue:email, title:name"}}]}"#,
            #"{"guests": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]}"#)
        #expect(BindingSupport.elements(form, section: 0).count == 3)
        #expect(form.misses == [BindingMiss(path: "sections[0].elementTemplate.bind", keyPath: "email")])
        #expect(form.misses[0].description.contains("email"))
    }

    @Test func aMissingCollectionIsAMissAndIteratesNothing() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterate:guests", "elementTemplate": {"type": "entry", "bind": "textValue:email"}}]}"#,
            #"{"people": []}"#)
        #expect(BindingSupport.elements(form, section: 0).isEmpty)
        #expect(form.misses.map(\.keyPath) == ["guests"])
        #expect(form.misses.map(\.path) == ["sections[0].bind"])
    }

    @Test func missPathsNameEveryKindOfStep() throws {
        let repeated = try BindingSupport.bind(
            #"{"bind": "iterate:teams", "sectionTemplate": {"bind": "title:teamName", "elements": [{"type": "entry", "bind": "textValue:a"}]}}"#,
            #"{"teams": [{}, {}]}"#)
        #expect(repeated.misses.map { "\($0.path) \($0.keyPath)" } == [
            "sectionTemplate.bind teamName",
            "sectionTemplate.elements[0].bind a",
        ])
        let form = try BindingSupport.bind(
            #"""
            {"sections": [
              {"bind": "iterate:guests", "beforeTemplateElements": [{"type": "label", "bind": "value:b"}],
               "elementTemplate": {"type": "entry", "bind": "textValue:c"},
               "afterTemplateElements": [{"type": "label", "bind": "value:d"},
                 {"type": "root", "sections": [{"elements": [{"type": "entry", "bind": "textValue:e"}]}]}]},
              {"bind": "iterate:nobody", "elementTemplate": {"type": "entry"}}]}
            """#,
            #"{"guests": [{}]}"#)
        #expect(form.misses.map { "\($0.path) \($0.keyPath)" } == [
            "sections[0].beforeTemplateElements[0].bind b",
            "sections[0].elementTemplate.bind c",
            "sections[0].afterTemplateElements[0].bind d",
            "sections[0].afterTemplateElements[1].sections[0].elements[0].bind e",
            "sections[1].bind nobody",
        ])
    }

    /// A missing list says whether a person grows it (a repeat of fields) or only the data can
    /// give its items (a dictionary, a template without fields, sections built per item).
    @Test func aMissingCollectionSaysWhoGivesItsItems() throws {
        let form = try BindingSupport.bind(
            #"{"bind": "iterate:teams", "sectionTemplate": {"elements": [{"type": "entry", "key": "name"}]}}"#,
            #"{"other": 1}"#)
        #expect(form.misses.map { "\($0.keyPath) \($0.source)" } == ["teams items"])
        let sections = try BindingSupport.bind(
            #"""
            {"sections": [
              {"bind": "iterate:guests", "elementTemplate": {"type": "entry", "key": "email"}},
              {"bind": "iterate:rooms", "elementTemplate": {"type": "label", "bind": "title:name"}},
              {"bind": "iterateproperties:tools", "elementTemplate": {"type": "decimal", "key": "score"}},
              {"elements": [{"type": "entry", "key": "name", "bind": "textValue:user.name"}]}]}
            """#,
            #"{"other": 1}"#)
        #expect(sections.misses.map { "\($0.keyPath) \($0.source)" } == [
            "guests growableItems", "rooms items", "tools items", "user.name value",
        ])
    }

    @Test func anEmptyCollectionIsNotAMiss() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterate:guests", "elementTemplate": {"type": "entry", "bind": "textValue:email"}}]}"#,
            #"{"guests": []}"#)
        #expect(form.misses.isEmpty)
        #expect(form.definition.sections[0].repeatSource?.count == 0)
    }

    @Test func nestedKeyPathsAndIndexesResolve() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"elements": [{"type": "entry", "bind": "textValue:user.address.city, title:user.tags[1]"}]}]}"#,
            #"{"user": {"address": {"city": "Oslo"}, "tags": ["a", "b"]}}"#)
        let element = BindingSupport.elements(form, section: 0)[0]
        #expect(element.properties["textValue"] == .string("Oslo"))
        #expect(element.title == "b")
        #expect(form.misses.isEmpty)
    }
}
