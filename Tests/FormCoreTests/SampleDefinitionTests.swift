import Testing

@testable import FormCore

/// QuickDialog's own sample definitions load, model what they say, and round-trip.
@Suite struct SampleDefinitionTests {
    func load(_ name: String) throws -> (FormDefinition, [DefinitionIssue], FormValue) {
        let text = try Fixture.text(name)
        let (definition, warnings) = try FormDefinition.decode(json: text, file: name + ".json")
        return (definition, warnings, try JSONReader.parse(text))
    }

    @Test(arguments: Fixture.sampleNames)
    func loadsWithoutWarnings(name: String) throws {
        let (_, warnings, _) = try load(name)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test(arguments: Fixture.sampleNames)
    func roundTripsEveryKeyAndValue(name: String) throws {
        let (definition, _, source) = try load(name)
        let encoded = definition.encoded
        #expect(sameMembers(encoded, source), "encoded: \(encoded.jsonString(pretty: true))")
        let again = try FormDefinition(json: encoded.jsonString())
        #expect(again.root == definition.root)
        #expect(again.canonicalJSON == definition.canonicalJSON)
    }

    @Test func loginForm() throws {
        let (form, _, _) = try load("loginform")
        #expect(form.title == "Login Form")
        #expect(form.root.flag("grouped") == true)
        #expect(form.root["controllerName"] == "LoginController")
        #expect(form.sections.count == 2)
        let first = form.sections[0]
        #expect(first.title == "Awesome Login Form")
        #expect(first.footer == "Please type your credentials.")
        #expect(first["headerImage"] == "logo")
        let elements = try #require(first.elements)
        #expect(elements.map(\.kind) == [.entry, .entry])
        #expect(elements.map(\.key) == ["login", "password"])
        #expect(elements[0]["keyboardType"] == "EmailAddress")
        #expect(elements[0].placeholder == "Login or email")
        #expect(try BindingSpec(parsing: elements[0].bind ?? "").pairs.map(\.property) == ["textValue"])
        #expect(!elements[0].isSecure && elements[1].isSecure)
        let button = try #require(form.sections[1].elements?.first)
        #expect(button.kind == .button)
        #expect(button.controllerAction == "onLogin")
        #expect(form.sections[1].typeName == nil && form.sections[1].kind == .section)
    }

    @Test func dataSample() throws {
        let (form, _, _) = try load("jsondatasample")
        let kinds = form.sections.map { $0.elements?.map(\.kind) ?? [] }
        #expect(kinds == [[.label, .label], [.boolean, .float, .radio], Array(repeating: .button, count: 6)])
        let values = try #require(form.sections[1].elements)
        #expect(values[0].flag("boolValue") == false)
        #expect(values[1].value == 0)
        #expect(values[2].items == ["item 1", "item 2", "item 3"])
        #expect(values[2].selectedIndex == 0)
        #expect(try BindingSpec(parsing: form.sections[0]["bind"]?.stringValue ?? "").pairs.first?.property == "title")
        let disabled = try #require(form.sections[2].elements?.last)
        #expect(disabled.flag("enabled") == false)
        #expect(form.sections[2].elements?.map(\.controllerAction).compactMap { $0 }.first == "handleSetValuesDirectly")
    }

    @Test func advancedSampleTemplates() throws {
        let (form, _, _) = try load("jsonadvancedsample")
        #expect(form.sections.count == 3)
        let cities = form.sections[1]
        #expect(cities.elements == nil)
        #expect(cities.elementTemplate?.kind == .label)
        #expect(try BindingSpec(parsing: cities["bind"]?.stringValue ?? "").iteration == .items(ValuePath(parsing: "cities")))
        let teams = form.sections[2]
        #expect(try BindingSpec(parsing: teams["bind"]?.stringValue ?? "").iteration == .properties(ValuePath(parsing: "teams")))
        #expect(teams.elementTemplate?.bind == "title:key, value:value")
    }

    @Test func encodingPutsTypeFirstAndNestedContainersLast() throws {
        // The documented canonical order: what the round trip keeps when an author wrote it otherwise.
        let json = #"{"sections":[{"elements":[{"title":"A","type":"entry","key":"a"}],"title":"S"}],"title":"T"}"#
        let encoded = try FormDefinition(json: json).canonicalJSON
        #expect(encoded == #"{"title":"T","sections":[{"title":"S","elements":[{"type":"entry","title":"A","key":"a"}]}]}"#)
        #expect(sameMembers(try JSONReader.parse(encoded), try JSONReader.parse(json)))
    }
}
