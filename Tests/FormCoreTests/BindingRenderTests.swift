import TestSupport
import Testing

@testable import FormCore

/// The rendered JSON of a bound form is itself a valid definition, and rendering it again with
/// the same data gives the same output.
@Suite struct BindingRenderTests {
    /// Renders, decodes the rendering, binds it again to the same data and renders again.
    static func renderTwice(_ definition: FormDefinition, _ data: FormValue) throws -> (String, String) {
        let first = BindingSupport.renderJSON(Binder.bind(definition, to: data))
        let reloaded = try FormDefinition(json: first)
        let second = BindingSupport.renderJSON(Binder.bind(reloaded, to: data))
        return (first, second)
    }

    @Test(arguments: [
        ("jsonadvancedsample", BindingSampleTests.advancedData),
        ("jsondatasample", #"{"sectionTitle": "T", "myDate": "2024-05-01", "bool": 1, "float": 0.5, "radio": "item 3"}"#),
        ("loginform", #"{"login": "ann", "password": "pw"}"#),
        ("loginform", "{}"),
    ])
    func samplesRenderIdempotently(name: String, data: String) throws {
        let (first, second) = try Self.renderTwice(try BindingSupport.sample(name), try BindingSupport.data(data))
        #expect(first == second)
    }

    @Test func theAdvancedRenderingCarriesTheBoundValues() throws {
        let form = Binder.bind(try BindingSupport.sample("jsonadvancedsample"), to: try BindingSupport.data(BindingSampleTests.advancedData))
        let rendered = try FormValue(json: BindingSupport.renderJSON(form))
        #expect(rendered.value(atPath: "sections[1].elements[0].title") == .string("Paris"))
        #expect(rendered.value(atPath: "sections[2].elements[2].title") == .string("lions"))
        #expect(rendered.value(atPath: "sections[1].elementTemplate") == nil)
    }

    @Test func nestedRepeatsRenderIdempotently() throws {
        let definition = try BindingSupport.definition(
            """
            {"title": "Party", "bind": "iterate:guests", "sectionTemplate": {"bind": "title:name, iterate:pets",
              "beforeTemplateElements": [{"type": "entry", "key": "email", "bind": "textValue:email"}],
              "elementTemplate": {"type": "entry", "key": "petName", "bind": "textValue:name, title:kind"}}}
            """)
        let data = try BindingSupport.data(
            #"{"guests": [{"name": "Ann", "email": "a@x", "pets": [{"name": "Rex", "kind": "dog"}]}, {"name": "Bob", "email": "b@x", "pets": []}]}"#)
        let (first, second) = try Self.renderTwice(definition, data)
        #expect(first == second)
        #expect(first.contains("Rex"))
    }

    @Test func iteratePropertiesRendersIdempotently() throws {
        let definition = try BindingSupport.definition(
            #"{"sections": [{"bind": "iterateproperties:scores", "elementTemplate": {"type": "decimal", "bind": "title:key, numberValue:value"}}]}"#)
        let (first, second) = try Self.renderTwice(definition, try BindingSupport.data(#"{"scores": {"b": 2, "a": 1}}"#))
        #expect(first == second)
    }

    @Test func includesRenderIdempotently() throws {
        let directory = try TemporaryDirectory()
        try directory.write("street.json", #"{"elements": [{"type": "entry", "key": "street", "bind": "textValue:user.street"}]}"#)
        try directory.write("city.json", #"{"type": "entry", "key": "city", "bind": "textValue:city"}"#)
        let main = try directory.write("main.json", """
            {"sections": [{"include": "street.json", "shared_data": {"user": "@{home}"}},
              {"elements": [{"include": "city.json", "shared_data": "@{home}"}]}]}
            """)
        let definition = try DefinitionLoader().load(path: main).definition
        let (first, second) = try Self.renderTwice(definition, try BindingSupport.data(#"{"home": {"street": "1 Main", "city": "Oslo"}}"#))
        #expect(first == second)
        #expect(first.contains("1 Main") && first.contains("Oslo"))
    }

    @Test func renderedBindsPointIntoTheWholeData() throws {
        let form = try BindingSupport.bind(
            """
            {"bind": "iterate:guests", "sectionTemplate": {"bind": "title:name, iterate:pets",
              "elementTemplate": {"type": "entry", "bind": "textValue:name, value:self"}}}
            """,
            #"{"guests": [{"name": "Ann", "pets": [{"name": "Rex"}]}, {"name": "Bob", "pets": [{"name": "Tom"}, {"name": "Kit"}]}]}"#)
        let rendered = form.rendered
        #expect(rendered.sections.map { $0.properties["bind"] } == [.string("title:guests[0].name"), .string("title:guests[1].name")])
        // `self` inside a repeat is dropped (it never writes back); the bound value stays literal,
        // as the text the form shows: written as an object, {"name": "Kit"} would load as a
        // label text in a language tagged "name".
        #expect(rendered.sections[1].elements?[1].bind == "textValue:guests[1].pets[1].name")
        #expect(rendered.sections[1].elements?[1].properties["value"] == #"{"name":"Kit"}"#)
        #expect(form.definition.sections[1].elements?[1].bind == "textValue:name, value:self")
    }

    @Test func renderedEntriesDropTheMadeUpKeyButKeepTheValuePath() throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"bind": "iterateproperties:scores", "elementTemplate": {"type": "decimal", "bind": "title:key, numberValue:value"}}]}"#,
            #"{"scores": {"math": 2, "odd key, with comma": 3}}"#)
        let elements = form.rendered.sections[0].elements ?? []
        #expect(elements.map(\.bind) == ["numberValue:scores.math", nil])
        #expect(elements.map(\.title) == ["math", "odd key, with comma"])
    }
}

@Suite struct RenderingSecretsTests {
    @Test func aSecretBoundFromTheDataIsLeftOutOfTheRendering() throws {
        let json = #"{"sections": [{"elements": [{"type": "entry", "key": "pw", "secureTextEntry": true, "bind": "textValue:password"}, {"type": "entry", "key": "login", "bind": "textValue:login"}]}]}"#
        let bound = Binder.bind(try FormDefinition(json: json), to: ["password": "hunter2", "login": "ann"])
        let text = bound.rendered.encoded.jsonString()
        #expect(!text.contains("hunter2"))
        #expect(text.contains(#""textValue":"ann""#))
        // Rendering again with the same data gives the same output.
        let again = Binder.bind(bound.rendered, to: ["password": "hunter2", "login": "ann"]).rendered.encoded.jsonString()
        #expect(again == text)
    }
}
