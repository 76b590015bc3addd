import Testing

@testable import FormCore

/// The JSON Schema comes from the decoder's own tables: every class, alias and property is in
/// it, with words for an editor to show, and nothing else is.
@Suite struct DefinitionSchemaTests {
    let defs: [String: FormValue] = {
        guard case .object(let defs)? = DefinitionSchema.document["$defs"] else { return [:] }
        return Dictionary(uniqueKeysWithValues: defs.map { ($0.key, $0.value) })
    }()

    func propertyNames(of def: String) -> Set<String> {
        guard case .object(let properties)? = defs[def]?["properties"] else { return [] }
        return Set(properties.keys)
    }

    @Test func everyElementClassHasItsTablesProperties() {
        for kind in ElementKind.allCases {
            #expect(propertyNames(of: kind.rawValue) == Set(kind.properties.keys).union(["type"]), "\(kind)")
            #expect(defs[kind.rawValue]?["additionalProperties"] == false)
        }
        #expect(propertyNames(of: "root") == Set(ElementKind.root.properties.keys).union(["type", "$schema"]))
    }

    @Test func everySectionClassHasItsTablesProperties() {
        for kind in SectionKind.allCases {
            #expect(propertyNames(of: kind.rawValue) == Set(kind.properties.keys), "\(kind)")
        }
    }

    @Test func everyTypeNameAndAliasIsAccepted() {
        guard case .array(let names)? = defs["element"]?["else"]?["properties"]?["type"]?["enum"] else {
            Issue.record("no element type names")
            return
        }
        #expect(Set(names.compactMap(\.stringValue)) == Set(ElementKind.allTypeNames))
    }

    @Test func everyPropertyAndClassHasADescription() {
        let names = ElementKind.allCases.flatMap { $0.properties.keys } + SectionKind.allCases.flatMap { $0.properties.keys }
        for name in Set(names) {
            #expect(!DefinitionSchema.description(ofProperty: name).isEmpty, "\(name) has no description")
        }
        #expect(Set(DefinitionSchema.propertyDescriptions.keys) == Set(names), "descriptions of properties no table has")
    }

    /// A root `data` entry needs a name and a class, and takes nothing else; `classes` maps each
    /// custom class's members to their classes.
    @Test func rootDataAndClassesAreDescribed() {
        let entry = defs["root"]?["properties"]?["data"]?["items"]
        #expect(entry?["required"] == ["name", "class"])
        #expect(entry?["additionalProperties"] == false)
        #expect(entry?["properties"]?["class"]?["type"] == "string")
        #expect(entry?["properties"]?["defaultValue"]?["description"]?.stringValue?.contains("Swift literal") == true)
        #expect(defs["root"]?["properties"]?["classes"]?["additionalProperties"]?["additionalProperties"]?["type"] == "string")
    }

    @Test func enumNamesComeFromTheDecodersTables() {
        let keyboard = defs["QEntryElement"]?["properties"]?["keyboardType"]?["anyOf"]?[0]?["enum"]
        #expect(keyboard == .array(EnumTables.keyboardType.map(FormValue.string)))
    }
}
