import OrderedCollections

/// The JSON Schema (draft 2020-12) of the definition format, for editors: completion, hover
/// text and errors while a form is typed.
///
/// Generated from the same tables the decoder checks against (`ElementKind.properties`,
/// `SectionKind.properties`, `PropertyType`, the enum-name tables and the type aliases), so the
/// schema and the decoder cannot disagree about which property a class has or what it holds.
/// Where the decoder only warns (an unknown property), the schema refuses, so that an editor
/// underlines the typo.
package enum DefinitionSchema {
    /// The schema as a JSON value; `JSONWriter` prints it.
    package static var document: FormValue {
        var defs: OrderedDictionary<String, FormValue> = [
            "expression": [
                "type": "string", "pattern": "@\\{",
                "description": "An @{...} expression, evaluated against the form's values and data.",
            ],
            "element": elementDispatch,
            "section": sectionDispatch,
            "include": include,
            "languageTag": languageTag,
            "textMap": textMap,
        ]
        for (name, type) in valueTypes { defs[name] = type }
        for kind in ElementKind.allCases { defs[kind.rawValue] = elementSchema(kind, isRoot: false) }
        defs["root"] = elementSchema(.root, isRoot: true)
        for kind in SectionKind.allCases { defs[kind.rawValue] = sectionSchema(kind) }
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "formctl form definition",
            "description": .string(
                "A form in QuickDialog's JSON format as formctl reads it: a root element with sections of "
                    + "typed elements. Type names are QuickDialog's class names or formctl's short aliases "
                    + "(formctl also accepts them in any letter case)."),
            "$ref": "#/$defs/root",
            "$defs": .object(defs),
        ]
    }

    // MARK: Elements and sections

    static func elementSchema(_ kind: ElementKind, isRoot: Bool) -> FormValue {
        var properties: OrderedDictionary<String, FormValue> = [
            "type": [
                "enum": .array(([kind.rawValue] + kind.aliases).map(FormValue.string)),
                "description": .string(DefinitionSchema.description(of: kind)),
            ],
        ]
        if isRoot {
            properties[DefinitionDecoder.schemaKey] = [
                "type": "string", "description": "The JSON Schema this file follows (this one), for editors.",
            ]
        }
        for (name, type) in kind.properties.sorted(by: { $0.key < $1.key }) {
            properties[name] = propertySchema(name, type)
        }
        var schema: OrderedDictionary<String, FormValue> = [
            "type": "object",
            "description": .string(DefinitionSchema.description(of: kind)),
            "properties": .object(properties),
            "additionalProperties": false,
        ]
        if !isRoot { schema["required"] = ["type"] }
        return .object(schema)
    }

    static func sectionSchema(_ kind: SectionKind) -> FormValue {
        var properties: OrderedDictionary<String, FormValue> = [:]
        for (name, type) in kind.properties.sorted(by: { $0.key < $1.key }) where name != "type" {
            properties[name] = propertySchema(name, type)
        }
        properties["type"] = [
            "enum": .array(([kind.rawValue] + kind.aliases).map(FormValue.string)),
            "description": .string(DefinitionSchema.description(of: kind)),
        ]
        return [
            "type": "object",
            "description": .string(DefinitionSchema.description(of: kind)),
            "properties": .object(properties),
            "additionalProperties": false,
        ]
    }

    /// An element is an include, or chosen by its `type` among the classes and aliases.
    static var elementDispatch: FormValue {
        let names = ElementKind.allCases.flatMap { [$0.rawValue] + $0.aliases }
        let cases = ElementKind.allCases.map { kind -> FormValue in
            [
                "if": ["properties": ["type": ["enum": .array(([kind.rawValue] + kind.aliases).map(FormValue.string))]]],
                "then": ["$ref": .string("#/$defs/\(kind.rawValue)")],
            ]
        }
        return [
            "type": "object",
            "if": ["required": ["include"]],
            "then": ["$ref": "#/$defs/include"],
            "else": [
                "required": ["type"],
                "properties": ["type": ["enum": .array(names.map(FormValue.string))]],
                "allOf": .array(cases),
            ],
        ]
    }

    /// A section is an include, or chosen by its optional `type` (QSection without one).
    static var sectionDispatch: FormValue {
        let names = SectionKind.allCases.flatMap { [$0.rawValue] + $0.aliases }
        var cases = SectionKind.allCases.map { kind -> FormValue in
            [
                "if": [
                    "required": ["type"],
                    "properties": ["type": ["enum": .array(([kind.rawValue] + kind.aliases).map(FormValue.string))]],
                ],
                "then": ["$ref": .string("#/$defs/\(kind.rawValue)")],
            ]
        }
        cases.append(["if": ["not": ["required": ["type"]]], "then": ["$ref": "#/$defs/QSection"]])
        return [
            "type": "object",
            "if": ["required": ["include"]],
            "then": ["$ref": "#/$defs/include"],
            "else": [
                "properties": ["type": ["enum": .array(names.map(FormValue.string))]],
                "allOf": .array(cases),
            ],
        ]
    }

    static var include: FormValue {
        [
            "type": "object",
            "description": "A reusable part read from another file: a form's sections, a section, or an element.",
            "required": ["include"],
            "properties": [
                "include": [
                    "type": "string", "minLength": 1,
                    "description": "The file to include, relative to the including file and inside its directory.",
                ],
                "shared_data": [
                    "type": ["object", "string"],
                    "description": "The data the included part is bound to: an object, or an \"@{keyPath}\" of the including form's data.",
                ],
                Include.inlinedKey: [
                    "type": "object",
                    "description": "The included file's content, as stored with each version; written by formctl.",
                ],
            ],
        ]
    }

    // MARK: Properties

    /// The properties that hold nested sections and elements rather than plain values.
    static func propertySchema(_ name: String, _ type: PropertyType) -> FormValue {
        let described = { (schema: FormValue) -> FormValue in
            guard case .object(var object) = schema else { return schema }
            object["description"] = .string(DefinitionSchema.description(ofProperty: name))
            return .object(object)
        }
        switch name {
        case "sections": return described(["type": "array", "items": ["$ref": "#/$defs/section"]])
        case "sectionTemplate": return described(["$ref": "#/$defs/section"])
        case "elements", "beforeTemplateElements", "afterTemplateElements":
            return described(["type": "array", "items": ["$ref": "#/$defs/element"]])
        case "elementTemplate": return described(["$ref": "#/$defs/element"])
        // File rules are limits enforced while a file is read, before any expression could
        // run: literal values only, as `check` says.
        case "language": return described(["$ref": "#/$defs/languageTag"])
        case "strings": return described(strings)
        case "data": return described(dataDeclarations)
        case "classes": return described(dataClasses)
        case "maxSize", "maximumFiles", "maxUploadSize", "imageMaxLength":
            return described(["anyOf": [["type": "integer", "minimum": 1], ["type": "null"]]])
        case "accept":
            return described([
                "anyOf": [["type": "array", "items": ["type": "string", "pattern": .string(FileAcceptEntry.schemaPattern)]], ["type": "null"]],
            ])
        default: break
        }
        switch type {
        case .enumName(let names):
            return described([
                "anyOf": [["enum": .array(names.map(FormValue.string))], ["$ref": "#/$defs/expression"], ["type": "null"]],
            ])
        default:
            return described(["$ref": .string("#/$defs/\(valueTypeName(type))")])
        }
    }

    static func valueTypeName(_ type: PropertyType) -> String {
        switch type {
        case .string: return "string"
        case .text: return "text"
        case .textArray: return "textArray"
        case .bool: return "boolean"
        case .number: return "number"
        case .integer: return "integer"
        case .stringArray: return "stringArray"
        case .array: return "array"
        case .object: return "object"
        case .enumName: return "enumName"
        case .any: return "any"
        }
    }

    /// What `PropertyType.accepts` takes, as schemas: null and an expression are accepted
    /// everywhere, numbers where a string is meant, 0 and 1 as booleans.
    static var valueTypes: [(String, FormValue)] {
        let orExpression = { (schema: FormValue) -> FormValue in
            ["anyOf": [schema, ["$ref": "#/$defs/expression"], ["type": "null"]]]
        }
        return [
            ("string", ["type": ["string", "number", "null"]]),
            ("text", ["anyOf": [["type": ["string", "number", "null"]], ["$ref": "#/$defs/textMap"]]]),
            ("textArray", orExpression(["type": "array", "items": ["anyOf": [["type": ["string", "number"]], ["$ref": "#/$defs/textMap"]]]])),
            ("boolean", orExpression(["anyOf": [["type": "boolean"], ["enum": [0, 1]]]])),
            ("number", orExpression(["type": "number"])),
            ("integer", orExpression(["type": "integer"])),
            ("stringArray", orExpression(["type": "array", "items": ["type": ["string", "number"]]])),
            ("array", orExpression(["type": "array"])),
            ("object", orExpression(["type": "object"])),
            ("any", [:]),
        ]
    }
}
