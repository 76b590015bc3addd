import Testing

@testable import FormCore

/// `fetchValueUsingBindings`: the reverse of `bind`, writing each element's bound properties back
/// into the data, inside the item it was built from.
@Suite struct ValuesOutWriteBackTests {
    /// Sets a property of the element at `section`/`element` of the bound form.
    func set(_ form: inout BoundForm, section: Int, element: Int, _ property: String, _ value: FormValue) {
        form.definition.root.sections?[section].elements?[element].properties[property] = value
    }

    @Test func loginValuesWriteBackTwoWay() throws {
        var form = Binder.bind(try BindingSupport.sample("loginform"), to: try BindingSupport.data(#"{"login": "ann", "remember": true}"#))
        set(&form, section: 0, element: 0, "textValue", "bob@example.com")
        set(&form, section: 0, element: 1, "textValue", "hunter2")
        var data = form.data
        form.fetchValueUsingBindings(into: &data)
        // Keys the form does not bind are left alone, and keep their place.
        let expected = try BindingSupport.data(#"{"login": "bob@example.com", "remember": true, "password": "hunter2"}"#)
        #expect(data == expected)
    }

    @Test func nestedPathsAreCreatedInAnEmptyObject() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "title:meta.heading", "elements": [{"type": "entry", "bind": "textValue:user.address.city"}]}]}"#,
            #"{"user": {"address": {"city": "Oslo"}}, "meta": {"heading": "Where"}}"#)
        var out = FormValue.emptyObject
        form.fetchValueUsingBindings(into: &out)
        // The section comes before its elements, so its key comes first.
        let expected = try BindingSupport.data(#"{"meta": {"heading": "Where"}, "user": {"address": {"city": "Oslo"}}}"#)
        #expect(out == expected)
    }

    @Test func repeatItemsWriteBackIntoTheirOwnItem() throws {
        var form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterate:guests", "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email, title:name"}}]}"#,
            #"{"guests": [{"name": "Ann", "email": "a@x"}, {"name": "Bob", "email": "b@x"}]}"#)
        set(&form, section: 0, element: 1, "textValue", "bob@new")
        var data = form.data
        form.fetchValueUsingBindings(into: &data)
        let expected = try BindingSupport.data(#"{"guests": [{"name": "Ann", "email": "a@x"}, {"name": "Bob", "email": "bob@new"}]}"#)
        #expect(data == expected)
    }

    @Test func nestedRepeatItemsWriteBackIntoTheirOwnItem() throws {
        var form = try BindingSupport.bind(
            """
            {"bind": "iterate:guests", "sectionTemplate": {"bind": "iterate:pets",
              "elementTemplate": {"type": "entry", "bind": "textValue:name"}}}
            """,
            #"{"guests": [{"pets": [{"name": "Rex"}]}, {"pets": [{"name": "Tom"}, {"name": "Kit"}]}]}"#)
        set(&form, section: 1, element: 1, "textValue", "Kitty")
        var out = FormValue.emptyObject
        form.fetchValueUsingBindings(into: &out)
        let expected = try BindingSupport.data(#"{"guests": [{"pets": [{"name": "Rex"}]}, {"pets": [{"name": "Tom"}, {"name": "Kitty"}]}]}"#)
        #expect(out == expected)
    }

    @Test func iteratePropertiesWritesValuesUnderTheirKey() throws {
        var form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterateproperties:scores", "elementTemplate": {"type": "decimal", "bind": "title:key, numberValue:value"}}]}"#,
            #"{"scores": {"math": 2, "art": 3}}"#)
        set(&form, section: 0, element: 1, "numberValue", 5)
        set(&form, section: 0, element: 1, "title", "renamed")
        var data = form.data
        form.fetchValueUsingBindings(into: &data)
        // The key is the binder's, not the data's: renaming it through the form changes nothing.
        let expected = try BindingSupport.data(#"{"scores": {"math": 2, "art": 5}}"#)
        #expect(data == expected)
    }

    @Test func aRepeatInsideAPropertyEntryWritesUnderTheEntrysKey() throws {
        var form = try BindingSupport.bind(
            """
            {"bind": "iterateproperties:teams", "sectionTemplate": {"bind": "title:key, iterate:value.members",
              "elementTemplate": {"type": "entry", "bind": "textValue:name"}}}
            """,
            #"{"teams": {"red": {"members": [{"name": "Ann"}]}, "blue": {"members": [{"name": "Bob"}, {"name": "Cy"}]}}}"#)
        #expect(form.definition.sections.map(\.title) == ["red", "blue"])
        set(&form, section: 1, element: 1, "textValue", "Cyd")
        var data = form.data
        form.fetchValueUsingBindings(into: &data)
        let expected = try BindingSupport.data(#"{"teams": {"red": {"members": [{"name": "Ann"}]}, "blue": {"members": [{"name": "Bob"}, {"name": "Cyd"}]}}}"#)
        #expect(data == expected)
    }

    @Test func selfAndLiteralSharedDataWriteNothing() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterate:tags", "elementTemplate": {"type": "entry", "bind": "textValue:self"}}]}"#,
            #"{"tags": ["a", "b"]}"#)
        var out = FormValue.emptyObject
        form.fetchValueUsingBindings(into: &out)
        #expect(out == .emptyObject)
    }

    @Test func theRenderedFormWritesBackLikeTheBoundOne() throws {
        let data = try BindingSupport.data(#"{"guests": [{"note": "n1", "pets": [{"name": "Rex"}]}, {"note": "n2", "pets": [{"name": "Tom"}]}]}"#)
        let form = Binder.bind(try BindingSupport.definition(
            """
            {"bind": "iterate:guests", "sectionTemplate": {"bind": "iterate:pets, footer:note",
              "elementTemplate": {"type": "entry", "bind": "textValue:name"}}}
            """), to: data)
        let again = Binder.bind(form.rendered, to: data)
        var fromBound = FormValue.emptyObject
        var fromRendered = FormValue.emptyObject
        form.fetchValueUsingBindings(into: &fromBound)
        again.fetchValueUsingBindings(into: &fromRendered)
        #expect(fromBound == data)
        #expect(fromRendered == data)
    }

    @Test func aMissingPathBoundNilAddsNothingOnTheWayBack() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"elements": [{"type": "entry", "bind": "textValue:nickname"}, {"type": "entry", "bind": "textValue:name"}]}]}"#,
            #"{"name": "Ann", "age": null}"#)
        var data = form.data
        form.fetchValueUsingBindings(into: &data)
        let expected = try BindingSupport.data(#"{"name": "Ann", "age": null}"#)
        #expect(data == expected)
    }

    @Test func aCollectionOperatorBindingLeavesTheDataIntact() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"elements": [{"type": "label", "bind": "value:guests.@count"}, {"type": "entry", "bind": "textValue:host"}]}]}"#,
            #"{"guests": [{"name": "Ann"}], "host": "Zed"}"#)
        #expect(BindingSupport.elements(form, section: 0)[0].value == .int(1))
        var data = form.data
        form.fetchValueUsingBindings(into: &data)
        #expect(data == form.data)
    }
}
