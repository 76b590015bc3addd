import TestSupport
import Testing

@testable import FormCore

/// Data comes from services and people: a `"@{secret}"` in it is text wherever a bind puts it,
/// stored, shown and rendered as those characters. Only the definition's own properties (and the
/// `shared_data` an include's definition wrote) are expressions.
@Suite struct DataIsNeverEvaluatedTests {
    static let definition = """
        {"bind": "title:t", "sections": [
          {"bind": "title:t, footer:t, hidden:t", "elements": [
            {"type": "entry", "key": "secret", "textValue": "s3cr3t"},
            {"type": "label", "title": "Shown", "value": "@{secret}"},
            {"type": "entry", "key": "copy", "bind": "textValue:t, title:t, placeholder:t, hidden:t, required:t, enabled:t"},
            {"type": "radio", "key": "pick", "bind": "items:list, values:list, selectedValue:t"},
            {"type": "text", "key": "note", "bind": "text:t, title:t"},
            {"type": "decimal", "key": "amount", "bind": "numberValue:t"},
            {"type": "label", "bind": "value:t, title:t, iterate:nothing, emptyMessage:t",
             "sectionTemplate": {"elements": []}}]},
          {"bind": "iterate:list", "elementTemplate": {"type": "entry", "key": "tag", "bind": "textValue:self, title:self"}},
          {"bind": "iterateproperties:map", "elementTemplate": {"type": "entry", "key": "entry", "bind": "title:key, textValue:value"}}]}
        """
    static let data: FormValue = [
        "t": "@{secret}", "list": ["@{secret.count}", "@{secret}"], "map": ["@{k}": "@{v}"],
    ]

    @Test func boundDataIsStoredVerbatimAndNothingButTheDefinitionIsEvaluated() throws {
        let compiled = try CompiledForm(definition: try FormDefinition(json: Self.definition), data: Self.data)
        // The one expression is the definition's own label.
        #expect(compiled.base.live.map(\.property) == ["value"])
        let filled = compiled.fill(FormInput())
        // Text where a number belongs is refused as any text would be, never evaluated.
        #expect(filled.errors.map(\.path) == ["amount"])
        let expected: FormValue = [
            "secret": "s3cr3t", "copy": "@{secret}", "pick": "@{secret}", "note": "@{secret}", "amount": "@{secret}",
            "list": [["tag": "@{secret.count}"], ["tag": "@{secret}"]], "map": ["@{k}": ["entry": "@{v}"]],
        ]
        #expect(filled.valuesToStore == expected)
    }

    @Test func boundDataIsShownAndRenderedVerbatim() throws {
        let definition = try FormDefinition(json: Self.definition)
        let session = try CompiledForm(definition: definition, data: Self.data).makeSession()
        #expect(session.form.definition.root.title == "@{secret}")
        let shown = session.fields.filter { !$0.isTemplate }.map(\.element)
        #expect(shown[1].value == .string("s3cr3t"), "the definition's own expression is evaluated")
        #expect(shown[2].title == "@{secret}" && shown[2].placeholder == "@{secret}")
        #expect(shown[6].title == "@{secret}")
        #expect(session.form.definition.sections[0].elements?[6].sections?[0].elements?[0].properties["text"] == .string("@{secret}"))
        #expect(session.sections.map(\.title).first == "@{secret}")
        #expect(shown.suffix(3).map(\.title) == ["@{secret.count}", "@{secret}", "@{k}"])
        let outline = OutlineRenderer().render(session.form)
        #expect(outline.hasPrefix("@{secret}\n"))
        #expect(outline.contains("@{secret} [copy] (entry) disabled: @{secret}"))
        let rendered = Binder.bind(definition, to: Self.data).rendered.encoded
        #expect(rendered.value(atPath: "sections[0].elements[2].textValue") == .string("@{secret}"))
        #expect(rendered.value(atPath: "sections[2].elements[0].textValue") == .string("@{v}"))
    }

    @Test func scalarPropertiesFromDataAreCoercedNotEvaluated() throws {
        let compiled = try CompiledForm(definition: try FormDefinition(json: Self.definition), data: Self.data)
        let copy = try #require(compiled.fields.first { $0.path == "copy" })
        // NSString's boolValue of "@{secret}" is NO: not hidden, not required, not enabled.
        #expect(!copy.isHidden && !copy.isRequired && !copy.isEnabled)
        #expect(copy.element.properties["hidden"] == .bool(false))
    }

    @Test func anExpressionRuleBoundFromDataIsNeverRun() throws {
        let json = #"{"sections": [{"elements": [{"type": "entry", "key": "e", "textValue": "x", "bind": "validate:rules"}]}]}"#
        let data: FormValue = ["rules": [["rule": "expression", "test": "@{true}"], ["rule": "email"]]]
        let filled = try CompiledForm(definition: try FormDefinition(json: json), data: data).fill(FormInput())
        #expect(filled.errors.map(\.rule) == ["expression", "email"])
        #expect(filled.errors.first?.message.contains("bound from the data is never evaluated") == true)
    }

    @Test func sharedDataTheDefinitionWroteIsAnExpressionWhatItReadsFromTheDataIsNot() throws {
        let directory = try TemporaryDirectory()
        try directory.write("greet.json", #"{"elements": [{"type": "label", "key": "g", "bind": "title:greeting, value:user"}]}"#)
        let main = try directory.write("main.json", """
            {"sections": [{"elements": [{"type": "entry", "key": "name", "textValue": "Ann"}]},
              {"include": "greet.json", "shared_data": {"greeting": "Hi @{name}", "user": "@{person}"}}]}
            """)
        let definition = try DefinitionLoader().load(path: main).definition
        let session = try CompiledForm(definition: definition, data: ["person": "@{name}"]).makeSession()
        let label = try #require(session.fields.last?.element)
        #expect(label.title == "Hi Ann")
        #expect(label.value == .string("@{name}"))
    }

    @Test func theElementsAroundATemplateMayHoldExpressionsTheyAreTheDefinitions() throws {
        let json = """
            {"sections": [{"elements": [{"type": "entry", "key": "name", "textValue": "Ann"}]},
              {"bind": "iterate:rows", "beforeTemplateElements": [{"type": "label", "title": "Hello @{name}", "bind": "value:title"}],
               "elementTemplate": {"type": "label", "bind": "value:self"}}]}
            """
        let session = try CompiledForm(definition: try FormDefinition(json: json), data: ["rows": ["@{name}"]]).makeSession()
        let values = session.fields.map(\.element.value)
        #expect(values.suffix(2) == [.string("Hello Ann"), .string("@{name}")])
    }
}
