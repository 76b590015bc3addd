import TestSupport
import Testing

@testable import FormCore

/// Included sub-forms bind to the data their `shared_data` gives them.
@Suite struct IncludeBindingTests {
    static let address = """
        {"elements": [
          {"type": "entry", "key": "street", "title": "Street", "bind": "textValue:user.street"},
          {"type": "entry", "key": "city", "title": "City", "bind": "textValue:user.city"}]}
        """
    static let data = """
        {"currentUser": {"street": "1 Main St", "city": "Oslo"}, "other": {"street": "2 Side Rd", "city": "Bergen"}}
        """

    func load(_ main: String, files: [String: String]) throws -> (FormDefinition, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        for (name, text) in files { try directory.write(name, text) }
        let path = try directory.write("main.json", main)
        return (try DefinitionLoader().load(path: path).definition, directory)
    }

    @Test func anIncludedSectionBindsToItsSharedData() throws {
        let (definition, directory) = try load(
            #"{"sections": [{"include": "address.json", "shared_data": {"user": "@{currentUser}"}}]}"#,
            files: ["address.json": Self.address])
        let form = Binder.bind(definition, to: try BindingSupport.data(Self.data))
        let elements = BindingSupport.elements(form, section: 0)
        #expect(elements.map { $0.properties["textValue"] } == [.string("1 Main St"), .string("Oslo")])
        #expect(form.misses.isEmpty)
        withExtendedLifetime(directory) {}
    }

    @Test func anIncludedElementBindsToItsSharedData() throws {
        let (definition, directory) = try load(
            """
            {"sections": [{"elements": [{"type": "label", "title": "Home"},
              {"include": "street.json", "shared_data": {"user": "@{other}"}}]}]}
            """,
            files: ["street.json": #"{"type": "entry", "key": "street", "bind": "textValue:user.street"}"#])
        let form = Binder.bind(definition, to: try BindingSupport.data(Self.data))
        let elements = BindingSupport.elements(form, section: 0)
        #expect(elements.count == 2)
        #expect(elements[1].kind == .entry)
        #expect(elements[1].properties["textValue"] == .string("2 Side Rd"))
        withExtendedLifetime(directory) {}
    }

    @Test func aSharedDataReferenceBindsTheIncludeToThatValue() throws {
        let (definition, directory) = try load(
            #"{"sections": [{"include": "city.json", "shared_data": "@{other}"}]}"#,
            files: ["city.json": #"{"elements": [{"type": "entry", "key": "city", "bind": "textValue:city"}]}"#])
        var form = Binder.bind(definition, to: try BindingSupport.data(Self.data))
        #expect(BindingSupport.elements(form, section: 0)[0].properties["textValue"] == .string("Bergen"))
        // A reference is a place in the data, so the value writes back there.
        form.definition.root.sections?[0].elements?[0].properties["textValue"] = "Trondheim"
        var data = form.data
        form.fetchValueUsingBindings(into: &data)
        #expect(data.value(atPath: "other.city") == .string("Trondheim"))
        #expect(data.value(atPath: "currentUser.city") == .string("Oslo"))
        withExtendedLifetime(directory) {}
    }

    @Test func anIncludeWithoutSharedDataBindsToTheIncludingData() throws {
        let (definition, directory) = try load(
            #"{"sections": [{"include": "address.json"}]}"#, files: ["address.json": Self.address])
        let form = Binder.bind(definition, to: try BindingSupport.data(#"{"user": {"street": "3 Elm", "city": "Rome"}}"#))
        #expect(BindingSupport.elements(form, section: 0).map { $0.properties["textValue"] } == [.string("3 Elm"), .string("Rome")])
        withExtendedLifetime(directory) {}
    }

    @Test func anIncludeInsideATemplateBindsToEachItem() throws {
        let (definition, directory) = try load(
            #"{"sections": [{"bind": "iterate:people", "elementTemplate": {"include": "street.json", "shared_data": {"user": "@{self}"}}}]}"#,
            files: ["street.json": #"{"type": "entry", "key": "street", "bind": "textValue:user.street"}"#])
        let form = Binder.bind(definition, to: try BindingSupport.data(#"{"people": [{"street": "A"}, {"street": "B"}]}"#))
        #expect(BindingSupport.elements(form, section: 0).map { $0.properties["textValue"] } == [.string("A"), .string("B")])
        withExtendedLifetime(directory) {}
    }

    @Test func anIncludedWholeFormContributesItsSections() throws {
        let (definition, directory) = try load(
            #"{"sections": [{"title": "Before", "elements": []}, {"include": "sub.json", "shared_data": {"user": "@{currentUser}"}}]}"#,
            files: ["sub.json": #"{"sections": [{"title": "One", "bind": "footer:user.city", "elements": []}, {"title": "Two", "elements": []}]}"#])
        let form = Binder.bind(definition, to: try BindingSupport.data(Self.data))
        #expect(form.definition.sections.map(\.title) == ["Before", "One", "Two"])
        #expect(form.definition.sections[1].footer == "Oslo")
        withExtendedLifetime(directory) {}
    }
}
