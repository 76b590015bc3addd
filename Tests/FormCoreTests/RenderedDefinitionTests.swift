import Testing

@testable import FormCore

/// A rendered definition is a form of its own that stores what the original stores.
@Suite struct RenderedDefinitionTests {
    static let party = """
        {"sections": [
          {"elements": [{"type": "entry", "key": "host"}]},
          {"title": "Rooms", "bind": "iterate:rooms", "elementTemplate":
            {"type": "decimal", "key": "beds", "title": "Beds in @{name}", "bind": "numberValue:beds"}},
          {"title": "Guests", "bind": "iterate:guests", "maximumItems": 5, "elementTemplate":
            {"type": "entry", "key": "email", "title": "@{host}'s guest", "bind": "textValue:email"}}
        ]}
        """
    static let data: FormValue = ["rooms": [["name": "Blue", "beds": 2], ["name": "Red", "beds": 1]]]

    @Test func aValuePathPutsTheValueWhereItSays() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"elements": [{"type": "entry", "key": "a.b", "valuePath": "a.list[1].b", "textValue": "x"},
                                        {"type": "entry", "key": "plain.key", "textValue": "y"}]}]}
            """))
        let filled = form.fill(FormInput(answers: ["a": ["list": [[:], ["b": "z"]]]]))
        #expect(filled.values["a"]?["list"]?[1]?["b"] == "z")
        #expect(filled.values["plain.key"] == "y", "without a valuePath a key is a key, dots and all")
    }

    @Test func fixedListsExpandAndGrowableRepeatsStayTemplates() throws {
        let session = try CompiledForm(definition: FormDefinition(json: Self.party), data: Self.data).makeSession()
        let rendered = session.renderedDefinition
        let rooms = try #require(rendered.root.sections?[1].elements)
        #expect(rooms.map(\.key) == ["rooms[0].beds", "rooms[1].beds"])
        #expect(rooms.map(\.title) == ["Beds in Blue", "Beds in Red"])
        let guests = try #require(rendered.root.sections?[2])
        #expect(guests.elements == nil && guests.elementTemplate?.title == "@{host}'s guest")
        #expect(guests.properties["bind"]?.stringValue == "iterate:guests")

        let answers: FormValue = ["host": "Ann", "rooms": [["beds": 3]], "guests": [["email": "g@x.io"]]]
        let original = try CompiledForm(definition: FormDefinition(json: Self.party), data: Self.data).fill(FormInput(answers: answers))
        let again = try CompiledForm(definition: rendered, data: Self.data).fill(FormInput(answers: answers))
        #expect(original.errors.isEmpty && again.errors.isEmpty, "\(original.errors) \(again.errors)")
        #expect(again.values == original.values)
    }
}
