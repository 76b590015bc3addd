/// Checks what decoding cannot: expressions that do not parse, validate rules and transforms
/// nobody provides, actions without a handler, keys used twice. Walks the definition as written,
/// templates included, so that a template with no items yet is still checked.
package struct DefinitionLint {
    /// Action names with a handler; nil skips the action check.
    package var knownActions: Set<String>?
    var knownRules: Set<String>
    var knownTransforms: Set<String>
    /// Whether `knownRules` and `knownTransforms` are all there will be (a host compiling a form
    /// has registered everything): then an unknown one is an error, else a warning, since the
    /// host that fills the form may still register it.
    var registrationsComplete: Bool
    /// Whether to report expressions reading names that no field, item field or data path
    /// supplies (see `checkNames`). Compiling does not: a fill reads such a name as nil.
    var checksExpressionNames: Bool
    /// The data the form will be bound to, when known: a name it lacks is then an error.
    package var data: FormValue?

    package init(
        knownActions: Set<String>? = nil, knownRules: Set<String> = [], knownTransforms: Set<String> = Set(TransformRegistry().names),
        registrationsComplete: Bool = false, checksExpressionNames: Bool = false, data: FormValue? = nil
    ) {
        self.knownActions = knownActions
        self.knownRules = knownRules
        self.knownTransforms = knownTransforms
        self.registrationsComplete = registrationsComplete
        self.checksExpressionNames = checksExpressionNames
        self.data = data
    }

    var unknownSeverity: DefinitionIssue.Severity { registrationsComplete ? .error : .warning }

    /// Every issue found, each with its file, JSON path, and line and column when the
    /// definition knows where it was read from.
    package func lint(_ definition: FormDefinition) -> [DefinitionIssue] {
        var issues: [DefinitionIssue] = []
        var keys: [String: String] = [:]
        var place = Place(file: definition.sourcePath, fields: FormFieldNames(definition))
        place.secrets = Self.secureKeys(in: definition.root)
        place.secureItemKeys = Self.secureItemKeys(in: definition.root)
        if checksExpressionNames { place.names = NameScope(dataItems: data.map { [$0] }, rootData: data) }
        place.translations = Translations(definition)
        // The declarations are read once: their model for the expressions, their issues here.
        let declared = DataModel.read(data: definition.root.properties["data"], classes: definition.root.properties["classes"])
        place.dataModel = declared.model
        issues += lintData(definition, found: declared.issues, place: place)
        lintElement(definition.root, path: "", place: place, keys: &keys, issues: &issues)
        lintStrings(place: place, stringTables: definition.stringTables, issues: &issues)
        return issues.map(definition.located)
    }

    /// The file a part of the definition came from, and the includes that led there: an issue
    /// inside an included file names that file and its own JSON path, as the loader's do. Also
    /// the names values are stored under there: the form's, and inside a repeat template its
    /// item's.
    struct Place {
        var file: String?
        var chain: [IncludeSite] = []
        var fields: FormFieldNames
        /// Inside a repeat template: the keys of one item.
        var itemKeys: Set<String> = []
        /// What expressions may read here besides fields; nil when names are not checked.
        var names: NameScope?
        /// The names of the secure fields an expression here reads by their key.
        var secrets: Set<String> = []
        /// The secure keys of each repeated collection's items (`secureItemKeys(in:)`).
        var secureItemKeys: [ValuePath: Set<String>] = [:]
        /// The form's languages and strings (`lintTexts`).
        var translations: Translations?
        /// The data the form declares: its names are known everywhere, with their classes.
        var dataModel = DataModel()
        /// Inside a repeat template or an include with `shared_data`: a name there may be the
        /// item's (or the shared data's) before it is a declared one.
        var readsOtherData = false

        /// Where the content of `include` comes from (the same place when it was not loaded).
        func entering(_ include: Include) -> Place {
            var inner = self
            inner.names = names?.sharing(include)
            if include.sharedData != nil { inner.readsOtherData = true }
            guard let source = include.source else { return inner }
            inner.file = source.file
            inner.chain = source.chain
            return inner
        }

        /// Inside a repeat template whose items take `keys`, expanded by `bind`; other
        /// templates over the same collection fill the same items. An item's own field shadows a
        /// form field of the same name; `secureKeys` are the item's secure fields.
        func repeating(_ keys: Set<String>, bind: String?, secureKeys: Set<String>) -> Place {
            var inner = self
            inner.readsOtherData = true
            let shared = FormFieldNames.iteration(bind).flatMap { secureItemKeys[$0] } ?? []
            inner.secrets = secrets.subtracting(keys).union(secureKeys).union(shared)
            inner.itemKeys.formUnion(keys)
            if let collection = FormFieldNames.iteration(bind) { inner.itemKeys.formUnion(fields.itemKeys[collection] ?? []) }
            inner.names = names?.iterating(bind)
            return inner
        }

        func issue(_ severity: DefinitionIssue.Severity, _ code: DefinitionIssue.Code, path: String, message: String) -> DefinitionIssue {
            DefinitionIssue(severity, code, path: path, message: message, file: file, includeChain: chain)
        }
    }

    func lintIncluded(_ include: Include?, path: String, place: Place, keys: inout [String: String], issues: inout [DefinitionIssue]) {
        guard let include else { return }
        let inner = place.entering(include)
        let isElsewhere = include.source != nil
        switch include.content {
        case .element(let included)?:
            lintElement(included, path: isElsewhere ? "" : path, place: inner, keys: &keys, issues: &issues)
        case .sections(let sections)?:
            for (index, section) in sections.enumerated() {
                let sectionPath = !isElsewhere ? path : (include.source?.isWholeForm == true ? "sections[\(index)]" : "")
                lintSection(section, path: sectionPath, place: inner, keys: &keys, issues: &issues)
            }
        case nil:
            break
        }
    }

    func lintElement(_ element: Element, path: String, place: Place, keys: inout [String: String], issues: inout [DefinitionIssue]) {
        lintIncluded(element.include, path: path, place: place, keys: &keys, issues: &issues)
        for (name, value) in element.properties {
            lintProperty(name, value, path: join(path, name), place: place, issues: &issues)
        }
        lintTexts(element.ownTexts, of: Dictionary(element.properties.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }),
                  path: path, place: place, issues: &issues)
        checkSecrets(of: element.properties, ownValue: element.isSecure ? element.kind.valueProperty : nil, path: path, place: place,
                     issues: &issues)
        lintValues(of: element, path: path, place: place, issues: &issues)
        if let key = element.key, element.kind.fetchesValue, element.scopes.isEmpty {
            // Where it is, includes and all: a file included twice has the same paths both times.
            let site = place.chain.map { $0.description + " -> " }.joined() + (path.isEmpty ? "(root)" : path)
            if let first = keys[key], first != site {
                issues.append(place.issue(.warning, .duplicateKey, path: join(path, "key"),
                                          message: "the key '\(key)' is also used at \(first); the later value wins"))
            } else {
                keys[key] = site
            }
        }
        for action in [element.controllerAction, element.controllerAccessoryAction].compactMap({ $0 }) {
            if let knownActions, !knownActions.contains(action) {
                issues.append(place.issue(.warning, .unknownAction, path: join(path, "controllerAction"),
                                          message: "no handler for action '\(action)'"))
            }
        }
        for (index, section) in (element.sections ?? []).enumerated() {
            lintSection(section, path: join(path, "sections[\(index)]"), place: place, keys: &keys, issues: &issues)
        }
        if let template = element.sectionTemplate {
            var templateKeys: [String: String] = [:]
            let inner = place.repeating(FormFieldNames.itemKeys(ofSectionTemplate: template), bind: element.bind,
                                        secureKeys: Self.secureKeys(inSection: template))
            lintSection(template, path: join(path, "sectionTemplate"), place: inner, keys: &templateKeys, issues: &issues)
        }
    }

    func lintSection(_ section: Section, path: String, place: Place, keys: inout [String: String], issues: inout [DefinitionIssue]) {
        lintIncluded(section.include, path: path, place: place, keys: &keys, issues: &issues)
        for (name, value) in section.properties {
            lintProperty(name, value, path: join(path, name), place: place, issues: &issues)
        }
        lintTexts(section.ownTexts, of: [:], path: path, place: place, issues: &issues)
        checkSecrets(of: section.properties, ownValue: nil, path: path, place: place, issues: &issues)
        lintValues(of: section, path: path, place: place, issues: &issues)
        let lists: [(String, [Element]?)] = [
            ("elements", section.elements), ("beforeTemplateElements", section.beforeTemplateElements),
            ("afterTemplateElements", section.afterTemplateElements),
        ]
        for (name, elements) in lists {
            for (index, element) in (elements ?? []).enumerated() {
                lintElement(element, path: join(path, "\(name)[\(index)]"), place: place, keys: &keys, issues: &issues)
            }
        }
        if let template = section.elementTemplate {
            // Template keys repeat once per item by design; they are checked among themselves.
            var templateKeys: [String: String] = [:]
            let inner = place.repeating(FormFieldNames.itemKeys(ofTemplate: template), bind: section.bind,
                                        secureKeys: Self.secureKeys(in: template))
            lintElement(template, path: join(path, "elementTemplate"), place: inner, keys: &templateKeys, issues: &issues)
        }
    }

    func lintProperty(_ name: String, _ value: FormValue, path: String, place: Place, issues: inout [DefinitionIssue]) {
        switch name {
        case "validate":
            for (index, entry) in (value.arrayValue ?? []).enumerated() {
                let entryPath = "\(path)[\(index)]"
                do {
                    let rule = try ValidationRule(parsing: entry)
                    switch rule.kind {
                    case .custom(let ruleName, _) where !knownRules.contains(ruleName):
                        let hint = Suggestion.clause(for: ruleName, in: ValidationRule.builtInNames + knownRules.sorted())
                        issues.append(place.issue(unknownSeverity, .unknownRule, path: entryPath,
                                                  message: "unknown validation rule '\(ruleName)' (the host must register it)\(hint)"))
                    case .expression(let test):
                        checkExpression(test, path: join(entryPath, "test"), place: place, issues: &issues)
                    case .matches(let field):
                        checkMatchedField(field, path: join(entryPath, "field"), place: place, issues: &issues)
                    default:
                        break
                    }
                    if let message = rule.message {
                        checkExpression(message, path: join(entryPath, "message"), place: place, issues: &issues)
                        checkSecrets(message, path: join(entryPath, "message"), place: place, issues: &issues)
                    }
                } catch {
                    issues.append(place.issue(.error, .wrongValueType, path: entryPath, message: error.message))
                }
            }
        case "transform":
            for (index, entry) in (value.arrayValue ?? []).enumerated() {
                guard let transform = entry.stringValue, !knownTransforms.contains(transform) else { continue }
                let hint = Suggestion.clause(for: transform, in: knownTransforms.sorted())
                issues.append(place.issue(unknownSeverity, .unknownTransform, path: "\(path)[\(index)]",
                                          message: "unknown transform '\(transform)'\(hint)"))
            }
        case "bind", "include", "shared_data", "bindingScript":
            break
        case "data" where path == "data", "classes" where path == "classes":
            break  // the root's declarations: read as written (lintData), never computed
        case "pattern":
            guard case .string(let text) = value else { break }
            if PropertyExpression.containsExpression(text) {
                checkExpression(text, path: path, place: place, issues: &issues)
            } else {
                checkPattern(text, path: path, place: place, issues: &issues)
            }
        default:
            if case .string(let text) = value { checkExpression(text, path: path, place: place, issues: &issues) }
        }
    }

    func checkExpression(_ text: String, path: String, place: Place, issues: inout [DefinitionIssue]) {
        guard PropertyExpression.containsExpression(text) else { return }
        let property: PropertyExpression
        do { property = try PropertyExpression(parsing: text) } catch {
            issues.append(place.issue(.error, .invalidExpression, path: path, message: error.description))
            return
        }
        for expression in property.expressions {
            for pattern in expression.root.literalMatchPatterns {
                checkPattern(pattern, path: path, place: place, issues: &issues, inMatches: true)
            }
            checkLocalizedKeys(expression, path: path, place: place, issues: &issues)
        }
        checkNames(property, path: path, place: place, issues: &issues)
        checkDeclaredClasses(property, path: path, place: place, issues: &issues)
    }

    /// A `matches` rule compares with the value stored under its `field`: in the same repeat
    /// item first, then in the form. A name that is neither fails every fill that gives the
    /// field a value.
    func checkMatchedField(_ field: String, path: String, place: Place, issues: inout [DefinitionIssue]) {
        guard place.fields.isComplete else { return }
        let name = FormFieldNames.storageName(ofKey: field)
        let known = place.itemKeys.union(place.fields.topLevel)
        guard !known.contains(name) else { return }
        let hint = Suggestion.clause(for: name, in: known.sorted())
        issues.append(place.issue(.error, .unknownName, path: path,
                                  message: "the matches rule names '\(field.excerpt())', which is no field of the form\(hint)"))
    }

    /// A regular expression must compile for the linear-time engine (`LinearRegex`), which
    /// refuses what could run for ever (backreferences, lookaround) and what it does not know.
    func checkPattern(_ pattern: String, path: String, place: Place, issues: inout [DefinitionIssue], inMatches: Bool = false) {
        do { _ = try LinearRegex.compiled(pattern) } catch {
            let what = inMatches ? "invalid regular expression in matches()" : "invalid pattern"
            issues.append(place.issue(.error, .invalidPattern, path: path, message: "\(what) '\(pattern.excerpt())': \(error)"))
        }
    }

    func join(_ path: String, _ key: String) -> String { JSONPath.join(path, key) }
}
