import OrderedCollections

/// Turns parsed JSON into a `FormDefinition`, collecting every problem rather than stopping at the
/// first, each with its JSON path (and line and column when the source positions are known).
package struct DefinitionDecoder {
    /// Roots, sections and elements nested deeper than this are refused: no real form needs it,
    /// and a bound keeps binding and rendering safe from pathological input.
    package static let maximumNesting = 24

    package private(set) var issues: [DefinitionIssue] = []
    let locations: SourceLocations
    let file: String?
    /// For an included file: how deep in the including forms its own root stands, so that the
    /// nesting bound holds for the whole form and not per file.
    var depthOffset = 0
    /// For an included file: the includes that led to it, given to every issue found in it.
    var includeChain: [IncludeSite] = []

    package init(locations: [String: SourceLocation] = [:], file: String? = nil) {
        self.locations = SourceLocations(locations)
        self.file = file
    }

    /// Decodes a root object. Problems are in `issues`; the definition is returned even when some
    /// parts were invalid, so that a lint can report everything in one pass.
    mutating func decodeRoot(_ value: FormValue) -> FormDefinition {
        guard case .object = value else {
            report(.error, .notAnObject, "", "a form definition must be a JSON object, found \(value.typeName)")
            return FormDefinition(root: Element(kind: .root, typeName: ""))
        }
        var root = decodeElement(value, path: "", depth: 0, isRoot: true)
        if root.typeName.isEmpty { root.kind = .root }
        return FormDefinition(root: root, sourcePath: file)
    }

    // MARK: Elements

    mutating func decodeElement(_ value: FormValue, path: String, depth: Int, isRoot: Bool = false) -> Element {
        guard case .object(let object) = value else {
            report(.error, .notAnObject, path, "an element must be a JSON object, found \(value.typeName)")
            return Element(kind: .element, typeName: "")
        }
        if depth + depthOffset > Self.maximumNesting {
            report(.error, .tooDeep, path, tooDeepMessage)
            return Element(kind: .element, typeName: "")
        }
        if object["include"] != nil {
            return Element(kind: .element, typeName: "", properties: object, include: decodeInclude(object, path: path))
        }
        var kind = ElementKind.root
        var typeName = ""
        switch object["type"] {
        case .string(let name)?:
            typeName = name
            if let known = ElementKind(typeName: name) {
                kind = known
            } else {
                let hint = Suggestion.clause(for: name, in: ElementKind.allCases.map(\.rawValue) + ElementKind.allTypeNames)
                report(.error, .unknownType, join(path, "type"), "unknown element type '\(name)'\(hint)")
                kind = .element
            }
        case nil where isRoot:
            break
        case nil:
            report(.error, .missingType, path, "an element needs a \"type\" (e.g. \"QEntryElement\" or \"entry\")")
            kind = .element
        case let other?:
            report(.error, .wrongValueType, join(path, "type"), "expected a string, found \(other.typeName)")
            kind = .element
        }
        var element = Element(kind: kind, typeName: typeName)
        for (name, member) in object {
            let memberPath = join(path, name)
            switch name {
            case "type": continue
            case "sections":
                element.sections = decodeSections(member, path: memberPath, depth: depth + 1, owner: kind)
            case "sectionTemplate":
                if case .object = member {
                    element.sectionTemplate = decodeSection(member, path: memberPath, depth: depth + 1)
                } else {
                    report(.error, .templateNotObject, memberPath, "a sectionTemplate must be an object, found \(member.typeName)")
                }
            case Self.schemaKey where path.isEmpty:
                element.properties[name] = member
                checkSchemaReference(member, path: memberPath)
            default:
                element.properties[name] = member
                checkProperty(name, member, path: memberPath, known: kind.properties, owner: typeName.isEmpty ? "the root" : typeName)
            }
        }
        checkBind(element.bind, path: join(path, "bind"), canIterate: element.sectionTemplate != nil, templateName: "sectionTemplate")
        return element
    }

    mutating func decodeSections(_ value: FormValue, path: String, depth: Int, owner: ElementKind) -> [Section]? {
        guard case .array(let items) = value else {
            report(.error, .wrongValueType, path, "expected an array of sections, found \(value.typeName)")
            return nil
        }
        if !owner.isA(.root) {
            report(.error, .sectionsNotAllowed, path, "\(owner.rawValue) cannot carry sections (only elements descending from QRootElement can)")
        }
        return items.enumerated().map { index, item in decodeSection(item, path: "\(path)[\(index)]", depth: depth) }
    }

    mutating func decodeElements(_ value: FormValue, path: String, depth: Int) -> [Element]? {
        guard case .array(let items) = value else {
            report(.error, .wrongValueType, path, "expected an array of elements, found \(value.typeName)")
            return nil
        }
        return items.enumerated().map { index, item in decodeElement(item, path: "\(path)[\(index)]", depth: depth) }
    }

    // MARK: Sections

    mutating func decodeSection(_ value: FormValue, path: String, depth: Int) -> Section {
        guard case .object(let object) = value else {
            report(.error, .notAnObject, path, "a section must be a JSON object, found \(value.typeName)")
            return Section()
        }
        if depth + depthOffset > Self.maximumNesting {
            report(.error, .tooDeep, path, tooDeepMessage)
            return Section()
        }
        if object["include"] != nil {
            return Section(properties: object, include: decodeInclude(object, path: path))
        }
        var section = Section()
        if let typeValue = object["type"] {
            if case .string(let name) = typeValue {
                section.typeName = name
                if let kind = SectionKind(typeName: name) {
                    section.kind = kind
                } else {
                    let hint = Suggestion.clause(for: name, in: SectionKind.allCases.map(\.rawValue) + SectionKind.allTypeNames)
                    report(.error, .unknownSectionType, join(path, "type"), "unknown section type '\(name)'\(hint)")
                }
            } else {
                report(.error, .wrongValueType, join(path, "type"), "expected a string, found \(typeValue.typeName)")
            }
        }
        for (name, member) in object {
            let memberPath = join(path, name)
            switch name {
            case "type": continue
            case "elements": section.elements = decodeElements(member, path: memberPath, depth: depth + 1)
            case "beforeTemplateElements": section.beforeTemplateElements = decodeElements(member, path: memberPath, depth: depth + 1)
            case "afterTemplateElements": section.afterTemplateElements = decodeElements(member, path: memberPath, depth: depth + 1)
            case "elementTemplate":
                if case .object = member {
                    section.elementTemplate = decodeElement(member, path: memberPath, depth: depth + 1)
                } else {
                    report(.error, .templateNotObject, memberPath, "an elementTemplate must be an object, found \(member.typeName)")
                }
            case Self.schemaKey where path.isEmpty:
                section.properties[name] = member
                checkSchemaReference(member, path: memberPath)
            default:
                section.properties[name] = member
                checkProperty(name, member, path: memberPath, known: section.kind.properties, owner: section.typeName ?? "a section")
            }
        }
        checkBind(section.properties["bind"]?.stringValue, path: join(path, "bind"),
                  canIterate: section.elementTemplate != nil, templateName: "elementTemplate")
        return section
    }

    var tooDeepMessage: String {
        let across = depthOffset > 0 ? ", counting the levels of the files that include this one" : ""
        return "nesting deeper than \(Self.maximumNesting) levels of sections and elements\(across) (the limit)"
    }

    // MARK: Checks

    mutating func decodeInclude(_ object: OrderedDictionary<String, FormValue>, path: String) -> Include? {
        guard case .string(let file)? = object["include"], !file.isEmpty else {
            report(.error, .includeInvalid, join(path, "include"), "include must be a non-empty file path string")
            return nil
        }
        if let shared = object["shared_data"], !(shared.objectValue != nil || shared.stringValue != nil) {
            report(.error, .wrongValueType, join(path, "shared_data"), "expected an object or an \"@{keyPath}\" string, found \(shared.typeName)")
        }
        var include = Include(path: file, sharedData: object["shared_data"])
        // A stored definition carries each included file's content: decoded here, not read.
        if let inlined = object[Include.inlinedKey] {
            let inlinedPath = join(path, Include.inlinedKey)
            if inlined["sections"] != nil || inlined["sectionTemplate"] != nil {
                include.content = .sections(decodeElement(inlined, path: inlinedPath, depth: 0, isRoot: true).sections ?? [])
            } else if inlined["elements"] != nil || inlined["elementTemplate"] != nil {
                include.content = .sections([decodeSection(inlined, path: inlinedPath, depth: 1)])
            } else {
                include.content = .element(decodeElement(inlined, path: inlinedPath, depth: 2))
            }
        }
        return include
    }

    /// `"$schema"` at the top of a file points an editor at formctl's JSON Schema (`formctl
    /// schema`); it is no property of QuickDialog's, and is kept as written.
    static let schemaKey = "$schema"

    mutating func checkSchemaReference(_ value: FormValue, path: String) {
        if case .string = value { return }
        report(.error, .wrongValueType, path, "expected a string (the JSON Schema's URI or file path), found \(value.typeName)")
    }

    mutating func checkProperty(_ name: String, _ value: FormValue, path: String, known: [String: PropertyType], owner: String) {
        if name == "bindingScript" {
            report(.warning, .bindingScriptRefused, path, "bindingScript is ignored: formctl never runs code from a definition")
            return
        }
        guard let type = known[name] else {
            let hint = Suggestion.clause(for: name, in: known.keys.sorted())
            report(.warning, .unknownProperty, path, "unknown property '\(name)' for \(owner)\(hint)")
            return
        }
        checkLanguages(name, value, type: type, path: path, isRoot: path == name)
        guard !type.accepts(value) else { return }
        if case .enumName(let names) = type, case .string(let given) = value {
            report(.error, .unknownEnumName, path, "unknown \(name) '\(given)'; allowed: \(names.joined(separator: ", "))")
        } else {
            report(.error, .wrongValueType, path, "expected \(type.expectation), found \(value.typeName)")
        }
    }

    mutating func checkBind(_ bind: String?, path: String, canIterate: Bool, templateName: String) {
        guard let bind else { return }
        do {
            let spec = try BindingSpec(parsing: bind)
            if spec.iteration != nil && !canIterate {
                report(.error, .iterateWithoutTemplate, path, "\(bind.trimmingSpaces) needs an \(templateName) to build from")
            }
        } catch {
            report(.error, .invalidBind, path, error.description)
        }
    }

    mutating func report(_ severity: DefinitionIssue.Severity, _ code: DefinitionIssue.Code, _ path: String, _ message: String) {
        issues.append(DefinitionIssue(severity, code, path: path, message: message, file: file, location: location(of: path),
                                      includeChain: includeChain))
    }

    /// The position of a path, or of its nearest enclosing value that has one.
    func location(of path: String) -> SourceLocation? { locations.location(of: path) }

    func join(_ path: String, _ key: String) -> String { JSONPath.join(path, key) }
}
