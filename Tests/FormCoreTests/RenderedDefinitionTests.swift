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

    @Test func textMapsStayInTheRenderedFormWhereTheSourceHasThem() throws {
        let json = #"""
            {"title": {"en": "Rooms", "de": "Zimmer"},
             "sections": [{"title": {"en": "Beds", "de": "Betten"}, "bind": "iterate:rooms",
                           "elementTemplate": {"type": "decimal", "key": "beds", "title": {"en": "Beds", "de": "Betten"}}},
                          {"elements": [{"type": "radio", "key": "r", "items": [{"en": "Yes", "de": "Ja"}, "-"], "values": [1, 0]},
                                        {"type": "label", "title": {"en": "Hi @{name}", "de": "Hallo @{name}"}}]}]}
            """#
        let definition = try FormDefinition(json: json)
        let session = try CompiledForm(definition: definition, data: ["rooms": [[:]], "name": "Ann"]).makeSession()
        let rendered = session.renderedDefinitionInEveryLanguage
        #expect(rendered.root.properties["title"] == ["en": "Rooms", "de": "Zimmer"])
        #expect(rendered.sections[0].properties["title"] == ["en": "Beds", "de": "Betten"])
        #expect(rendered.sections[1].elements?[0].properties["items"] == [["en": "Yes", "de": "Ja"], "-"])
        // Expanded from the template: the text as rendered. Outside templates expressions stay
        // as written, so their maps come back whole.
        #expect(rendered.sections[0].elements?[0].properties["title"] == "Beds")
        #expect(rendered.sections[1].elements?[1].properties["title"] == ["en": "Hi @{name}", "de": "Hallo @{name}"])
        #expect(session.renderedDefinition.root.properties["title"] == "Rooms")
        let german = try CompiledForm(definition: definition, data: ["rooms": [[:]]], language: LanguageTag("de")!).makeSession()
        #expect(german.renderedDefinitionInEveryLanguage.root.properties["title"] == ["en": "Rooms", "de": "Zimmer"])
        #expect(german.renderedDefinition.root.properties["title"] == "Zimmer")
    }

    /// `formctl render --format json` as the command writes it.
    static func rendered(_ definition: FormDefinition, data: FormValue = .emptyObject) throws -> FormDefinition {
        try CompiledForm(definition: definition, data: data, requiringRegistrations: false).makeSession()
            .renderedDefinitionInEveryLanguage
    }

    static let guests = """
        {"title": "Party", "sections": [{"title": "Guests", "bind": "iterate:guests",
          "beforeTemplateElements": [{"type": "label", "title": "Who comes?"}],
          "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:email"},
          "afterTemplateElements": [{"type": "boolean", "key": "agree", "title": "I agree", "boolValue": true}]}]}
        """

    @Test func theElementsAroundAGrowableRepeatStayWhereTheyWere() throws {
        let original = try FormDefinition(json: Self.guests)
        let rendered = try Self.rendered(original)
        let section = try #require(rendered.sections.first)
        #expect(section.beforeTemplateElements?.map(\.title) == ["Who comes?"])
        #expect(section.afterTemplateElements?.map(\.key) == ["agree"])
        #expect(section.elementTemplate?.key == "email" && section.elements == nil)

        let answers: FormValue = ["guests": [["email": "g@x.io"]], "agree": false]
        let expected = try CompiledForm(definition: original).fill(FormInput(answers: answers))
        let again = try CompiledForm(definition: FormDefinition(json: rendered.encoded.jsonString())).fill(FormInput(answers: answers))
        #expect(expected.errors.isEmpty && again.errors.isEmpty, "\(expected.errors) \(again.errors)")
        #expect(again.values == expected.values)
        #expect(again.values["agree"] == false)
    }

    @Test func anItemAddedToAGrowableRepeatStaysBetweenTheElementsAroundIt() throws {
        let session = try CompiledForm(definition: FormDefinition(json: Self.guests)).makeSession()
        _ = try session.appendItems(to: "guests", count: 2)
        try session.set("g@x.io", forKey: "guests.1.email")
        let section = try #require(session.renderedDefinition.sections.first)
        #expect(section.beforeTemplateElements?.map(\.title) == ["Who comes?"])
        #expect(section.afterTemplateElements?.map(\.key) == ["agree"])
    }

    static let teams = """
        {"sections": [{"bind": "iterate:teams.@allObjects",
                       "elementTemplate": {"type": "entry", "key": "name", "bind": "textValue:name"}},
                      {"bind": "iterate:rows.@allObjects", "elementTemplate": {"type": "label", "bind": "value:n"}}]}
        """
    static let teamData: FormValue = ["teams": ["blue": ["name": "Ann"], "red": ["name": "Bo"]], "rows": [["n": 1], ["n": 2]]]

    @Test func itemsOfAllObjectsAreRenderedWhereTheyStand() throws {
        let rendered = try Self.rendered(FormDefinition(json: Self.teams), data: Self.teamData)
        let names = try #require(rendered.sections[0].elements)
        #expect(names.map { $0.properties["bind"] } == ["textValue:teams.blue.name", "textValue:teams.red.name"])
        #expect(names.map(\.key) == ["teams.blue.name", "teams.red.name"])
        #expect(rendered.sections[1].elements?.map { $0.properties["bind"] } == ["value:rows[0].n", "value:rows[1].n"])

        let again = try Self.rendered(FormDefinition(json: rendered.encoded.jsonString()), data: Self.teamData)
        #expect(again.encoded.jsonString(pretty: true) == rendered.encoded.jsonString(pretty: true))
        #expect(again.sections[0].elements?.map { $0.properties["textValue"] } == ["Ann", "Bo"])
        // Their values go back where they came from.
        let filled = try CompiledForm(definition: FormDefinition(json: Self.teams), data: Self.teamData).fill(FormInput())
        #expect(filled.values == ["teams": ["blue": ["name": "Ann"], "red": ["name": "Bo"]]])
    }

    @Test func itemsOfAnotherOperatorKeepTheirValuesAsWritten() throws {
        let definition = try FormDefinition(json: """
            {"sections": [{"bind": "iterate:teams.@unionOfObjects.name", "elementTemplate": {"type": "label", "bind": "value:self"}}]}
            """)
        let rendered = try Self.rendered(definition, data: Self.teamData)
        #expect(rendered.sections[0].elements?.map { $0.properties["value"] } == ["Ann", "Bo"])
        #expect(rendered.sections[0].elements?.allSatisfy { $0.properties["bind"] == nil } == true)
        let again = try Self.rendered(FormDefinition(json: rendered.encoded.jsonString()), data: Self.teamData)
        #expect(again.encoded.jsonString(pretty: true) == rendered.encoded.jsonString(pretty: true))
    }
}
