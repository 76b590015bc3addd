import Testing

@testable import FormCore

/// What a definition may say: aliases, 0/1 booleans, enum names from their tables.
@Suite struct DefinitionAcceptanceTests {
    func form(elements: String) -> String { #"{"sections":[{"elements":[\#(elements)]}]}"# }

    func element(_ json: String) throws -> Element {
        let form = try FormDefinition(json: form(elements: json))
        return try #require(form.sections.first?.elements?.first)
    }

    @Test(arguments: [
        ("entry", ElementKind.entry), ("boolean", .boolean), ("radio", .radio), ("decimal", .decimal),
        ("date", .dateTimeInline), ("multiline", .multiline), ("button", .button), ("label", .label),
        ("text", .text), ("Entry", .entry), ("QEntryElement", .entry), ("qbooleanelement", .boolean),
        ("slider", .float), ("picker", .picker), ("segmented", .segmented), ("map", .map),
    ])
    func aliases(name: String, kind: ElementKind) throws {
        let element = try element(#"{"type":"\#(name)","key":"k"}"#)
        #expect(element.kind == kind)
        // The author's spelling is what is written back.
        #expect(element.encoded["type"] == .string(name))
    }

    @Test(arguments: [
        (#""enabled":0"#, false), (#""enabled":1"#, true), (#""hidden":true"#, true), (#""hidden":1.0"#, true),
    ])
    func booleansAsNumbers(property: String, expected: Bool) throws {
        let element = try element(#"{"type":"entry",\#(property)}"#)
        let name = String(property.dropFirst().prefix { $0 != "\"" })
        #expect(element.flag(name) == expected)
    }

    @Test(arguments: [2, -1])
    func otherNumbersAreNotBooleans(number: Int) throws {
        let issues = definitionIssues(form(elements: #"{"type":"boolean","boolValue":\#(number)}"#))
        #expect(issues.map(\.code) == [.wrongValueType])
        #expect(issues.first?.message.contains("a boolean (true, false, 0 or 1)") == true)
    }

    @Test func everyEnumNameInEveryTableIsAccepted() throws {
        let tables: [(String, String, [String])] = [
            ("entry", "keyboardType", EnumTables.keyboardType),
            ("entry", "autocapitalizationType", EnumTables.autocapitalizationType),
            ("entry", "autocorrectionType", EnumTables.autocorrectionType),
            ("entry", "returnKeyType", EnumTables.returnKeyType),
            ("entry", "keyboardAppearance", EnumTables.keyboardAppearance),
            ("date", "mode", EnumTables.dateMode), ("datetime", "mode", EnumTables.dateMode),
            ("label", "accessoryType", EnumTables.accessoryType), ("root", "presentationMode", EnumTables.presentationMode),
            ("image", "source", EnumTables.imageSource), ("loading", "indicatorStyle", EnumTables.indicatorViewStyle),
            ("entry", "labelingPolicy", EnumTables.labelingPolicy), ("label", "cellStyle", EnumTables.cellStyle),
        ]
        for (type, property, names) in tables {
            for name in names {
                let issues = definitionIssues(form(elements: #"{"type":"\#(type)","\#(property)":"\#(name)"}"#))
                #expect(issues.isEmpty, "\(type).\(property) = \(name): \(issues)")
            }
            // The lookup is exact, as QuickDialog's table is: a lower-cased name is refused.
            let lowered = definitionIssues(form(elements: #"{"type":"\#(type)","\#(property)":"\#(names[1].lowercased())x"}"#))
            #expect(lowered.map(\.code) == [.unknownEnumName], "\(type).\(property)")
        }
    }

    @Test func quickDialogEnumTablesMatchTheReadme() {
        #expect(EnumTables.autocapitalizationType == ["None", "Words", "Sentences", "AllCharacters"])
        #expect(EnumTables.autocorrectionType == ["Default", "No", "Yes"])
        #expect(EnumTables.keyboardType == [
            "Default", "ASCIICapable", "NumbersAndPunctuation", "URL", "NumberPad", "PhonePad", "NamePhonePad",
            "EmailAddress", "DecimalPad", "Twitter", "Alphabet",
        ])
        #expect(EnumTables.keyboardAppearance == ["Default", "Alert"])
        #expect(EnumTables.returnKeyType == [
            "Default", "Go", "Google", "Join", "Next", "Route", "Search", "Send", "Yahoo", "Done", "EmergencyCall",
        ])
        #expect(EnumTables.dateMode == ["Date", "Time", "DateAndTime"])
        #expect(EnumTables.imageSource == ["photoLibrary", "camera", "savedPhotosAlbum"])
    }

    @Test func inheritedPropertiesAreKnown() throws {
        // A countdown is a date-time inline element is an entry is a label is a root: all theirs apply.
        let json = #"{"type":"countdown","mode":"Time","placeholder":"p","value":1,"title":"t","key":"k","sections":[]}"#
        #expect(definitionIssues(form(elements: json)).isEmpty)
        #expect(ElementKind.countdown.isA(.entry) && ElementKind.segmented.isA(.radio) && !ElementKind.progress.isA(.root))
    }

    @Test func expressionsAreAcceptedWhereAnyTypeIsExpected() throws {
        let json = #"{"type":"entry","hidden":"@{age < 18}","maxLength":"@{limit}","keyboardType":"@{kb}"}"#
        #expect(definitionIssues(form(elements: json)).isEmpty)
    }

    @Test func numbersWhereAStringIsMeantAreAccepted() throws {
        #expect(try element(#"{"type":"label","title":2020}"#).title == "2020")
    }

    @Test func sectionTypes() throws {
        let json = #"{"sections":[{"type":"QSelectSection","items":["a","b"],"multipleAllowed":1},{"type":"radiosection","selected":0},{"type":"QSortingSection","sortingEnabled":true}]}"#
        let (form, warnings) = try FormDefinition.decode(json: json)
        #expect(warnings.isEmpty)
        #expect(form.sections.map(\.kind) == [.select, .radio, .sorting])
        #expect(form.sections.map(\.typeName) == ["QSelectSection", "radiosection", "QSortingSection"])
    }
}
