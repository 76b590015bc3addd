import Testing

@testable import FormCore

/// QuickDialog's derived properties, each expected result read off the element class that
/// defines it: setting one moves the property it derives from, reading one (writing back through
/// `bind`) computes from it, and the bound form keeps only the stored property.
@Suite struct DerivedPropertyTests {
    static func element(_ json: String, data: String = "{}") throws -> Element {
        let form = try BindingSupport.bind(#"{"sections": [{"elements": ["# + json + "]}]}", data)
        return try #require(BindingSupport.elements(form, section: 0).first)
    }

    // MARK: QRadioElement

    /// `setSelectedValue:` takes an NSNumber as the index and looks anything else up in `values`.
    @Test(arguments: [
        (#"2"#, 2), (#"1.7"#, 1), (#"true"#, 1), (#""m""#, 1), (#""zz""#, -1), (#"null"#, -1), (#"["s"]"#, -1),
    ])
    func selectedValueMovesTheSelection(data: String, selected: Int) throws {
        let radio = try Self.element(
            #"{"type": "radio", "key": "size", "items": ["S", "M", "L"], "values": ["s", "m", "l"], "selected": 0, "bind": "selectedValue:v"}"#,
            data: #"{"v": \#(data)}"#)
        #expect(radio.properties["selected"] == .int(selected))
        #expect(radio.properties["selectedValue"] == nil, "derived, not stored")
    }

    @Test func aNumberIsAnIndexEvenWhenTheValuesAreNumbers() throws {
        // 20 is not looked up among [10, 20]: it is index 20, outside the choices.
        let radio = try Self.element(
            #"{"type": "radio", "key": "n", "items": ["ten", "twenty"], "values": [10, 20], "bind": "selectedValue:v"}"#, data: #"{"v": 20}"#)
        #expect(radio.properties["selected"] == .int(20))
        #expect(radio.fetchedValue == .null)
    }

    /// `setSelectedItem:` looks the item up in `items`; a nil item (or no items) changes nothing.
    @Test(arguments: [(#""L""#, 2), (#""XL""#, -1), (#"null"#, 0)])
    func selectedItemMovesTheSelection(data: String, selected: Int) throws {
        let radio = try Self.element(
            #"{"type": "radio", "items": ["S", "M", "L"], "selected": 0, "bind": "selectedItem:v"}"#, data: #"{"v": \#(data)}"#)
        #expect(radio.properties["selected"] == .int(selected))
        #expect(radio.properties["selectedItem"] == nil)
    }

    @Test func pairsApplyLeftToRight() throws {
        let data = #"{"m": 0, "n": "l"}"#
        let last = try Self.element(
            #"{"type": "radio", "items": ["S", "M", "L"], "values": ["s", "m", "l"], "bind": "selected:m, selectedValue:n"}"#, data: data)
        #expect(last.properties["selected"] == .int(2))
        let first = try Self.element(
            #"{"type": "radio", "items": ["S", "M", "L"], "values": ["s", "m", "l"], "bind": "selectedValue:n, selected:m"}"#, data: data)
        #expect(first.properties["selected"] == .int(0))
    }

    @Test func definitionDerivedPropertiesApplyAfterThePlainOnesInTheOrderWritten() throws {
        // `selectedValue` before `values` in the file still finds its value.
        let radio = try Self.element(#"{"type": "radio", "key": "r", "selectedValue": "l", "items": ["S", "M", "L"], "values": ["s", "m", "l"]}"#)
        #expect(radio.properties["selected"] == .int(2))
        #expect(radio.fetchedValue == .string("l"))
        let both = try Self.element(#"{"type": "radio", "items": ["S", "M", "L"], "selectedItem": "M", "selected": 0}"#)
        #expect(both.properties["selected"] == .int(1))
        // A bind comes after the definition's properties, as QuickDialog binds after building.
        let bound = try Self.element(
            #"{"type": "radio", "items": ["S", "M"], "selectedItem": "M", "bind": "selected:i"}"#, data: #"{"i": 0}"#)
        #expect(bound.properties["selected"] == .int(0))
    }

    @Test func selectedDefaultsToNoneAndSegmentedBehavesAlike() throws {
        let plain = try Self.element(#"{"type": "segmented", "key": "s", "items": ["a", "b"], "bind": "selectedItem:v"}"#, data: #"{"v": "b"}"#)
        #expect(plain.properties["selected"] == .int(1))
        let none = try Self.element(#"{"type": "radio", "key": "r", "items": ["a", "b"]}"#)
        #expect(none.selectedIndex == nil)
        #expect(none.fetchedValue == .null)
    }

    // MARK: QBooleanElement, QDecimalElement, QFloatElement

    @Test(arguments: [("1", true), ("0", false), ("10", true), ("-0.5", true), ("null", false), (#""yes""#, true), (#""0""#, false)])
    func booleanNumberValueSetsBoolValue(data: String, expected: Bool) throws {
        let boolean = try Self.element(#"{"type": "boolean", "key": "b", "bind": "numberValue:v"}"#, data: #"{"v": \#(data)}"#)
        #expect(boolean.properties["boolValue"] == .bool(expected))
        #expect(boolean.properties["numberValue"] == nil)
        #expect(boolean.fetchedValue == .bool(expected))
    }

    @Test(arguments: [("0.25", FormValue.double(0.25)), (#""0.5""#, .double(0.5)), ("null", .int(0)), (#""7""#, .int(7))])
    func decimalFloatValueSetsNumberValue(data: String, expected: FormValue) throws {
        let decimal = try Self.element(#"{"type": "decimal", "key": "d", "numberValue": 3, "bind": "floatValue:v"}"#, data: #"{"v": \#(data)}"#)
        #expect(decimal.properties["numberValue"] == expected)
        #expect(decimal.properties["floatValue"] == nil)
        #expect(decimal.fetchedValue == expected)
    }

    @Test func aFloatsFloatValueIsStoredAndNilIsZero() throws {
        let float = try Self.element(#"{"type": "float", "key": "f", "floatValue": 0.9, "bind": "floatValue:v"}"#, data: "{}")
        #expect(float.properties["floatValue"] == .int(0))
        #expect(float.fetchedValue == .int(0))
    }

    // MARK: Dates and countdowns

    /// `setTicksValue:` sets `dateValue` to 1970 plus `ticks.doubleValue` seconds, so text that
    /// starts with no number is 1970 itself and `"86400 s"` a day later; nil leaves the date alone.
    @Test(arguments: [
        ("Date", "86400", "1970-01-02"), ("Time", "37800", "10:30:00"), ("Time", "37815", "10:30:15"),
        ("DateAndTime", "1795343400", "2026-11-22T10:30:00Z"), ("DateAndTime", #""-86400.5""#, "1969-12-30T23:59:59Z"),
        ("Date", "null", "2000-01-01"), ("Date", #""soon""#, "1970-01-01"), ("Date", #""86400 s""#, "1970-01-02"),
        ("Date", #""""#, "1970-01-01"), ("Date", "1e300", "2000-01-01"),
    ])
    func ticksValueSetsTheDate(mode: String, ticks: String, expected: String) throws {
        let date = try Self.element(
            #"{"type": "date", "key": "d", "mode": "\#(mode)", "dateValue": "2000-01-01", "bind": "ticksValue:t"}"#, data: #"{"t": \#(ticks)}"#)
        #expect(date.properties["dateValue"] == .string(expected))
        #expect(date.properties["ticksValue"] == nil)
    }

    @Test func aCountdownStoresItsTicksAndIgnoresADate() throws {
        let countdown = try Self.element(
            #"{"type": "countdown", "key": "c", "dateValue": "2030-01-01", "bind": "ticksValue:t, dateValue:d"}"#,
            data: #"{"t": "90", "d": "2031-01-01"}"#)
        #expect(countdown.properties["ticksValue"] == .int(90))
        #expect(countdown.properties["dateValue"] == nil)
        #expect(countdown.fetchedValue == .int(90))
    }

    // MARK: Reading back through bind

    @Test func writingBackReadsTheGetters() throws {
        let form = try BindingSupport.bind("""
            {"sections": [{"type": "QSelectSection", "items": ["x", "y", "z"], "selectedIndexes": [2, 0], "bind": "selectedItems:picked",
              "elements": [
              {"type": "radio", "items": ["S", "M"], "values": ["s", "m"], "bind": "selected:i, selectedValue:value, selectedItem:item"},
              {"type": "boolean", "boolValue": true, "bind": "numberValue:n"},
              {"type": "decimal", "numberValue": 4, "bind": "floatValue:f"},
              {"type": "date", "mode": "Time", "dateValue": "10:30", "bind": "ticksValue:ticks"}]}]}
            """, #"{"i": 1, "value": "s", "item": "M", "n": 0, "picked": ["q"]}"#)
        var out = FormValue.emptyObject
        form.fetchValueUsingBindings(into: &out)
        // selectedItem:M left the radio on 1; QDecimalElement has no floatValue getter; a select
        // section's selectedItems is read-only, computed from selectedIndexes.
        let expected: FormValue = ["picked": ["z", "x"], "i": 1, "value": "m", "item": "M", "n": 0, "ticks": 37800]
        #expect(out == expected)
    }

    /// JsonDataSampleController's readValuesFromForm: bind, then fetchValueUsingBindingsIntoObject
    /// into an empty dictionary.
    @Test func theDataSampleReadsItsValuesBack() throws {
        let data = #"{"sectionTitle": "T", "myDate": "2024-05-01", "dateTitle": "When", "myTime": "18:30", "timeTitle": "At", "bool": 10, "float": "0.5", "radio": 1}"#
        let form = Binder.bind(try BindingSupport.sample("jsondatasample"), to: try BindingSupport.data(data))
        var out = FormValue.emptyObject
        form.fetchValueUsingBindings(into: &out)
        // The radio has no `values`, so its selectedValue reads nil and writes nothing.
        let expected: FormValue = [
            "sectionTitle": "T", "myDate": "2024-05-01", "dateTitle": "When", "myTime": "18:30", "timeTitle": "At",
            "bool": true, "float": 0.5,
        ]
        #expect(out == expected)
        #expect(BindingSupport.elements(form, section: 1)[2].selectedIndex == 1)
    }

    @Test func renderingWritesTheStoredPropertyAndBindsAgainToTheSame() throws {
        let definition = try BindingSupport.definition("""
            {"sections": [{"elements": [
              {"type": "radio", "key": "r", "items": ["S", "M"], "values": ["s", "m"], "selectedValue": "m"},
              {"type": "boolean", "key": "b", "bind": "numberValue:n"},
              {"type": "date", "key": "d", "mode": "Date", "ticksValue": 0}]}]}
            """)
        let data = try BindingSupport.data(#"{"n": 5}"#)
        let rendered = Binder.bind(definition, to: data).rendered.encoded
        let elements = rendered.value(atPath: "sections[0].elements")
        #expect(elements?[0]?["selected"] == .int(1))
        #expect(elements?[0]?["selectedValue"] == nil)
        #expect(elements?[1]?["boolValue"] == .bool(true))
        #expect(elements?[2]?["dateValue"] == .string("1970-01-01"))
        #expect(elements?[2]?["ticksValue"] == nil)
        let again = Binder.bind(try FormDefinition(json: rendered.jsonString()), to: data)
        #expect(again.fetchValueIntoObject() == ["r": "m", "b": true, "d": "1970-01-01"])
    }
}
