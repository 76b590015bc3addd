/// The whole state of one form being filled; a value type, so `FormSession` can guard it with
/// one lock and tests can reason about it without threads.
struct SessionState: Sendable {
    /// The definition as loaded, kept to bind again when a repeat grows or shrinks.
    var definition: FormDefinition
    /// The data bound to, with items added or removed by the person filling the form.
    var data: FormValue
    var form: BoundForm
    var elements: [SessionElement] = []
    var sections: [SessionSection] = []
    var values: FormValue = .emptyObject
    var defaults: FormValue = .emptyObject
    var live: [LiveProperty] = []
    /// Current results of live properties, by index in `live`.
    var resolved: [FormValue] = []
    /// Live property indexes in evaluation order (computed values before their readers).
    var order: [Int] = []
    var orderPosition: [Int] = []
    /// Live properties by the first key of a path they read, to find dependents quickly.
    var dependentsByKey: [String: [Int]] = [:]
    /// Live property index by owner and property name.
    var liveIndex: [LiveProperty.Owner: [String: Int]] = [:]
    /// The fields answers may name, in form order, and their paths by kind, for the check of
    /// unknown answer keys.
    var answerTargets: [AnswerTarget] = []
    var answerPaths: Set<String> = []
    var computedAnswerPaths: Set<String> = []
    /// Value paths of secure fields, which must never be stored.
    var securePaths: [ValuePath] = []
    /// Element index by dotted value path.
    var elementByPath: [String: Int] = [:]
    var functions: ExpressionFunctions
    var transforms: TransformRegistry
    /// Evaluations since the session was made: tests count them to prove that a change
    /// re-evaluates only its dependents.
    var evaluationCount = 0
    /// Runtime failures of expressions (a division by zero...), by JSON path.
    var evaluationErrors: [String: String] = [:]

    init(definition: FormDefinition, data: FormValue, functions: ExpressionFunctions, transforms: TransformRegistry)
        throws(DefinitionError)
    {
        self.definition = definition
        self.data = data
        self.form = Binder.bind(definition, to: data)
        self.functions = functions
        self.transforms = transforms
        try rebuild(keeping: nil)
    }

    /// Flattens the bound form, compiles its expressions, orders them and evaluates everything.
    /// `keeping` carries values over a structural change (an item added to a repeat).
    mutating func rebuild(keeping previous: FormValue?) throws(DefinitionError) {
        elements = []
        sections = []
        live = []
        var issues: [DefinitionIssue] = []
        flatten(form.definition.root, parent: nil, jsonPath: "", issues: &issues)
        defaults = form.fetchValueIntoObject()
        values = defaults
        if let previous { carryOver(previous) }
        elementByPath = [:]
        for (index, entry) in elements.enumerated() {
            if let path = entry.valuePath { elementByPath[path.dotted] = index }
        }
        liveIndex = [:]
        for index in live.indices {
            live[index].dependencies = absoluteDependencies(of: live[index])
            liveIndex[live[index].owner, default: [:]][live[index].property] = index
        }
        try orderLiveProperties(issues: &issues)
        answerTargets = makeAnswerTargets()
        answerPaths = Set(answerTargets.map(\.path))
        computedAnswerPaths = Set(answerTargets.filter(\.isComputed).map(\.path))
        securePaths = elements.compactMap { $0.element.isSecure ? $0.valuePath : nil }
        for index in elements.indices {
            elements[index].staticHidden = hiddenIfStatic(element: index)
            elements[index].rules = FieldValidator.rules(of: elements[index].element)
        }
        if issues.contains(where: \.isError) { throw DefinitionError(issues: issues) }
        resolved = Array(repeating: .null, count: live.count)
        evaluateAll()
    }

    /// Keeps every value that still has a field after a structural change.
    mutating func carryOver(_ previous: FormValue) {
        for entry in elements {
            guard let path = entry.valuePath, let old = previous.value(at: path) else { continue }
            try? values.setValue(old, at: path)
        }
    }

    mutating func flatten(_ root: Element, parent: Int?, jsonPath: String, issues: inout [DefinitionIssue]) {
        if parent == nil { collectLive(root.properties, owner: .root, jsonPath: jsonPath, issues: &issues) }
        for (sectionNumber, section) in (root.sections ?? []).enumerated() {
            let sectionIndex = sections.count
            sections.append(SessionSection(section: section, parentElement: parent))
            let sectionPath = join(jsonPath, "sections[\(sectionNumber)]")
            collectLive(section.properties, owner: .section(sectionIndex), jsonPath: sectionPath, issues: &issues)
            if let selection = section.selectionElement {
                elements.append(SessionElement(
                    element: selection, sectionIndex: sectionIndex, valuePath: selection.valuePath,
                    itemPath: nil, dataItem: nil, parentIndex: parent))
            }
            for (number, element) in (section.elements ?? []).enumerated() {
                let index = elements.count
                var itemPath: ValuePath?
                var dataItem: FormValue?
                let repeats = element.scopes.filter(\.isRepeat)
                if !repeats.isEmpty {
                    itemPath = ValuePath(components: repeats.flatMap { $0.itemPath.components })
                    dataItem = Self.dataItem(for: element.scopes, in: form.data)
                }
                elements.append(SessionElement(
                    element: element, sectionIndex: sectionIndex,
                    valuePath: element.fetchedValue != nil ? element.valuePath : nil,
                    itemPath: itemPath, dataItem: dataItem, parentIndex: parent))
                let elementPath = join(sectionPath, "elements[\(number)]")
                collectLive(element.properties, owner: .element(index), jsonPath: elementPath, issues: &issues)
                if element.sections != nil { flatten(element, parent: index, jsonPath: elementPath, issues: &issues) }
            }
        }
    }

    /// The data item an element was bound to, found by walking its scopes through the data.
    static func dataItem(for scopes: [DataScope], in data: FormValue) -> FormValue? {
        var current = data
        for scope in scopes {
            if scope.isDetached { return nil }
            guard let collection = scope.path.isSelf ? current : current.value(at: scope.path) else { return nil }
            if scope.isKeyValueEntry, let key = scope.propertyKey {
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

    mutating func collectLive(
        _ properties: some Sequence<(key: String, value: FormValue)>, owner: LiveProperty.Owner, jsonPath: String,
        issues: inout [DefinitionIssue]
    ) {
        for (name, value) in properties {
            guard case .string(let text) = value, PropertyExpression.containsExpression(text) else { continue }
            // A bind string, a validate test and an include reference are read elsewhere.
            if name == "bind" || name == "bindingScript" { continue }
            let propertyPath = join(jsonPath, name)
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

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
}
