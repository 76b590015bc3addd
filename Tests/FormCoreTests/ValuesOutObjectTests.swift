import Testing

@testable import FormCore

/// `fetchValueIntoObject`: every keyed element's value by key, by QuickDialog's per-type rules.
@Suite struct ValuesOutObjectTests {
    func values(_ elements: String, data: String = "{}") throws -> FormValue {
        try BindingSupport.bind(#"{"sections": [{"elements": ["# + elements + "]}]}", data).fetchValueIntoObject()
    }

    @Test func entriesGiveTheirTextValue() throws {
        let out = try values(#"{"type": "entry", "key": "name", "textValue": "Ann"}, {"type": "multiline", "key": "bio", "textValue": "Hi\nthere"}, {"type": "autoentry", "key": "city", "textValue": "Oslo"}"#)
        let expected: FormValue = ["name": "Ann", "bio": "Hi\nthere", "city": "Oslo"]
        #expect(out == expected)
    }

    @Test(arguments: [("true", true), ("false", false), ("1", true), ("0", false)])
    func booleansGiveABool(written: String, expected: Bool) throws {
        let out = try values(#"{"type": "boolean", "key": "vip", "boolValue": "# + written + "}")
        #expect(out == ["vip": .bool(expected)])
    }

    @Test func numbersDatesAndTextGiveTheirValue() throws {
        let out = try values("""
            {"type": "float", "key": "volume", "floatValue": 0.25},
            {"type": "decimal", "key": "price", "numberValue": 12.5},
            {"type": "date", "key": "when", "dateValue": "2024-05-01T18:30:00Z"},
            {"type": "datetime", "key": "until", "dateValue": "2024-06-01T00:00:00Z"},
            {"type": "text", "key": "notes", "text": "Bring cake"}
            """)
        let expected: FormValue = [
            "volume": 0.25, "price": 12.5, "when": "2024-05-01T18:30:00Z", "until": "2024-06-01T00:00:00Z", "notes": "Bring cake",
        ]
        #expect(out == expected)
    }

    @Test func radiosGiveTheValueAtTheSelectionOrTheIndex() throws {
        let out = try values("""
            {"type": "radio", "key": "size", "items": ["Small", "Large"], "values": ["S", "L"], "selected": 1},
            {"type": "radio", "key": "plain", "items": ["a", "b", "c"], "selected": 2},
            {"type": "segmented", "key": "none", "items": ["a", "b"]},
            {"type": "radio", "key": "bound", "items": ["item 1", "item 2"], "values": ["ten", "twenty"], "bind": "selectedValue:choice"},
            {"type": "radio", "key": "outside", "items": ["a", "b"], "selected": 2}
            """, data: #"{"choice": "twenty"}"#)
        // QRadioElement stores nothing for a selection outside its items.
        let expected: FormValue = ["size": "L", "plain": 2, "none": nil, "bound": "twenty", "outside": nil]
        #expect(out == expected)
    }

    @Test func selectSectionsGiveTheirSelectedIndexesAndPickersTheirValue() throws {
        let form = try BindingSupport.bind("""
            {"sections": [
              {"type": "QSelectSection", "key": "toppings", "items": ["ham", "egg", "kale"], "selectedIndexes": [0, 2], "elements": []},
              {"type": "select", "key": "sauce", "items": ["red", "white"], "values": ["r", "w"], "selectedIndexes": [1], "elements": []},
              {"elements": [{"type": "picker", "key": "time", "items": [["1", "2"], ["00", "30"]], "value": "2:30"}]}]}
            """, "{}")
        let expected: FormValue = ["toppings": [0, 2], "sauce": ["w"], "time": "2:30"]
        #expect(form.fetchValueIntoObject() == expected)
    }

    @Test func labelsButtonsAndUnkeyedElementsGiveNothing() throws {
        let out = try values("""
            {"type": "label", "key": "l", "value": "shown"}, {"type": "button", "key": "b", "title": "Go"},
            {"type": "badge", "key": "badge", "value": "3"}, {"type": "entry", "textValue": "no key"}
            """)
        #expect(out == .emptyObject)
    }

    @Test func theDataSampleGivesOnlyItsKeyedValueElements() throws {
        // The sample's keyed elements are labels and buttons; its value elements have no key.
        let form = Binder.bind(try BindingSupport.sample("jsondatasample"), to: ["bool": true, "myDate": "2024-05-01"])
        #expect(form.fetchValueIntoObject() == .emptyObject)
        let login = Binder.bind(try BindingSupport.sample("loginform"), to: ["login": "ann", "password": "pw"])
        #expect(login.fetchValueIntoObject() == ["login": "ann", "password": "pw"])
    }

    @Test func repeatsGiveArraysOfObjectsAtTheIteratePath() throws {
        let form = try BindingSupport.bind("""
            {"sections": [{"elements": [{"type": "entry", "key": "host", "textValue": "Zed"}]},
              {"bind": "iterate:party.guests", "elementTemplate": {"type": "entry", "key": "email", "bind": "textValue:mail"}},
              {"bind": "iterate:party.guests", "elementTemplate": {"type": "boolean", "key": "vip", "bind": "boolValue:vip"}}]}
            """, #"{"party": {"guests": [{"mail": "a@x", "vip": 1}, {"mail": "b@x", "vip": 0}]}}"#)
        let out = form.fetchValueIntoObject()
        #expect(out.value(atPath: "guests[1].email") == nil, "values go under the iterate path, not at the top")
        #expect(out.value(atPath: "party.guests[1].email") == .string("b@x"))
        let expected: FormValue = ["host": "Zed", "party": ["guests": [["email": "a@x", "vip": true], ["email": "b@x", "vip": false]]]]
        #expect(out == expected)
    }

    @Test func nestedRepeatsGiveNestedArrays() throws {
        let form = try BindingSupport.bind("""
            {"bind": "iterate:guests", "sectionTemplate": {"bind": "iterate:pets",
              "beforeTemplateElements": [{"type": "entry", "key": "email", "placeholder": "own", "bind": "textValue:placeholder"}],
              "elementTemplate": {"type": "entry", "key": "pet", "bind": "textValue:name"}}}
            """, #"{"guests": [{"email": "a@x", "pets": [{"name": "Rex"}, {"name": "Tom"}]}, {"email": "b@x", "pets": [{"name": "Kit"}]}]}"#)
        // The element before the template is bound to its own JSON, yet its value belongs to the guest.
        let expected: FormValue = ["guests": [["email": "own", "pets": [["pet": "Rex"], ["pet": "Tom"]]], ["email": "own", "pets": [["pet": "Kit"]]]]]
        #expect(form.fetchValueIntoObject() == expected)
        #expect(form.definition.sections[0].elements?[2].valuePath?.description == "guests[0].pets[1].pet")
    }
}
