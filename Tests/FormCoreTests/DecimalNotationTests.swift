import Testing
@testable import FormCore

/// Numbers are read in decimal notation only: hex never, an exponent only in a float (slider).
@Suite struct DecimalNotationTests {
    static let form = """
        {"sections": [{"elements": [
          {"type": "decimal", "key": "seats"}, {"type": "decimal", "key": "price", "fractionDigits": 2},
          {"type": "float", "key": "level"}]}]}
        """

    /// Numbers in another notation, each told which notation is taken.
    @Test(arguments: [("seats", "0x10"), ("seats", "1e1"), ("seats", "1E1"), ("price", "2.5e1"), ("seats", "inf"), ("seats", "nan"),
                      ("seats", "-0x1F"), ("level", "0x1p3"), ("level", "infinity")])
    func notationsOtherThanDecimalAreRefused(_ key: String, _ text: String) throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        for input in [FormInput(answers: [key: .string(text)]), FormInput(overrides: [FieldOverride(key: key, text: text)])] {
            let filled = form.fill(input)
            #expect(filled.errors.map(\.path) == [key], "\(text): \(filled.errors)")
            #expect(filled.errors.first?.message.hasPrefix("must be a number in decimal notation") == true, "\(filled.errors)")
        }
    }

    @Test(arguments: ["0b11", "0o7", "1_000", ".", "+", "1.2.3", "1e", "e5", "١٢", "many"])
    func textThatIsNoNumberIsRefused(_ text: String) throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        for key in ["seats", "level"] {
            let filled = form.fill(FormInput(answers: [key: .string(text)]))
            #expect(filled.errors.map(\.message) == ["must be a number"], "\(key) \(text): \(filled.errors)")
        }
    }

    @Test(arguments: [("seats", "16", FormValue.int(16)), ("seats", "-3", .int(-3)), ("seats", "+7", .int(7)), ("price", "2.50", .double(2.5)),
                      ("price", ".5", .double(0.5)), ("level", "1.5e3", .double(1500)), ("level", "2.5E-1", .double(0.25)), ("level", " 3 ", .double(3)),
                      ("seats", "7.0", .int(7)), ("price", "10", .double(10))])
    func decimalNotationIsRead(_ key: String, _ text: String, _ expected: FormValue) throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        let filled = form.fill(FormInput(answers: [key: .string(text)]))
        #expect(filled.errors.isEmpty, "\(text): \(filled.errors)")
        #expect(filled.valuesToStore[key] == expected, "\(text): \(String(describing: filled.valuesToStore[key]))")
    }

    /// A field holds one value for one number, whatever its notation or source: a whole-number
    /// field an integer, a field with fractions a double. An expression reading it gives one
    /// result, so a row exported (where `7.0` is written `7`) and imported again computes what
    /// it stored.
    @Test func aNumberIsHeldAlikeWhateverItsNotation() throws {
        let form = try CompiledForm(definition: FormDefinition(json: """
            {"sections": [{"elements": [
              {"type": "decimal", "key": "a"}, {"type": "decimal", "key": "b"},
              {"type": "decimal", "key": "x", "fractionDigits": 2}, {"type": "decimal", "key": "y", "fractionDigits": 2},
              {"type": "entry", "key": "whole", "textValue": "@{a / b}"}, {"type": "entry", "key": "real", "textValue": "@{x / y}"}]}]}
            """))
        let inputs: [FormInput] = [
            FormInput(answers: ["a": "7", "b": "2", "x": "7", "y": "2"]),
            FormInput(answers: ["a": "7.0", "b": "2.00", "x": "7.0", "y": "2.00"]),
            FormInput(answers: ["a": .int(7), "b": .int(2), "x": .int(7), "y": .int(2)]),
            FormInput(answers: ["a": .double(7), "b": .double(2), "x": .double(7), "y": .double(2)]),
            FormInput(overrides: [FieldOverride(key: "a", text: "7.0"), FieldOverride(key: "b", text: "2"),
                                  FieldOverride(key: "x", text: "7"), FieldOverride(key: "y", text: "2.0")]),
        ]
        for input in inputs {
            let filled = form.fill(input)
            #expect(filled.errors.isEmpty, "\(filled.errors)")
            let values = filled.valuesToStore
            #expect(values["a"] == .int(7) && values["x"] == .double(7), "\(values)")
            #expect(values["whole"] == .int(3) && values["real"] == .double(3.5), "\(values)")
        }
    }

    /// A number given as JSON that its field cannot hold as it is is refused, as the same
    /// number given as text is, rather than stored as another: an integer past Int's range
    /// (which JSON reads as a double) in a whole-number field, an integer a double cannot hold
    /// in a field with fractions. Those the field holds exactly are kept.
    @Test func jsonNumbersAFieldCannotHoldAsTheyAreAreRefused() throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        for (key, json) in [("seats", "99999999999999999999"), ("seats", "-12345678901234567890123"), ("seats", "1e20"),
                            ("price", "9007199254740993"), ("price", "99999999999999999"), ("level", "1234567890123456789")] {
            let answers = try FormValue(json: #"{"\#(key)": \#(json)}"#)
            let filled = form.fill(FormInput(answers: answers))
            #expect(filled.errors.map(\.message) == ["must have at most 15 significant digits: a number keeps no more exactly"],
                    "\(key) \(json): \(filled.errors)")
            #expect(filled.errors.map(\.message) == form.fill(FormInput(answers: [key: .string(json)])).errors.map(\.message)
                    || json == "1e20", "\(key) \(json): as text")
        }
        for (key, json, expected) in [("seats", "9223372036854775807", FormValue.int(.max)), ("seats", "1.0e3", .int(1000)),
                                      ("price", "9007199254740992", .double(9_007_199_254_740_992)),
                                      ("price", "1200000000000000000", .double(1.2e18)), ("level", "1e300", .double(1e300))] {
            let filled = form.fill(FormInput(answers: try FormValue(json: #"{"\#(key)": \#(json)}"#)))
            #expect(filled.errors.isEmpty && filled.valuesToStore[key] == expected, "\(key) \(json): \(filled.errors)")
        }
    }

    /// A number held as a double keeps 15 significant digits exactly: one with more would be
    /// stored as another number, so it is refused in every field that would hold it so. A
    /// whole-number field holds integers exactly, to Int's bounds.
    @Test func moreDigitsThanADoubleKeepsAreRefused() throws {
        let form = try CompiledForm(definition: FormDefinition(json: Self.form))
        for (key, text) in [("price", "99999999999999999"), ("seats", "12345678901234567890123"), ("level", "3.14159265358979323"),
                            ("price", "9007199254740993.0"), ("seats", "0.1234567890123456")] {
            for input in [FormInput(answers: [key: .string(text)]), FormInput(overrides: [FieldOverride(key: key, text: text)])] {
                let filled = form.fill(input)
                #expect(filled.errors.map(\.message) == ["must have at most 15 significant digits: a number keeps no more exactly"],
                        "\(key) \(text): \(filled.errors)")
            }
        }
        for (key, text, expected) in [("seats", "99999999999999999", FormValue.int(99_999_999_999_999_999)),
                                      ("price", "1234567890123.45", .double(1_234_567_890_123.45)), ("level", "0.000000000000001", .double(1e-15)),
                                      ("level", "1200000000000000000000", .double(1.2e21)), ("level", "-3.50e4", .double(-35_000))] {
            let filled = form.fill(FormInput(answers: [key: .string(text)]))
            #expect(filled.errors.isEmpty && filled.valuesToStore[key] == expected, "\(key) \(text): \(filled.errors)")
        }
    }
}
