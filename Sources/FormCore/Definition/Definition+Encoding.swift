import OrderedCollections

extension Element {
    /// The element as QuickDialog JSON: `type` first, then the properties in the author's order,
    /// then nested sections.
    public var encoded: FormValue {
        if include != nil { return .object(properties) }
        var object = OrderedDictionary<String, FormValue>()
        if !typeName.isEmpty { object["type"] = .string(typeName) }
        for (name, value) in properties { object[name] = value }
        if let sections { object["sections"] = .array(sections.map(\.encoded)) }
        if let sectionTemplate { object["sectionTemplate"] = sectionTemplate.encoded }
        return .object(object)
    }
}

extension Section {
    public var encoded: FormValue {
        if include != nil { return .object(properties) }
        var object = OrderedDictionary<String, FormValue>()
        if let typeName { object["type"] = .string(typeName) }
        for (name, value) in properties { object[name] = value }
        if let elements { object["elements"] = .array(elements.map(\.encoded)) }
        if let elementTemplate { object["elementTemplate"] = elementTemplate.encoded }
        if let beforeTemplateElements { object["beforeTemplateElements"] = .array(beforeTemplateElements.map(\.encoded)) }
        if let afterTemplateElements { object["afterTemplateElements"] = .array(afterTemplateElements.map(\.encoded)) }
        return .object(object)
    }
}

extension FormDefinition {
    /// The definition as QuickDialog JSON, every key the author wrote kept.
    public var encoded: FormValue { root.encoded }

    /// Decodes a definition from JSON text without resolving includes (no file access).
    /// Throws a `DefinitionError` with every error found; warnings are returned. Without
    /// `positions` no line and column is recorded for each value: for a definition that was
    /// checked when it was stored, whose errors nobody will look for in an editor.
    public static func decode(json: String, file: String? = nil, positions: Bool = true) throws(DefinitionError) -> (FormDefinition, [DefinitionIssue]) {
        let value: FormValue
        let locations: [String: SourceLocation]
        do {
            if positions {
                (value, locations) = try JSONReader.parseWithLocations(json)
            } else {
                (value, locations) = (try JSONReader.parse(json), [:])
            }
        } catch {
            throw DefinitionError(issues: [
                DefinitionIssue(.error, .malformedJSON, path: "", message: "malformed JSON: \(error.message)", file: file,
                                location: SourceLocation(line: error.line, column: error.column))
            ])
        }
        var decoder = DefinitionDecoder(locations: locations, file: file)
        let definition = decoder.decodeRoot(value)
        if decoder.issues.contains(where: \.isError) { throw DefinitionError(issues: decoder.issues) }
        return (definition, decoder.issues)
    }

    /// Decodes a definition, throwing on errors and dropping warnings; for code and tests.
    public init(json: String) throws(DefinitionError) {
        self = try Self.decode(json: json).0
    }

    /// Canonical JSON: compact, keys in the author's order. Two loads of the same file give the
    /// same text, so it identifies a version of the form.
    public var canonicalJSON: String { encoded.jsonString() }
}
