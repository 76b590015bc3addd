import OrderedCollections

/// A `FormStructure` while it is being built: the bound form flattened, its live properties
/// collected and ordered, answer keys and repeats found. Built once per shape.
struct StructureLayout {
    var data: FormValue
    var form: BoundForm
    var elements: [SessionElement] = []
    var sections: [SessionSection] = []
    var defaults: FormValue = .emptyObject
    var live: [LiveProperty] = []
    var order: [Int] = []
    var orderPosition: [Int] = []
    var dependentsByKey: [String: [Int]] = [:]
    var liveIndex: [LiveProperty.Owner: [String: Int]] = [:]
    var answerKeys = AnswerKeys()
    var elementByPath: [String: Int] = [:]
    var secureCandidates: [Int] = []
    var hideableElements: [Int] = []
    var repeats: [RepeatInfo] = []
    var actionUses: [(name: String, path: String)] = []
    /// Buttons that name a `controllerAction`, in element order.
    var actionButtons: [Int] = []
    /// Per live property: whether it decides what is stored or checked (see `isDecisive`).
    var decisive: [Bool] = []
    var registry: FormRegistry

    /// Binds `definition` to `data` and lays out everything its values cannot change.
    /// `baseData` is the data the form was compiled with (before items were added), which
    /// tells a fixed list from the data apart from a repeat a person grows.
    init(definition: FormDefinition, data: FormValue, baseData: FormValue, registry: FormRegistry) throws(DefinitionError) {
        self.data = data
        self.registry = registry
        form = Binder.bind(definition, to: data)
        var issues: [DefinitionIssue] = []
        flatten(form.definition.root, parent: nil, jsonPath: "", issues: &issues)
        defaults = form.fetchValueIntoObject()
        for (index, entry) in elements.enumerated() {
            if let path = entry.dottedPath { elementByPath[path] = index }
        }
        for index in live.indices {
            live[index].dependencies = absoluteDependencies(of: live[index])
            liveIndex[live[index].owner, default: [:]][live[index].property] = index
        }
        try orderLiveProperties(issues: &issues)
        decisive = live.map(isDecisive)
        for index in elements.indices {
            elements[index].staticHidden = hiddenIfStatic(element: index)
            let liveNames = liveIndex[.element(index)]
            elements[index].hasLiveProperties = liveNames != nil
            if liveNames?["required"] == nil {
                elements[index].staticRequired = elements[index].element.properties["required"]?.isTruthy ?? false
            }
            elements[index].mayBeDisabled = mayBeDisabled(element: index)
            if liveNames?["secureTextEntry"] == nil {
                elements[index].staticSecure = elements[index].element.properties["secureTextEntry"]?.isTruthy ?? false
            }
            if let path = elements[index].valuePath, case .key(let first)? = path.components.first,
                (dependentsByKey[first]?.count ?? 0) <= Self.keptDependents
            {
                elements[index].dependents = dependents(of: path)
            }
            let constraints = FieldConstraints(elements[index].element)
            elements[index].constraints = constraints
            if !elements[index].element.propertiesFromData.contains("validate") {
                for rule in constraints.rules {
                    if case .expression(let test) = rule.kind { elements[index].tests[test] = try? PropertyExpression(parsing: test) }
                    if let message = rule.message, PropertyExpression.containsExpression(message) {
                        elements[index].tests[message] = try? PropertyExpression(parsing: message)
                    }
                }
            }
            // Names nobody registered were refused when the form was compiled (or, for a form
            // read leniently, are skipped here as the lint warned).
            elements[index].transforms = (elements[index].element.properties["transform"]?.arrayValue ?? [])
                .compactMap(\.stringValue).compactMap(registry.transforms.transform(named:))
            let entry = elements[index]
            if entry.valuePath != nil, entry.staticHidden != false { hideableElements.append(index) }
            if entry.valuePath != nil, entry.element.isSecure || liveIndex[.element(index)]?["secureTextEntry"] != nil {
                secureCandidates.append(index)
            }
            if entry.element.kind == .button, entry.element.controllerAction != nil { actionButtons.append(index) }
        }
        repeats = findRepeats(baseData: baseData)
        answerKeys = makeAnswerKeys()
        actionUses = findActionUses()
        if issues.contains(where: \.isError) { throw DefinitionError(issues: issues) }
    }

    // MARK: Flattening

    /// Lays out the sections of `root` and what they hold. Below an element that holds a value of
    /// its own (`collects` false), elements are shown but hold no field: their values never come
    /// out of the form (see `fetchValueIntoObject`).
    mutating func flatten(_ root: Element, parent: Int?, collects: Bool = true, jsonPath: String, issues: inout [DefinitionIssue]) {
        if parent == nil { collectLive(root, owner: .root, jsonPath: jsonPath, issues: &issues) }
        for (sectionNumber, section) in (root.sections ?? []).enumerated() {
            let sectionIndex = sections.count
            sections.append(SessionSection(section: section, parentElement: parent))
            let sectionPath = JSONPath.join(jsonPath, "sections[\(sectionNumber)]")
            collectLive(section.properties, fromData: section.propertiesFromData, owner: .section(sectionIndex),
                        jsonPath: sectionPath, issues: &issues)
            if collects, let selection = section.selectionElement {
                append(selection, sectionIndex: sectionIndex, valuePath: selection.valuePath, parent: parent)
                elements[elements.count - 1].jsonPath = sectionPath
            }
            for (number, element) in (section.elements ?? []).enumerated() {
                let index = elements.count
                let holdsField = collects && element.fetchedValue != nil
                append(element, sectionIndex: sectionIndex, valuePath: holdsField ? element.valuePath : nil, parent: parent)
                let elementPath = JSONPath.join(sectionPath, "elements[\(number)]")
                elements[index].jsonPath = elementPath
                collectLive(element, owner: .element(index), jsonPath: elementPath, issues: &issues)
                if element.sections != nil {
                    flatten(element, parent: index, collects: collects && element.kind.collectsNestedValues, jsonPath: elementPath,
                            issues: &issues)
                }
            }
        }
    }

    mutating func append(_ element: Element, sectionIndex: Int, valuePath: ValuePath?, parent: Int?) {
        var itemPath: ValuePath?
        var dataItem: FormValue?
        if element.scopes.contains(where: \.isRepeat) {
            itemPath = ValuePath(components: element.scopes.repeatItemComponents)
            dataItem = Self.dataItem(for: element.scopes, in: form.data)
        }
        elements.append(SessionElement(
            element: element, sectionIndex: sectionIndex, valuePath: valuePath, itemPath: itemPath, dataItem: dataItem,
            parentIndex: parent))
    }

    /// The data item an element was bound to, found by walking its scopes through the data.
    static func dataItem(for scopes: [DataScope], in data: FormValue) -> FormValue? {
        var current = data
        for scope in scopes {
            if scope.isDetached { return nil }
            guard let collection = scope.path.isSelf ? current : current.value(at: scope.path) else { return nil }
            if scope.isDictionaryKey, let key = scope.propertyKey {
                current = .string(key)
            } else if scope.isKeyValueEntry, let key = scope.propertyKey {
                current = .object(["key": .string(key), "value": collection[key] ?? .null])
            } else if let key = scope.propertyKey {
                current = collection[key] ?? .null
            } else if let index = scope.index {
                current = collection[index] ?? .null
            } else {
                current = collection
            }
        }
        return current
    }

    mutating func collectLive(_ element: Element, owner: LiveProperty.Owner, jsonPath: String, issues: inout [DefinitionIssue]) {
        collectLive(element.properties, fromData: element.propertiesFromData, owner: owner, jsonPath: jsonPath, issues: &issues)
    }

    /// Compiles the properties that hold `@{...}` into live properties. Only the definition's own
    /// words are expressions: a value the binder read from the data (`fromData`) is text.
    mutating func collectLive(
        _ properties: some Sequence<(key: String, value: FormValue)>, fromData: Set<String>, owner: LiveProperty.Owner,
        jsonPath: String, issues: inout [DefinitionIssue]
    ) {
        for (name, value) in properties {
            guard case .string(let text) = value, PropertyExpression.containsExpression(text) else { continue }
            // A bind string is read by the binder, a bindingScript never.
            if name == "bind" || name == "bindingScript" || fromData.contains(name) { continue }
            let propertyPath = JSONPath.join(jsonPath, name)
            do {
                let expression = try PropertyExpression(parsing: text)
                var writes: ValuePath?
                if case .element(let index) = owner, elements[index].element.kind.valueProperty == name {
                    writes = elements[index].valuePath
                }
                live.append(LiveProperty(owner: owner, property: name, expression: expression, dependencies: [],
                                         writes: writes, jsonPath: propertyPath))
            } catch {
                issues.append(DefinitionIssue(.error, .invalidExpression, path: propertyPath, message: error.description))
            }
        }
    }

    /// Whether a live property decides what is stored or checked: anything of a field that
    /// holds a value (validation reads its properties), and whether anything shows, is
    /// required, enabled or secure. Titles, footers and labels are for people: answers filled
    /// in one go skip them until someone looks.
    func isDecisive(_ property: LiveProperty) -> Bool {
        if property.writes != nil || SessionState.decisiveProperties.contains(property.property) { return true }
        if case .element(let index) = property.owner { return elements[index].valuePath != nil }
        return false
    }

    // MARK: Enabled and hidden state

    /// Whether the element, its section, or an element it sits in has an `enabled` that is an
    /// expression or is written false: a section that is not enabled disables its fields.
    func mayBeDisabled(element index: Int) -> Bool {
        func disables(_ properties: OrderedDictionary<String, FormValue>, live: [String: Int]?) -> Bool {
            live?["enabled"] != nil || properties["enabled"].map { !$0.isTruthy } == true
        }
        var current: Int? = index
        while let position = current {
            let sectionIndex = elements[position].sectionIndex
            if disables(elements[position].element.properties, live: liveIndex[.element(position)])
                || disables(sections[sectionIndex].section.properties, live: liveIndex[.section(sectionIndex)])
            {
                return true
            }
            current = elements[position].parentIndex
        }
        return false
    }

    /// Hidden for good when no live property of the element, its section or its parents decides it.
    func hiddenIfStatic(element index: Int) -> Bool? {
        var current: Int? = index
        while let position = current {
            let live = liveIndex[.element(position)] ?? [:]
            let sectionLive = liveIndex[.section(elements[position].sectionIndex)] ?? [:]
            for name in ["hidden", "visibility"] where live[name] != nil || sectionLive[name] != nil { return nil }
            current = elements[position].parentIndex
        }
        return StaticHidden.isHidden(element: index, elements: elements, sections: sections)
    }

    // MARK: Actions

    func findActionUses() -> [(name: String, path: String)] {
        var uses: [(String, String)] = []
        for entry in elements {
            let place = entry.dottedPath ?? entry.element.key ?? entry.element.title ?? entry.element.kind.rawValue
            if let action = entry.element.controllerAction { uses.append((action, place)) }
            if let action = entry.element.controllerAccessoryAction { uses.append((action, place)) }
        }
        return uses
    }
}

/// `hidden` and `visibility: gone` as written, for elements no expression can show or hide.
enum StaticHidden {
    static func isHidden(element index: Int, elements: [SessionElement], sections: [SessionSection]) -> Bool {
        let element = elements[index].element
        if element.properties["hidden"]?.isTruthy == true { return true }
        if element.properties["visibility"]?.stringValue == "gone" { return true }
        let section = sections[elements[index].sectionIndex].section
        if section.properties["hidden"]?.isTruthy == true { return true }
        if section.properties["visibility"]?.stringValue == "gone" { return true }
        if let parent = elements[index].parentIndex { return isHidden(element: parent, elements: elements, sections: sections) }
        return false
    }
}
