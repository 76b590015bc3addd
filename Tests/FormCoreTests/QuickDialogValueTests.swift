import Testing

@testable import FormCore

/// Value semantics where formctl follows QuickDialog's element classes (QFloatElement,
/// QRadioElement, NSString's number readings) and where it deliberately does not
/// (QBooleanElement's initial YES, QDecimalElement's initial 0, QDateTimeInlineElement's "now", a
/// select section's bound non-indexes); README "Differences from QuickDialog" lists the latter.
@Suite struct QuickDialogValueTests {
    static func form(_ elements: String, data: String = "{}") throws -> BoundForm {
        try BindingSupport.bind(#"{"sections": [{"elements": ["# + elements + "]}]}", data)
    }

    static func filled(_ elements: String, data: String = "{}") throws -> FilledForm {
        let definition = try FormDefinition(json: #"{"sections": [{"elements": ["# + elements + "]}]}")
        return try CompiledForm(definition: definition, data: BindingSupport.data(data)).fill(FormInput())
    }

    // MARK: Untouched values

    @Test func anUntouchedSwitchIsOffShownAndStored() throws {
        let form = try Self.form(#"{"type": "boolean", "key": "b", "title": "Agree"}"#)
        #expect(form.fetchValueIntoObject() == ["b": false])
        #expect(OutlineRenderer().render(form).contains("Agree [b] (boolean): no"))
        // Off is no answer to `required`, so an untouched required switch is still refused.
        let required = try Self.filled(#"{"type": "boolean", "key": "b", "required": true}"#)
        #expect(required.values == ["b": false])
        #expect(required.errors.map(\.rule) == ["required"])
    }

    @Test func aSwitchWrittenNullIsOffAndAClearedOneShowsNoAnswer() throws {
        let form = try Self.form(#"{"type": "boolean", "key": "b", "boolValue": null}"#)
        #expect(form.fetchValueIntoObject() == ["b": false])
        let element = BindingSupport.elements(form, section: 0)[0]
        #expect(FieldValueType.boolean.display(.null, for: element) == "")
        #expect(FieldValueType.boolean.display(false, for: element) == "no")
    }

    @Test func anUntouchedFloatIsZeroAsQuickDialogInitializesIt() throws {
        let form = try Self.form(#"{"type": "float", "key": "f", "title": "Level"}"#)
        #expect(form.fetchValueIntoObject() == ["f": 0])
        #expect(OutlineRenderer().render(form).contains("Level [f] (float): 0"))
        #expect(try Self.filled(#"{"type": "float", "key": "f"}"#).values == ["f": 0])
    }

    @Test func anUntouchedDecimalIsNoAnswerThatRequiredRefuses() throws {
        // QDecimalElement's init sets 0; formctl does not store a number nobody typed.
        let form = try Self.form(#"{"type": "decimal", "key": "d", "title": "Amount"}"#)
        #expect(form.fetchValueIntoObject() == ["d": .null])
        #expect(!OutlineRenderer().render(form).contains("Amount [d] (decimal): 0"))
        let required = try Self.filled(#"{"type": "decimal", "key": "d", "required": true}"#)
        #expect(required.values == ["d": .null])
        #expect(required.errors.map(\.rule) == ["required"])
    }

    @Test func anUntouchedSliderWhoseRangeLeavesOutZeroSitsAtTheNearestEnd() throws {
        let form = try Self.form(#"{"type": "float", "key": "a", "minimumValue": 0.5, "maximumValue": 2}, {"type": "float", "key": "b", "minimumValue": -3, "maximumValue": -1}"#)
        #expect(form.fetchValueIntoObject() == ["a": 0.5, "b": -1])
        #expect(try Self.filled(#"{"type": "float", "key": "a", "minimumValue": 0.5}"#).errors.isEmpty)
    }

    @Test func aDecimalBoundToAMissingPathHoldsNothing() throws {
        // QDecimalElement's numberValue is an object: nil stays nil (only setFloatValue: makes it 0).
        let form = try Self.form(#"{"type": "decimal", "key": "d", "numberValue": 3, "bind": "numberValue:nowhere"}"#)
        #expect(form.fetchValueIntoObject() == ["d": .null])
    }

    @Test func untouchedDatesAndCountdownsAreNotInventedFromTheClock() throws {
        let form = try Self.form(#"{"type": "date", "key": "d", "mode": "Date"}, {"type": "countdown", "key": "c"}"#)
        #expect(form.fetchValueIntoObject() == ["d": .null, "c": .null])
    }

    // MARK: Text bound to numbers

    /// QFloatElement's `floatValue` is a scalar, so key-value coding sets it from text's
    /// `floatValue`: the leading number, or 0. `""` no longer lands as a string in a number field.
    @Test(arguments: [
        (#""""#, FormValue.int(0)), (#""abc""#, .int(0)), (#""12 apples""#, .int(12)), (#"" -3e2x""#, .int(-300)),
        (#"".5""#, .double(0.5)), (#""2026-11-22""#, .int(2026)), ("true", .int(1)), ("[1]", .int(0)), (#"{"a": 1}"#, .int(0)),
    ])
    func textBoundToAFloatIsItsLeadingNumber(data: String, expected: FormValue) throws {
        let element = #"{"type": "float", "key": "f", "floatValue": 0.9, "bind": "floatValue:v"}"#
        #expect(try Self.form(element, data: #"{"v": \#(data)}"#).fetchValueIntoObject() == ["f": expected])
        let filled = try Self.filled(element, data: #"{"v": \#(data)}"#)
        #expect(filled.values == ["f": expected])
        #expect(filled.errors.isEmpty)
    }

    /// A decimal's `numberValue` is an object in QuickDialog, which keeps text as given: formctl
    /// takes a numeric string's number, blank text as no answer, and other text is refused.
    @Test func textBoundToADecimalIsANumberNoAnswerOrRefused() throws {
        let element = #"{"type": "decimal", "key": "d", "bind": "numberValue:v"}"#
        #expect(try Self.filled(element, data: #"{"v": " 2.5 "}"#).values == ["d": 2.5])
        let blank = try Self.filled(element, data: #"{"v": "  "}"#)
        #expect(blank.values == ["d": .null])
        #expect(blank.errors.isEmpty)
        let text = try Self.filled(element, data: #"{"v": "abc"}"#)
        #expect(text.errors.map(\.path) == ["d"])
    }

    @Test(arguments: [
        ("", 0), ("abc", 0), ("42", 42), ("  -7 days", -7), ("+3", 3), ("1.9", 1), ("-3e2", -3), ("99999999999999999999", Int.max),
        ("-99999999999999999999", Int.min),
    ])
    func integerValueReadsTheLeadingWholeNumber(text: String, expected: Int) {
        #expect(PropertyType.leadingInteger(text) == expected)
    }

    @Test(arguments: [
        ("", FormValue.int(0)), ("x1", .int(0)), ("5.", .int(5)), (".", .int(0)), ("-.25", .double(-0.25)), ("1e", .int(1)),
        ("1e+2", .int(100)), ("1e999", .int(0)), ("\t 7", .int(7)),
    ])
    func doubleValueReadsTheLeadingNumber(text: String, expected: FormValue) {
        #expect(PropertyType.leadingNumber(text) == expected)
    }

    // MARK: Radios and select sections

    @Test func selectedValueWithoutValuesSelectsTheFirstItem() throws {
        // `[_values indexOfObject:x]` with no values is a message to nil: 0.
        let form = try Self.form(
            #"{"type": "radio", "key": "r", "items": ["a", "b"], "bind": "selectedValue:v"}, {"type": "radio", "key": "s", "items": ["a", "b"], "values": ["x", "y"], "bind": "selectedValue:v"}"#,
            data: #"{"v": "b"}"#)
        #expect(form.fetchValueIntoObject() == ["r": 0, "s": .null])
        let written = try Self.form(#"{"type": "radio", "key": "r", "items": ["a", "b"], "selectedValue": "b"}"#)
        #expect(written.fetchValueIntoObject() == ["r": 0])
    }

    @Test func aSelectSectionStoresOnlyTheIndexesItShowsChecked() throws {
        let json = #"{"sections": [{"type": "QSelectSection", "key": "pick", "items": ["a", "b", "c"], "multipleAllowed": true, "bind": "selectedIndexes:v"}]}"#
        let names = try BindingSupport.bind(json, #"{"v": ["s", "m"]}"#)
        #expect(names.fetchValueIntoObject() == ["pick": []])
        let mixed = try BindingSupport.bind(json, #"{"v": [1, 7, "x", 0.0, -1, 2.5]}"#)
        #expect(mixed.fetchValueIntoObject() == ["pick": [1, 0]])
        let compiled = try CompiledForm(definition: FormDefinition(json: json), data: ["v": [1, 7, "x", 0.0, -1, 2.5]])
        #expect(compiled.fill(FormInput(), validating: false).values == ["pick": [1, 0]])
    }
}
