import Testing

@testable import FormCore

/// Scalars bound from data land as QuickDialog's key-value coding setters take them: a `BOOL`
/// property from a number is `number != 0` and from nil `NO`, an integer truncates, a number
/// takes a numeric string's number. Expected results follow Foundation's `boolValue`,
/// `integerValue` and `setNilValueForKey:` overrides in the element classes.
@Suite struct SetterCoercionTests {
    static func values(_ element: String, data: String) throws -> FormValue {
        try BindingSupport.bind(#"{"sections": [{"elements": ["# + element + "]}]}", data).fetchValueIntoObject()
    }

    @Test(arguments: [
        ("10", true), ("1", true), ("0", false), ("0.0", false), ("-2", true), ("true", true), ("null", false),
        (#""yes""#, true), (#""no""#, false), (#""  -007""#, true), (#""00""#, false), (#""true""#, true), (#""""#, false),
        (#"[1]"#, false), (#"{"a": 1}"#, false),
    ])
    func aBooleanBoundToAnyValue(data: String, expected: Bool) throws {
        let out = try Self.values(#"{"type": "boolean", "key": "b", "boolValue": true, "bind": "boolValue:v"}"#, data: #"{"v": \#(data)}"#)
        #expect(out == ["b": .bool(expected)])
    }

    @Test func aBooleanBoundToAMissingPathIsFalse() throws {
        let out = try Self.values(#"{"type": "boolean", "key": "b", "boolValue": true, "bind": "boolValue:nowhere"}"#, data: "{}")
        #expect(out == ["b": false])
    }

    /// An NSInteger set through key-value coding: a number's integer part, text's `integerValue`
    /// (no leading number is 0, the first item); null, which QuickDialog cannot set, no selection.
    @Test(arguments: [("1.7", 1), ("-1.7", -1), (#""2""#, 2), ("true", 1), ("null", -1), (#""two""#, 0), (#""2 of 3""#, 2),
                      (#""1.7""#, 1), (#""""#, 0)])
    func selectedTakesTheIntegerPart(data: String, selected: Int) throws {
        let form = try BindingSupport.bind(
            #"{"sections": [{"elements": [{"type": "radio", "key": "r", "items": ["a", "b", "c"], "bind": "selected:v"}]}]}"#,
            #"{"v": \#(data)}"#)
        #expect(BindingSupport.elements(form, section: 0)[0].properties["selected"] == .int(selected))
        #expect(form.fetchValueIntoObject() == ["r": selected >= 0 ? .int(selected) : .null])
    }

    @Test func aFloatBoundToANumericStringIsThatNumberAndFillsWithIt() throws {
        let json = #"{"sections": [{"elements": [{"type": "float", "key": "f", "bind": "floatValue:v"}]}]}"#
        let data: FormValue = ["v": "0.5"]
        #expect(Binder.bind(try FormDefinition(json: json), to: data).fetchValueIntoObject() == ["f": 0.5])
        let filled = try CompiledForm(definition: try FormDefinition(json: json), data: data).fill(FormInput())
        #expect(filled.errors.isEmpty)
        #expect(filled.valuesToStore == ["f": 0.5])
    }

    @Test func otherScalarPropertiesAreCoercedByTheirType() throws {
        let form = try BindingSupport.bind(
            """
            {"sections": [{"bind": "hidden:zero", "elements": [
              {"type": "entry", "key": "e", "bind": "hidden:one, required:text, maxLength:len, title:n"},
              {"type": "decimal", "key": "d", "bind": "numberValue:s, minimumValue:s"}]}]}
            """,
            #"{"zero": 0, "one": 1, "text": "Yes please", "len": 3.9, "n": 42, "s": " 12 "}"#)
        let section = form.definition.sections[0]
        #expect(section.properties["hidden"] == .bool(false))
        let elements = BindingSupport.elements(form, section: 0)
        #expect(elements[0].properties["hidden"] == .bool(true))
        #expect(elements[0].properties["required"] == .bool(true))
        #expect(elements[0].properties["maxLength"] == .int(3))
        // Strings stay what the data gave; a title shows a number as it is.
        #expect(elements[0].properties["title"] == .int(42))
        #expect(elements[1].properties["numberValue"] == .int(12))
        #expect(elements[1].properties["minimumValue"] == .int(12))
    }

    @Test(arguments: ["0x10", "nan", "inf", "1e", "--1", "1.2.3", "12abc", " "])
    func textThatIsNoDecimalNumberStaysText(text: String) {
        #expect(PropertyType.number.coercedForSetter(.string(text)) == .string(text))
    }
}
