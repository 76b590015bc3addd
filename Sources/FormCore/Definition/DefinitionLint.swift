/// Checks what decoding cannot: expressions that do not parse, validate rules and transforms
/// nobody provides, actions without a handler, keys used twice. Walks the definition as written,
/// templates included, so that a template with no items yet is still checked.
public struct DefinitionLint {
    /// Action names with a handler; nil skips the action check.
    public var knownActions: Set<String>?
    public var knownRules: Set<String>
    public var knownTransforms: Set<String>
    /// Whether `knownRules` and `knownTransforms` are all there will be (a host compiling a form
    /// has registered everything): then an unknown one is an error, else a warning, since the
    /// host that fills the form may still register it.
    public var registrationsComplete: Bool

    public init(
        knownActions: Set<String>? = nil, knownRules: Set<String> = [], knownTransforms: Set<String> = Set(TransformRegistry().names),
        registrationsComplete: Bool = false
    ) {
        self.knownActions = knownActions
        self.knownRules = knownRules
        self.knownTransforms = knownTransforms
        self.registrationsComplete = registrationsComplete
    }

    var unknownSeverity: DefinitionIssue.Severity { registrationsComplete ? .error : .warning }

    public func lint(_ definition: FormDefinition) -> [DefinitionIssue] {
        var issues: [DefinitionIssue] = []
        var keys: [String: String] = [:]
        lintElement(definition.root, path: "", file: definition.sourcePath, keys: &keys, issues: &issues)
        return issues
    }

    func lintElement(_ element: Element, path: String, file: String?, keys: inout [String: String], issues: inout [DefinitionIssue]) {
        if case .element(let included)? = element.include?.content {
            lintElement(included, path: path, file: file, keys: &keys, issues: &issues)
        }
        if case .sections(let sections)? = element.include?.content {
            for section in sections { lintSection(section, path: path, file: file, keys: &keys, issues: &issues) }
        }
        for (name, value) in element.properties {
            lintProperty(name, value, path: join(path, name), file: file, issues: &issues)
        }
        if let key = element.key, element.kind.fetchesValue, element.scopes.isEmpty {
            if let first = keys[key], first != path {
                issues.append(DefinitionIssue(.warning, .duplicateKey, path: join(path, "key"),
                                              message: "the key '\(key)' is also used at \(first); the later value wins", file: file))
            } else {
                keys[key] = path
            }
        }
        for action in [element.controllerAction, element.controllerAccessoryAction].compactMap({ $0 }) {
            if let knownActions, !knownActions.contains(action) {
                issues.append(DefinitionIssue(.warning, .unknownAction, path: join(path, "controllerAction"),
                                              message: "no handler for action '\(action)'", file: file))
            }
        }
        for (index, section) in (element.sections ?? []).enumerated() {
            lintSection(section, path: join(path, "sections[\(index)]"), file: file, keys: &keys, issues: &issues)
        }
        if let template = element.sectionTemplate {
            var templateKeys: [String: String] = [:]
            lintSection(template, path: join(path, "sectionTemplate"), file: file, keys: &templateKeys, issues: &issues)
        }
    }

    func lintSection(_ section: Section, path: String, file: String?, keys: inout [String: String], issues: inout [DefinitionIssue]) {
        if case .sections(let sections)? = section.include?.content {
            for included in sections { lintSection(included, path: path, file: file, keys: &keys, issues: &issues) }
        }
        for (name, value) in section.properties {
            lintProperty(name, value, path: join(path, name), file: file, issues: &issues)
        }
        let lists: [(String, [Element]?)] = [
            ("elements", section.elements), ("beforeTemplateElements", section.beforeTemplateElements),
            ("afterTemplateElements", section.afterTemplateElements),
        ]
        for (name, elements) in lists {
            for (index, element) in (elements ?? []).enumerated() {
                lintElement(element, path: join(path, "\(name)[\(index)]"), file: file, keys: &keys, issues: &issues)
            }
        }
        if let template = section.elementTemplate {
            // Template keys repeat once per item by design; they are checked among themselves.
            var templateKeys: [String: String] = [:]
            lintElement(template, path: join(path, "elementTemplate"), file: file, keys: &templateKeys, issues: &issues)
        }
    }

    func lintProperty(_ name: String, _ value: FormValue, path: String, file: String?, issues: inout [DefinitionIssue]) {
        switch name {
        case "validate":
            for (index, entry) in (value.arrayValue ?? []).enumerated() {
                let entryPath = "\(path)[\(index)]"
                do {
                    let rule = try ValidationRule(parsing: entry)
                    switch rule.kind {
                    case .custom(let ruleName, _) where !knownRules.contains(ruleName):
                        let hint = Suggestion.clause(for: ruleName, in: ValidationRule.builtInNames + knownRules.sorted())
                        issues.append(DefinitionIssue(unknownSeverity, .unknownRule, path: entryPath,
                                                      message: "unknown validation rule '\(ruleName)' (the host must register it)\(hint)", file: file))
                    case .expression(let test):
                        checkExpression(test, path: join(entryPath, "test"), file: file, issues: &issues)
                    default:
                        break
                    }
                } catch {
                    issues.append(DefinitionIssue(.error, .wrongValueType, path: entryPath, message: error.message, file: file))
                }
            }
        case "transform":
            for (index, entry) in (value.arrayValue ?? []).enumerated() {
                guard let transform = entry.stringValue, !knownTransforms.contains(transform) else { continue }
                let hint = Suggestion.clause(for: transform, in: knownTransforms.sorted())
                issues.append(DefinitionIssue(unknownSeverity, .unknownTransform, path: "\(path)[\(index)]",
                                              message: "unknown transform '\(transform)'\(hint)", file: file))
            }
        case "bind", "include", "shared_data", "bindingScript":
            break
        default:
            if case .string(let text) = value { checkExpression(text, path: path, file: file, issues: &issues) }
        }
    }

    func checkExpression(_ text: String, path: String, file: String?, issues: inout [DefinitionIssue]) {
        guard PropertyExpression.containsExpression(text) else { return }
        do { _ = try PropertyExpression(parsing: text) } catch {
            issues.append(DefinitionIssue(.error, .invalidExpression, path: path, message: error.description, file: file))
        }
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
}
