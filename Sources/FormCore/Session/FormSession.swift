import Synchronization

/// One form being filled: its values, its live properties and its observers. Thread-safe: every
/// read and write goes through one lock, and observers are called after it is released.
public final class FormSession: Sendable {
    let state: Mutex<SessionState>
    let observers = Mutex<Observers>(Observers())

    struct Observers {
        var nextID = 0
        var byKey: [Int: (key: String?, body: @Sendable (FormChange) -> Void)] = [:]
        /// Nesting depth of `batch` and the change accumulated in it.
        var batchDepth = 0
        var pending = FormChange(paths: [], actions: [])
    }

    /// Binds `definition` to `data` and evaluates its expressions; expression syntax errors and
    /// cycles among computed values are definition errors.
    public init(
        definition: FormDefinition, data: FormValue = .emptyObject, functions: ExpressionFunctions = ExpressionFunctions(),
        transforms: TransformRegistry = TransformRegistry()
    ) throws(DefinitionError) {
        let initial = try SessionState(definition: definition, data: data, functions: functions, transforms: transforms)
        state = Mutex(initial)
    }

    // MARK: Reading

    /// All current values, keyed as `fetchValueIntoObject` keys them.
    public var values: FormValue { state.withLock { $0.values } }

    public func value(forKey path: String) -> FormValue? {
        state.withLock { state in (try? ValuePath(parsing: path)).flatMap { state.values.value(at: $0) } }
    }

    /// The form bound to its data, with the current values and live properties written in.
    public var form: BoundForm {
        state.withLock { state in
            var form = state.form
            var counter = 0
            // Section selections are synthesized fields with no element in the tree.
            let treeIndexes = state.elements.indices.filter { !state.elements[$0].element.isSectionSelection }
            form.definition.root = Self.replaceElements(in: form.definition.root, counter: &counter) {
                state.resolvedElement(treeIndexes[$0])
            }
            return form
        }
    }

    /// Every element in definition order, with its live state.
    public var fields: [FieldInfo] { state.withLock { $0.fieldInfos() } }

    /// The fields answers can name, computed once per form structure: what `fill` walks for
    /// every answers object, without resolving every element each time.
    public var answerTargets: [AnswerTarget] { state.withLock { $0.answerTargets } }

    public var sections: [SectionInfo] { state.withLock { $0.sectionInfos() } }

    public var repeats: [RepeatInfo] { state.withLock { $0.repeats } }

    /// Values to store: hidden fields left out. Secure fields are still here (validation and
    /// action handlers need them); the engine drops them before anything is stored.
    public var submissionValues: FormValue { state.withLock { $0.submissionValues() } }

    /// Values to store: hidden and secure fields left out. Secrets reach validation and action
    /// handlers through `values`; they never reach storage.
    public var storableValues: FormValue { state.withLock { $0.storableValues() } }

    /// Paths answers may name, and those of them computed by expressions (which may not be answered).
    public var answerPaths: (all: Set<String>, computed: Set<String>) {
        state.withLock { ($0.answerPaths, $0.computedAnswerPaths) }
    }

    /// Dotted paths of secure fields, which must never be stored or logged.
    public var securePaths: [String] { state.withLock { $0.securePaths.map(\.dotted) } }

    /// The bound data with the current values written back through every `bind` pair.
    public var dataWrittenBack: FormValue {
        let form = self.form
        var data = state.withLock { $0.data }
        form.fetchValueUsingBindings(into: &data)
        return data
    }

    /// Expression evaluations since the session was made.
    public var evaluationCount: Int { state.withLock { $0.evaluationCount } }

    /// Runtime expression failures (a division by zero...) by JSON path of the property.
    public var evaluationErrors: [String: String] { state.withLock { $0.evaluationErrors } }

    /// Every action name the form uses, with the field it is on.
    public var actionUses: [(name: String, path: String)] { state.withLock { $0.actionUses } }

    static func replaceElements(in root: Element, counter: inout Int, _ resolve: (Int) -> Element) -> Element {
        var root = root
        guard var sections = root.sections else { return root }
        for sectionIndex in sections.indices {
            guard var elements = sections[sectionIndex].elements else { continue }
            for elementIndex in elements.indices {
                let nested = elements[elementIndex].sections
                var replaced = resolve(counter)
                counter += 1
                if nested != nil {
                    replaced.sections = nested
                    replaced = replaceElements(in: replaced, counter: &counter, resolve)
                }
                elements[elementIndex] = replaced
            }
            sections[sectionIndex].elements = elements
        }
        root.sections = sections
        return root
    }
}
