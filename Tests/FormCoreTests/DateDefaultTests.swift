import Testing

@testable import FormCore

/// A date in any ISO 8601 form is a date its element takes, held in the form of the element's
/// mode (in UTC): a `Time` element whose default is a full date-time shows and stores its time.
@Suite struct DateDefaultTests {
    static func compiled(_ element: String) throws -> CompiledForm {
        try CompiledForm(definition: try FormDefinition(json: #"{"sections": [{"elements": ["# + element + "]}]}"))
    }

    @Test(arguments: [
        ("Time", "2026-11-22T10:30:00Z", "10:30:00"), ("Time", "2026-11-22T10:30:15+02:00", "08:30:15"), ("Time", "2026-11-22", "00:00:00"),
        ("Time", "10:30", "10:30:00"), ("Date", "2026-11-22T23:30:00-02:00", "2026-11-23"), ("Date", "2026-11-22 10:30", "2026-11-22"),
        ("DateAndTime", "2026-11-22", "2026-11-22T00:00:00Z"), ("DateAndTime", "2026-11-22T10:30:00+01:00", "2026-11-22T09:30:00Z"),
    ])
    func aDefaultInAnyISOFormIsHeldInTheModesForm(mode: String, written: String, held: String) throws {
        let form = try Self.compiled(#"{"type": "date", "key": "d", "mode": "\#(mode)", "dateValue": "\#(written)"}"#)
        let filled = form.fill(FormInput())
        #expect(filled.errors.isEmpty, "\(filled.errors)")
        #expect(filled.valuesToStore == ["d": .string(held)])
        #expect(form.fields.first?.value == .string(held))
    }

    @Test func answersInAnotherISOFormAreTakenToo() throws {
        let form = try Self.compiled(#"{"type": "date", "key": "d", "mode": "Time"}"#)
        let filled = form.fill(FormInput(answers: ["d": "2026-11-22T07:05:00Z"], overrides: []))
        #expect(filled.errors.isEmpty)
        #expect(filled.valuesToStore == ["d": "07:05:00"])
        let typed = form.fill(FormInput(overrides: [FieldOverride(key: "d", text: "2026-11-22T07:05:09Z")]))
        #expect(typed.valuesToStore == ["d": "07:05:09"])
        // A time alone has no date for a Date element.
        let dateOnly = try Self.compiled(#"{"type": "date", "key": "d", "mode": "Date"}"#)
        #expect(dateOnly.fill(FormInput(answers: ["d": "07:05"])).errors.map(\.message) == ["must be a date as YYYY-MM-DD"])
    }

    @Test func boundsInAnotherISOFormCountInTheElementsMode() throws {
        let form = try Self.compiled(#"{"type": "date", "key": "d", "mode": "Time", "minimumDate": "2026-01-01T09:00:00Z"}"#)
        #expect(form.fill(FormInput(answers: ["d": "08:59"])).errors.map(\.rule) == ["minimumDate"])
        #expect(form.fill(FormInput(answers: ["d": "09:00"])).errors.isEmpty)
    }

    // MARK: Defaults the element refuses, for `check`

    @Test func aDefaultTheElementTakesHasNoProblem() throws {
        let elements = [
            #"{"type": "date", "mode": "Time", "dateValue": "2026-11-22T10:30:00Z"}"#,
            #"{"type": "radio", "items": ["a", "b"], "selected": 1}"#, #"{"type": "radio", "items": ["a", "b"], "selected": -1}"#,
            #"{"type": "radio", "items": ["a"], "values": ["x"], "selectedValue": "x"}"#, #"{"type": "decimal", "numberValue": 2}"#,
            #"{"type": "date", "dateValue": "@{today}"}"#, #"{"type": "entry", "textValue": "2026-13-01"}"#,
        ]
        for json in elements {
            #expect(try FormDefinition.element(json).defaultProblems().isEmpty, "\(json)")
        }
    }

    @Test(arguments: [
        (#"{"type": "date", "mode": "Date", "dateValue": "10:30"}"#, "dateValue"),
        (#"{"type": "date", "dateValue": "2026-02-30"}"#, "dateValue"),
        (#"{"type": "datetime", "mode": "Time", "dateValue": "noon"}"#, "dateValue"),
        (#"{"type": "radio", "items": ["a", "b"], "selected": 2}"#, "selected"),
        (#"{"type": "radio", "items": ["a", "b"], "values": ["x"], "selected": 1}"#, "selected"),
        (#"{"type": "segmented", "items": [], "selected": 0}"#, "selected"),
        (#"{"type": "radio", "items": ["a"], "selectedValue": 3}"#, "selectedValue"),
        (#"{"type": "radio", "items": ["a"], "values": ["x"], "selectedValue": "y"}"#, "selectedValue"),
        (#"{"type": "radio", "items": ["a"], "selectedItem": "b"}"#, "selectedItem"),
    ])
    func aDefaultTheElementRefusesIsAProblem(json: String, property: String) throws {
        let problems = try FormDefinition.element(json).defaultProblems()
        #expect(problems.map(\.property) == [property], "\(problems)")
    }
}

extension FormDefinition {
    /// The first element of a one-element definition, as decoded (not bound).
    static func element(_ json: String) throws -> Element {
        let definition = try FormDefinition(json: #"{"sections": [{"elements": ["# + json + "]}]}")
        return try #require(definition.sections.first?.elements?.first)
    }
}
