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
}
