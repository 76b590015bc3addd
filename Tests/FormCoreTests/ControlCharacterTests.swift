import Testing

@testable import FormCore

/// Control characters never reach a stored value, from typed text or from JSON answers: an ESC
/// in a name would move the cursor of whoever prints it later.
@Suite struct ControlCharacterTests {
    static let form = #"""
        {"sections": [{"elements": [
            {"type": "entry", "key": "name"},
            {"type": "multiline", "key": "notes"}
        ]}]}
        """#

    static func errors(_ input: FormInput) throws -> [FieldError] {
        try CompiledForm(definition: try FormDefinition(json: form)).fill(input).errors
    }

    @Test(arguments: ["Ada Lovelac\u{1B}[DX", "bell\u{07}", "nul\u{0}", "del\u{7F}", "c1\u{9B}31m", "two\nlines", "tab\there", "cr\r"])
    func aOneLineFieldRefusesControlCharacters(text: String) throws {
        let typed = try Self.errors(FormInput(overrides: [FieldOverride(key: "name", text: text)]))
        #expect(typed.map(\.path) == ["name"])
        #expect(typed.first?.message.hasPrefix("contains ") == true, "\(typed)")
        let answered = try Self.errors(FormInput(answers: ["name": .string(text)]))
        #expect(answered.map(\.path) == ["name"])
    }

    @Test func theMessageSaysWhichCharacterAndWhere() throws {
        let errors = try Self.errors(FormInput(answers: ["name": "Ada\u{1B}[D"]))
        #expect(errors.first?.message == "contains a control character (U+001B) at character 4")
    }

    @Test func multilineTextKeepsLineBreaksAndTabsOnly() throws {
        #expect(try Self.errors(FormInput(answers: ["notes": "one\ntwo\r\nthree\tfour"])).isEmpty)
        #expect(try Self.errors(FormInput(answers: ["notes": "one\u{1B}[2J"])).map(\.path) == ["notes"])
        // A lone CR (old Mac line ends) is a line break too, stored as LF.
        let filled = try CompiledForm(definition: try FormDefinition(json: Self.form)).fill(FormInput(answers: ["notes": "lone\rcarriage return"]))
        #expect(filled.errors.isEmpty && filled.values["notes"] == "lone\ncarriage return", "\(filled.errors) \(filled.values)")
    }

    /// The byte scan finds what the scalar definition finds: every scalar to U+3100 alone, at the
    /// start, middle and end of ASCII and non-ASCII text (so C1 controls, encoded 0xC2 0x80 to
    /// 0xC2 0x9F, are told from the letters next to them, 0xC2 0xA0 and up).
    @Test func theByteScanFindsWhatTheScalarsSay() {
        for value in UInt32(0)...0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = ControlCharacterCheck.isControl(scalar)
            for text in [String(scalar), "a" + String(scalar), String(scalar) + "é", "ñé" + String(scalar) + "✓ x"] {
                #expect(ControlCharacterCheck.containsControl(text) == expected, "U+\(String(value, radix: 16))")
            }
        }
        #expect(!ControlCharacterCheck.containsControl("Attendee 1 ✓ \u{A0}\u{C2}\u{FF}"))
    }
}
