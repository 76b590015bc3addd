import OrderedCollections

extension Element {
    /// The element as QuickDialog JSON: `type` first, then the properties in the author's order,
    /// then nested sections.
    package var encoded: FormValue { encoded(inliningIncludes: false) }

    /// With `inliningIncludes`, an include carries its file's content under `included`, so the
    /// JSON stands on its own and changes whenever an included file does.
    package func encoded(inliningIncludes: Bool) -> FormValue {
        if let include { return include.encoded(properties, inlining: inliningIncludes) }
        var object = OrderedDictionary<String, FormValue>()
        if !typeName.isEmpty { object["type"] = .string(typeName) }
        for (name, value) in properties { object[name] = value }
        if let sections { object["sections"] = .array(sections.map { $0.encoded(inliningIncludes: inliningIncludes) }) }
        if let sectionTemplate { object["sectionTemplate"] = sectionTemplate.encoded(inliningIncludes: inliningIncludes) }
        return .object(object)
    }
}

extension Section {
    package var encoded: FormValue { encoded(inliningIncludes: false) }

    package func encoded(inliningIncludes: Bool) -> FormValue {
        if let include { return include.encoded(properties, inlining: inliningIncludes) }
        var object = OrderedDictionary<String, FormValue>()
        if let typeName { object["type"] = .string(typeName) }
        for (name, value) in properties { object[name] = value }
        func list(_ elements: [Element]) -> FormValue { .array(elements.map { $0.encoded(inliningIncludes: inliningIncludes) }) }
        if let elements { object["elements"] = list(elements) }
        if let elementTemplate { object["elementTemplate"] = elementTemplate.encoded(inliningIncludes: inliningIncludes) }
        if let beforeTemplateElements { object["beforeTemplateElements"] = list(beforeTemplateElements) }
        if let afterTemplateElements { object["afterTemplateElements"] = list(afterTemplateElements) }
        return .object(object)
    }
}

extension Include {
    /// The include's own properties, and with `inlining` its content under `included`: sections
    /// as `{"sections": [...]}` (a whole form's or one section's), an element as it is.
    func encoded(_ properties: OrderedDictionary<String, FormValue>, inlining: Bool) -> FormValue {
        var object = properties
        object.removeValue(forKey: Self.inlinedKey)
        guard inlining, let content else { return .object(object) }
        switch content {
        case .element(let element):
            object[Self.inlinedKey] = element.encoded(inliningIncludes: true)
        case .sections(let sections):
            object[Self.inlinedKey] = .object(["sections": .array(sections.map { $0.encoded(inliningIncludes: true) })])
        }
        return .object(object)
    }

    /// The key under which a stored definition carries an included file's content.
    static let inlinedKey = "included"
}

extension FormDefinition {
    /// The definition as QuickDialog JSON, every key the author wrote kept.
    package var encoded: FormValue { root.encoded }

    /// Decodes a definition from JSON text without resolving includes (no file access).
    /// Throws a `DefinitionError` with every error found; warnings are returned. Without
    /// `positions` no line and column is recorded for each value: for a definition that was
    /// checked when it was stored, whose errors nobody will look for in an editor.
    package static func decode(json: String, file: String? = nil, positions: Bool = true) throws(DefinitionError) -> (FormDefinition, [DefinitionIssue]) {
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
        var definition = decoder.decodeRoot(value)
        if positions { definition.sourceLocations[file ?? ""] = SourceLocations(locations) }
        if decoder.issues.contains(where: \.isError) { throw DefinitionError(issues: decoder.issues) }
        return (definition, decoder.issues)
    }

    /// Decodes a definition, throwing on errors and dropping warnings; for code and tests.
    public init(json: String) throws(DefinitionError) {
        self = try Self.decode(json: json).0
    }

    /// Canonical JSON: compact, keys in the author's order. Two loads of the same file give the
    /// same text.
    public var canonicalJSON: String { encoded.jsonString() }

    /// Canonical JSON with every include's content inlined (under `included`): what identifies a
    /// version of the form, since a change in an included file changes it too. It decodes on
    /// its own, without the included files.
    package var resolvedCanonicalJSON: String { root.encoded(inliningIncludes: true).jsonString() }
}
