import Testing

@testable import FormCore

/// What QuickDialog's classes set in their `init` and the properties only they have, each as
/// formctl takes it.
@Suite struct QuickDialogClassTests {
    @Test func aColourPickerOffersQuickDialogsNineColoursWithTheFirstSelected() throws {
        let definition = try FormDefinition(json: """
            {"sections": [{"elements": [{"type": "QColorPickerElement", "key": "colour", "title": "Colour"},
                                        {"type": "color", "key": "own", "items": [["Teal", "#008080"], ["Navy", "#000080"]]}]}]}
            """)
        #expect(DefinitionLint().lint(definition).isEmpty)
        let form = try CompiledForm(definition: definition)
        #expect(form.fill(FormInput()).values == ["colour": 0, "own": 0])
        #expect(form.fill(FormInput(answers: ["colour": "Red", "own": "navy"])).values == ["colour": 4, "own": 1])
        let bound = Binder.bind(definition, to: .emptyObject)
        let picker = try #require(bound.definition.sections.first?.elements?.first)
        #expect(picker.items == ["Black", "White", "Gray", "Blue", "Red", "Green", "Yellow", "Purple", "Magenta"])
        #expect(OutlineRenderer().render(bound).contains("Colour [colour] (colorpicker): Black"))
    }

    @Test func shallowBindIsKnownAndANestedPageIsBoundEitherWay() throws {
        let json = """
            {"sections": [{"elements": [
              {"type": "label", "title": "More", "shallowBind": false,
               "sections": [{"elements": [{"type": "entry", "key": "a", "bind": "textValue:name"}]}]},
              {"type": "label", "title": "Also", "shallowBind": true,
               "sections": [{"elements": [{"type": "entry", "key": "b", "bind": "textValue:name"}]}]}]}]}
            """
        let (definition, warnings) = try FormDefinition.decode(json: json)
        #expect(warnings.isEmpty, "a real QuickDialog property: \(warnings)")
        let issues = DefinitionLint().lint(definition)
        #expect(issues.map(\.path) == ["sections[0].elements[1].shallowBind"])
        #expect(issues.first?.severity == .warning)
        #expect(issues.first?.message.contains("whatever shallowBind says") == true)
        #expect(try CompiledForm(definition: definition, data: ["name": "Ann"]).fill(FormInput()).values == ["a": "Ann", "b": "Ann"])
    }

    /// A deliberate difference: QuickDialog's inline date element with no `mode` is a time
    /// picker (UIDatePickerMode's first case); formctl's holds the date and the time.
    @Test func aDateWithNoModeHoldsTheDateAndTheTime() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"elements": [{"type": "date", "key": "when", "dateValue": "2026-11-22T10:30:00Z"},
                                        {"type": "date", "key": "at", "mode": "Time", "dateValue": "2026-11-22T10:30:00Z"}]}]}
            """))
        #expect(form.fill(FormInput()).values == ["when": "2026-11-22T10:30:00Z", "at": "10:30:00"])
    }
}
